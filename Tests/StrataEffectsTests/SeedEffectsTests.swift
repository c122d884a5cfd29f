import StrataTestSupport
import Foundation
import Testing
import StrataAnimation
import StrataEffects
import StrataKit
import StrataModel
import StrataFilters
import StrataRaster
import StrataRender
import StrataScene

@Suite("Blur overlay (seed 001)")
struct BlurOverlayTests {
    func control() -> Layer {
        var layer = Layer(name: "control", frame: Rect(x: 10, y: 10, width: 60, height: 20))
        layer.backgroundColor = .white
        layer.sublayers = [box("a", Rect(x: 0, y: 0, width: 30, height: 20), .black), box("b", Rect(x: 30, y: 0, width: 30, height: 20), Color(red: 1, green: 0, blue: 0))]
        return layer
    }

    @Test func blurAddsAnOverlayOutsetByFourRadiiAndHidesTheOthers() throws {
        var layer = control()
        #expect(!layer.isBlurred)
        try layer.blur(radius: 2, scale: 2)
        #expect(layer.isBlurred)
        let overlay = try #require(layer.sublayers.last)
        #expect(overlay.frame == Rect(x: -8, y: -8, width: 76, height: 36))
        #expect(overlay.contents?.width == (60 + 16) * 2 && overlay.contents?.height == (20 + 16) * 2)
        #expect(layer.sublayers.dropLast().allSatisfy { $0.isHidden })
        layer.unblur()
        #expect(!layer.isBlurred && layer.sublayers.count == 2)
        #expect(layer.sublayers.allSatisfy { !$0.isHidden })
    }

    @Test func timedBlurInAScene() throws {
        let scene = try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent("segmented-control.yaml").path)
        let engine = try #require(FrameRenderer(scene: scene, scale: scene.scale).effects)
        #expect(!engine.frame(displayedIndex: 5).layers[0].isBlurred)
        let blurred = engine.frame(displayedIndex: 10).layers[0]
        #expect(blurred.isBlurred && blurred.sublayers.dropLast().allSatisfy { $0.isHidden })
        #expect(!engine.frame(displayedIndex: 14).layers[0].isBlurred)
    }
}

@Suite("Motion effects (seed 002)")
struct MotionEffectsTests {
    @Test(arguments: [(-1.0, -20.0), (-0.5, -10), (0, 0), (0.5, 10), (1, 20)])
    func interpolatingMapsTheOffsetLinearly(offset: Double, expected: Double) {
        let effect = MotionEffect.interpolating(keyPath: .positionX, axis: .horizontal, minimumRelativeValue: -20, maximumRelativeValue: 20)
        let changes = effect.changes(forOffsetX: offset, y: 0.7)
        #expect(changes.count == 1 && changes[0].0 == .positionX && abs(changes[0].1 - expected) < 1e-12)
        let vertical = MotionEffect.interpolating(keyPath: .positionY, axis: .vertical, minimumRelativeValue: 0, maximumRelativeValue: 8)
        #expect(abs(vertical.changes(forOffsetX: 0.3, y: offset)[0].1 - (offset + 1) * 4) < 1e-12)
    }

