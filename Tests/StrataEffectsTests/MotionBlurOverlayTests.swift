import StrataTestSupport
import Foundation
import Testing
import StrataAnimation
import StrataEffects
import StrataKit
import StrataModel
import StrataScene

@Suite("Motion-blur overlay (seed 000)")
struct MotionBlurOverlayTests {
    @Test(arguments: [(1.0, 0.0), (2, 0.2), (4, 0.4), (8, 0.6), (16, 0.8), (32, 1), (64, 1), (0, 0), (0.5, 0)])
    func seedCurve(delta: Double, opacity: Double) {
        #expect(abs(OpacityCurve.seed.opacity(forDelta: delta) - opacity) < 1e-12)
    }

    @Test func otherCurvesAndParsing() {
        #expect(OpacityCurve.linear(slope: 0.05).opacity(forDelta: 10) == 0.5)
        #expect(OpacityCurve.smoothstep(low: 0, high: 10).opacity(forDelta: 5) == 0.5)
        let table = OpacityCurve.table([.init(delta: 0, opacity: 0), .init(delta: 10, opacity: 1)])
        #expect(table.opacity(forDelta: 2.5) == 0.25 && table.opacity(forDelta: 40) == 1)
        #expect(OpacityCurve(parsing: "log2:4") == .log2(divisor: 4, offset: 0))
        #expect(OpacityCurve(parsing: "log2:5:1") == .log2(divisor: 5, offset: 1))
        #expect(OpacityCurve(parsing: "linear:0.05") == .linear(slope: 0.05))
        #expect(OpacityCurve(parsing: "table:0=0,8=0.5,32=1")?.opacity(forDelta: 20) == 0.75)
        #expect(OpacityCurve(parsing: "log2:0") == nil && OpacityCurve(parsing: "cubic:1") == nil)
        #expect(OpacityCurve.log2(divisor: 5, offset: 0).description == "log2:5")
    }

