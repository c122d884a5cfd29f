import Foundation
import Testing
import StrataAnimation
import StrataEffects
import StrataKit
import StrataModel
import StrataRaster
import StrataRender

/// The Swift example of the README, as written there (paths moved to a temporary folder).
@Suite("README example")
struct ReadmeExampleTests {
    @Test func swiftExampleRuns() throws {
        let folder = PackagePaths.temporaryDirectory()
        var card = Layer(name: "card", frame: Rect(x: 40, y: 40, width: 240, height: 120))
        card.backgroundColor = .white
        card.cornerRadius = 16
        card.shadow = Shadow(color: .black, opacity: 0.4, offset: Size(width: 0, height: 6), radius: 10)
        var title = Layer(frame: Rect(x: 20, y: 20, width: 200, height: 30))
        title.text = TextContent(string: "Hello, Strata", fontSize: 20, isBold: true, color: .black)
        card.addSublayer(title)

        let image = try Renderer.render([card], size: Size(width: 320, height: 200), scale: 2,
                                        background: Color(hex: "#e8e8ec"))
        #expect(image.width == 640 && image.height == 400)
        let png = try Pipeline.encode(image)
        let url = folder.appendingPathComponent("card.png")
        try AtomicFile.write(png, to: url, overwrite: true)
        #expect(try PNGCodec.decode(contentsOf: url) == image)

        let scene = try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent("showcase.yaml").path)
        try Pipeline.renderStill(scene, to: folder.appendingPathComponent("showcase.png"), overwrite: true)
        var slide = Animation.basic(.positionX, from: .number(40), to: .number(280), duration: 1,
                                    timingFunction: .easeInEaseOut)
        slide.timing.autoreverses = true
        let timeline = Timeline(animations: [LayerPath([0]): [slide]])
        let presented = timeline.evaluate([card], atSeconds: 0.25).layers
        #expect(abs(presented[0].position.x - (40 + 240 * TimingFunction.easeInEaseOut.value(at: 0.25))) < 1e-9)
        let resources = RenderResources()
        for frame in 0..<60 where frame % 15 == 0 {
            let layers = timeline.evaluate([card], atSeconds: Double(frame) / 60).layers
            let reused = try Renderer.render(layers, size: Size(width: 320, height: 200), scale: 2, background: nil, resources: resources)
            #expect(reused == (try Renderer.render(layers, size: Size(width: 320, height: 200), scale: 2, background: nil)))
        }

        var ticks: [Int] = []
        let link = DisplayLink(clock: FrameClock(framesPerSecond: 60, seconds: 1, droppedFrames: .every(3))) { link, tick in
            ticks.append(tick.frameIndex)
        }
        link.run()
        #expect(ticks.count == 41 && ticks.prefix(3) == [0, 1, 3])

        var menuScene = try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent("side-menu.yaml").path)
        menuScene.effects = Effects()
        let id = menuScene.enableMotionBlur(on: menuScene.layerPath(named: "menu")!, angle: 0, radius: 24,
                                            curve: .log2(divisor: 5, offset: 0))
        menuScene.disableMotionBlur(id, atSeconds: 0.9)
        #expect(menuScene.effects.motionBlurOverlays.count == 1 && menuScene.effects.motionBlurOverlays[0].disabledAt == 0.9)

        let renderer = try FrameRenderer(scene: menuScene)
        let frame = try renderer.render(displayedIndex: 14)
        #expect(frame.image.width == renderer.pixelSize.width && frame.image.height == renderer.pixelSize.height)
        #expect(frame.presentation.overlays[0].opacity > 0.5)
        #expect(renderer.frames.index(atSeconds: 0.5) == 30)

        var control = card
        try control.blur(radius: 2, scale: 2)
        #expect(control.isBlurred)
        control.unblur()
        #expect(!control.isBlurred)

        let animated = try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent("keyframes.yaml").path)
        let summary = try FrameSequence(scene: animated, options: .init(directory: folder.appendingPathComponent("keyframes"), overwrite: true)).run()
        #expect(summary.written == 41)

        // The card is white in its middle and the shadow darkens the canvas below it.
        #expect(image[320, 200] == (255, 255, 255, 255))
        let belowCard = image[320, 340], canvas = image[20, 20]
        #expect(belowCard.r < canvas.r)
    }
}