    @Test func groupsAddTheirEffectsAndCustomFunctionsRun() throws {
        let group = MotionEffect.group([
            .interpolating(keyPath: .positionX, axis: .horizontal, minimumRelativeValue: -10, maximumRelativeValue: 10),
            .interpolating(keyPath: .positionY, axis: .vertical, minimumRelativeValue: -4, maximumRelativeValue: 4),
            .interpolating(keyPath: .positionX, axis: .vertical, minimumRelativeValue: 0, maximumRelativeValue: 2),
        ])
        let changes = group.changes(forOffsetX: 0.5, y: -1)
        #expect(changes.map(\.1) == [5, -4, 0])
        MotionEffectFunctions.shared.register("tilt") { x, y in [(.transformRotation, x * 0.1), (.opacity, -abs(y) * 0.5)] }
        let custom = MotionEffect.custom(name: "tilt").changes(forOffsetX: 1, y: -1)
        #expect(custom.count == 2 && custom[0].1 == 0.1 && custom[1].1 == -0.5)

        // Applied to a scene: the layer moves by the sum, as presented.
        var scene = Scene(name: "p", description: "d", size: Size(width: 100, height: 100),
                          layers: [Layer(name: "card", frame: Rect(x: 40, y: 40, width: 20, height: 20))],
                          clock: FrameClock(framesPerSecond: 4, tickCount: 5))
        scene.addMotionEffects([group], to: LayerPath([0]), viewer: .circle(period: 1, amplitude: 1))
        let engine = try #require(FrameRenderer(scene: scene, scale: 1).effects)
        // t = 0.25 s: offset (cos 90°, sin 90°) = (0, 1): x += 0 + 2, y += 4.
        let card = engine.frame(displayedIndex: 1).layers[0]
        #expect(abs(card.position.x - 52) < 1e-9 && abs(card.position.y - 54) < 1e-9)
    }

    @Test func viewerTracks() {
        let circle = ViewerTrack.circle(period: 2, amplitude: 1)
        #expect(abs(circle.offset(atSeconds: 0.5).x) < 1e-12 && abs(circle.offset(atSeconds: 0.5).y - 1) < 1e-12)
        let eight = ViewerTrack.figureEight(period: 2, amplitude: 1)
        #expect(abs(eight.offset(atSeconds: 0.5).x - 1) < 1e-12 && abs(eight.offset(atSeconds: 0.5).y) < 1e-12)
        let keyframes = ViewerTrack.keyframes(Keyframes(values: [.point(Point(x: -1, y: 0)), .point(Point(x: 1, y: 0))]), duration: 2)
        #expect(keyframes.offset(atSeconds: 1).x == 0)
        #expect(keyframes.offset(atSeconds: 3).x == 0, "repeats")
    }
}

@Suite("Progressive blur and glass buttons (seeds 003, 004)")
struct ProgressiveAndGlassTests {
    @Test func changingTheSizeRegeneratesTheMaskChangingNothingDoesNot() throws {
        var layer = Layer(name: "blur", frame: Rect(x: 0, y: 0, width: 40, height: 30))
        let shape = BlurMaskShape.roundedRect(inset: 0, cornerRadius: 7.3, fadeWidth: 11.1, easing: .smoothstep)
        layer.backgroundFilters = [NamedFilter(name: "progressive", filter: .variableBlur(maxRadius: 3, mask: .shape(shape)))]
        let before = MaskCache.shared.generations
        _ = try Renderer.render([layer], size: Size(width: 60, height: 40), scale: 1, background: .white)
        let first = MaskCache.shared.generations
        #expect(first == before + 1)
        _ = try Renderer.render([layer], size: Size(width: 60, height: 40), scale: 1, background: .white)
        #expect(MaskCache.shared.generations == first, "unchanged: not regenerated")
        layer.bounds.size = Size(width: 50, height: 30)
        _ = try Renderer.render([layer], size: Size(width: 60, height: 40), scale: 1, background: .white)
        #expect(MaskCache.shared.generations == first + 1, "new size: regenerated")
    }

    @Test func glassButtonBlurFollowsTheContentBehindIt() throws {
        let scene = try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent("glass-buttons.yaml").path)
        let start = try Pipeline.renderFrame(scene, atSeconds: 0), end = try Pipeline.renderFrame(scene, atSeconds: 1)
        // Inside the first button the pink disc's blurred colour changes as the disc moves away.
        #expect(start[45, 70] != end[45, 70])
        // The gloss makes the top of a button lighter than its bottom over the same background.
        let top = start[150, 62], bottom = start[150, 102]
        let topSum: Int = Int(top.r) + Int(top.g) + Int(top.b), bottomSum: Int = Int(bottom.r) + Int(bottom.g) + Int(bottom.b)
        #expect(topSum > bottomSum)
    }
}