    /// A 40×20 box sliding right at `speed` points per tick on a 60 Hz clock.
    func slide(speed: Double, dropped: DroppedFrames = .none, referenceRate: Double? = nil, fps: Double = 60,
               overlay configure: (inout MotionBlurOverlay) -> Void = { _ in }) throws -> (EffectsEngine, Scene) {
        var layer = Layer(name: "box", frame: Rect(x: 0, y: 0, width: 40, height: 20))
        layer.backgroundColor = .black
        let duration = 1.0
        let animation = Animation.basic(.positionX, from: .number(20), to: .number(20 + speed * fps * duration), duration: duration)
        var overlay = MotionBlurOverlay(id: "box", layer: LayerPath([0]), angle: 0, radius: 10, samples: 5, referenceRate: referenceRate)
        configure(&overlay)
        try layer.add(animation, forKey: "slide")
        var scene = Scene(name: "slide", description: "d", size: Size(width: 400, height: 40), layers: [layer],
                          clock: FrameClock(framesPerSecond: fps, tickCount: 30, droppedFrames: dropped))
        scene.effects = Effects(motionBlurOverlays: [overlay])
        return (try #require(FrameRenderer(scene: scene, scale: 1).effects), scene)
    }

    @Test func constantSpeedGivesConstantOpacityAndTheFirstTickChangesNothing() throws {
        let (engine, _) = try slide(speed: 8)
        let states = (0..<20).map { engine.overlayStates(displayedIndex: $0)[0] }
        #expect(states[0].delta == nil && states[0].opacity == 0)
        for state in states.dropFirst() {
            #expect(abs(state.delta! - 8) < 1e-9)
            #expect(abs(state.opacity - 0.6) < 1e-9)
        }
    }

    @Test func droppedFramesRaiseTheOpacity() throws {
        let (engine, _) = try slide(speed: 8, dropped: .ticks([5]))
        let states = (0..<10).map { engine.overlayStates(displayedIndex: $0)[0] }
        // Displayed frame 5 is tick 6: two ticks of motion since the previous displayed frame.
        #expect(abs(states[5].delta! - 16) < 1e-9)
        #expect(abs(states[5].opacity - 0.8) < 1e-9)
        #expect(abs(states[6].opacity - 0.6) < 1e-9)
    }

    @Test func referenceRateNormalisesToSixtyHertz() throws {
        // 30 fps at 8 pt per tick is 4 pt per 1/60 s: delta × (1/60) / (1/30) = delta / 2.
        let (plain, _) = try slide(speed: 8, fps: 30)
        let (normalised, _) = try slide(speed: 8, referenceRate: 60, fps: 30)
        #expect(abs(plain.overlayStates(displayedIndex: 3)[0].delta! - 8) < 1e-9)
        #expect(abs(normalised.overlayStates(displayedIndex: 3)[0].delta! - 4) < 1e-9)
    }

    @Test func overlayIsTheSnapshotPlusTwiceTheVelocityAndSitsOnTop() throws {
        let (engine, _) = try slide(speed: 8) { $0.angle = .pi / 6; $0.radius = 10 }
        let snapshot = try #require(engine.snapshotSize(0)), overlay = try #require(engine.overlayImageSize(0))
        #expect(snapshot.width == 40 && snapshot.height == 20)
        // v = (10 cos 30°, 10 sin 30°) = (8.66, 5): ⌈|v|⌉ = (9, 5) on each side.
        #expect(overlay.width == 40 + 2 * 9 && overlay.height == 20 + 2 * 5)
        let frame = engine.frame(displayedIndex: 3)
        let box = frame.layers[0]
        let added = try #require(box.sublayers.last)
        #expect(added.name == "box.motionBlurOverlay")
        #expect(added.frame == Rect(x: -9, y: -5, width: 58, height: 30))
        #expect(abs(added.opacity - 0.6) < 1e-9)
        #expect(added.contents?.width == 58)
    }

    @Test func disablingRemovesTheOverlayAndStopsTheLink() throws {
        let (engine, _) = try slide(speed: 8) { $0.enabledAt = 0.05; $0.disabledAt = 0.2 }
        #expect(engine.frame(displayedIndex: 1).layers[0].sublayers.isEmpty, "not enabled yet")
        let first = engine.overlayStates(displayedIndex: 3)[0]
        #expect(first.enabled && first.delta == nil, "first tick after enabling: nothing")
        #expect(engine.overlayStates(displayedIndex: 4)[0].opacity > 0)
        let after = engine.overlayStates(displayedIndex: 12)[0]
        #expect(!after.enabled && after.opacity == 0)
        #expect(engine.frame(displayedIndex: 12).layers[0].sublayers.isEmpty)
    }

    @Test func followingThePositionAnimationAndAngleFromMotion() throws {
        var layer = Layer(name: "box", frame: Rect(x: 0, y: 0, width: 20, height: 20))
        layer.backgroundColor = .black
        var move = Animation.basic(.position, from: .point(Point(x: 10, y: 10)), to: .point(Point(x: 10, y: 130)), duration: 0.1, beginTime: 0.1)
        move.timing.fillMode = .both
        move.timing.isRemovedOnCompletion = false
        try layer.add(move, forKey: "move")
        var scene = Scene(name: "s", description: "d", size: Size(width: 40, height: 200), layers: [layer],
                          clock: FrameClock(framesPerSecond: 60, tickCount: 20))
        var overlay = MotionBlurOverlay(id: "box", layer: LayerPath([0]), angle: 0, radius: 6)
        overlay.followsPositionAnimation = true
        overlay.angleFromMotion = true
        scene.effects = Effects(motionBlurOverlays: [overlay])
        let engine = try #require(FrameRenderer(scene: scene, scale: 1).effects)
        #expect(engine.overlayStates(displayedIndex: 3)[0].delta == nil, "before the animation: link idle")
        let moving = engine.overlayStates(displayedIndex: 8)[0]
        #expect(abs(moving.delta! - 20) < 1e-9)
        // Moving down: the overlay is blurred vertically although the angle says 0.
        let added = try #require(engine.frame(displayedIndex: 8).layers[0].sublayers.last)
        #expect(added.frame.height == 20 + 12 && added.frame.width == 20)
    }

    @Test func sceneEffectsWriteTheManifestAndCurveCSV() throws {
        let scene = try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent("side-menu.yaml").path)
        let directory = PackagePaths.temporaryDirectory()
        let summary = try FrameSequence(scene: scene, options: .init(directory: directory, frames: 0...3, jobs: 2)).run()
        let overlays = try #require(summary.manifest.frames[14].overlays)
        #expect(overlays.count == 1 && overlays[0].id == "menu" && overlays[0].enabled)
        #expect(abs(overlays[0].opacity - OpacityCurve.seed.opacity(forDelta: overlays[0].delta!)) < 1e-12)
        let csv = try String(contentsOf: directory.appendingPathComponent("curve.csv"), encoding: .utf8).split(separator: "\n")
        #expect(csv[0] == "frame,time,menu.delta,menu.opacity")
        #expect(csv.count == 62)
        #expect(csv[1] == "0,0,,0")
    }

    /// A box 100 pt right of its stage's centre flying from z = −400 to the stage's plane in ¼ s,
    /// under the stage's perspective 400 (sublayerTransform), or the same inside a transform layer:
    /// its model position never moves, its projected one does.
    func flight(inTransformLayer: Bool) throws -> EffectsEngine {
        var box = Layer(name: "box", frame: Rect(x: 280, y: 140, width: 40, height: 20))
        box.backgroundColor = .black
        try box.add(Animation.basic(.zPosition, from: .number(-400), to: .number(0), duration: 0.25), forKey: "fly")
        var stage = Layer(name: "stage", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        stage.sublayerTransform = .perspective(distance: 400)
        var path = LayerPath([0, 0])
        if inTransformLayer {
            var holder = Layer(name: "holder", frame: Rect(x: 0, y: 0, width: 400, height: 300))
            holder.isTransformLayer = true
            holder.addSublayer(box)
            stage.addSublayer(holder)
            path = LayerPath([0, 0, 0])
        } else {
            stage.addSublayer(box)
        }
        var scene = Scene(name: "flight", description: "d", size: Size(width: 400, height: 300), layers: [stage],
                          clock: FrameClock(framesPerSecond: 60, tickCount: 30))
        scene.effects = Effects(motionBlurOverlays: [MotionBlurOverlay(id: "box", layer: path, angle: 0, radius: 10, samples: 5)])
        return try #require(FrameRenderer(scene: scene, scale: 1).effects)
    }

    @Test(arguments: [false, true])
    func theOverlayFollowsTheProjectedPosition(inTransformLayer: Bool) throws {
        let engine = try flight(inTransformLayer: inTransformLayer)
        // Seen through perspective 400 about the stage's centre (200, 150): w = 1 − z/400, the box's
        // centre at x = 200 + 100/w, so it moves outward as it comes near though its position does not.
        func x(_ frame: Int) -> Double { 200 + 100 / (1 - (-400 + 400 * min(1, Double(frame) / 15)) / 400) }
        let states = (0..<20).map { engine.overlayStates(displayedIndex: $0)[0] }
        #expect(states[0].delta == nil)
        for frame in 1..<20 {
            let delta = try #require(states[frame].delta)
            #expect(abs(delta - (x(frame) - x(frame - 1))) < 1e-9, "frame \(frame): \(delta)")
        }
        #expect(states[12].delta! > 4 && states[12].opacity > 0.4)
        #expect(states[12].direction.map { abs($0) < 1e-9 } == true)
        #expect(states[19].delta == 0 && states[19].opacity == 0)
        // With no 3-D on the way, the projected position is the position, bit for bit.
        var flat = Layer(name: "flat", frame: Rect(x: 10.3, y: 7.1, width: 40, height: 20))
        flat.zPosition = 25
        flat.transform = .rotation(radians: 0.4)
        let parent = Layer(name: "parent", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        var tree = [parent]
        tree[0].addSublayer(flat)
        #expect(EffectsEngine.projectedPosition(in: tree, at: LayerPath([0, 0])) == tree[0].sublayers[0].position)
    }
}
