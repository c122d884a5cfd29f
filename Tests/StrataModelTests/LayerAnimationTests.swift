import StrataTestSupport
import Foundation
import StrataAnimation
import StrataKit
import StrataModel
import StrataScene
import Testing

/// Core Animation's layer API (issue 14): layers hold their animations, trees are built top-down,
/// layers are found by name, and one model serves Swift and scene files.
@Suite("Layers hold their animations")
struct LayerAnimationTests {
    @Test func addLookUpReplaceRemove() throws {
        var layer = Layer(name: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let slide = Animation.basic(.positionX, to: .number(100), duration: 1)
        let fade = Animation.basic(.opacity, to: .number(0), duration: 1)
        try layer.add(slide, forKey: "slide")
        try layer.add(fade, forKey: "fade")
        try layer.add(Animation.basic(.cornerRadius, to: .number(4), duration: 1))  // no key: applies, cannot be looked up
        #expect(layer.animationKeys() == ["slide", "fade"])
        #expect(layer.animation(forKey: "fade") == fade)
        // Adding under a key that exists replaces that animation and puts the new one on top (CALayer).
        let faster = Animation.basic(.positionX, to: .number(100), duration: 0.5)
        try layer.add(faster, forKey: "slide")
        #expect(layer.animationKeys() == ["fade", "slide"] && layer.animation(forKey: "slide") == faster)
        layer.removeAnimation(forKey: "fade")
        #expect(layer.animationKeys() == ["slide"] && layer.animations.count == 2)
        layer.removeAnimation(forKey: "nothing")
        layer.removeAllAnimations()
        #expect(layer.animations.isEmpty)
    }

    @Test func valuesOfTheWrongKindAreThrownNamingLayerAndKeyPath() throws {
        var layer = Layer(name: "card", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let wrong = Animation.basic(.positionX, from: .color(.white), to: .point(Point(x: 1, y: 2)), duration: 1)
        let error = try #require(throws: AnimationError.self) { try layer.add(wrong, forKey: "bad") }
        #expect(error.description == "layer \"card\": position.x: expected a number value, found color #ffffff", "\(error)")
        #expect(layer.animations.isEmpty, "nothing is added")
        let inGroup = Animation(keyPath: nil, kind: .group([
            Animation.basic(.opacity, to: .number(0), duration: 1),
            Animation.basic(.position, to: .number(3), duration: 1),
        ]), timing: MediaTiming(duration: 1))
        let nested = try #require(throws: AnimationError.self) { try layer.add(inGroup) }
        #expect(nested.keyPath == "group.animations[1].position" && nested.expected == "a point value", "\(nested)")
        // A filter key path names one of the layer's filters.
        let blur = Animation.basic(.filter(background: false, name: "focus", parameter: "radius"), to: .number(4), duration: 1)
        let noFilter = try #require(throws: AnimationError.self) { try layer.add(blur) }
        #expect(noFilter.keyPath == "filters.focus.radius" && noFilter.found == "\"focus\"", "\(noFilter)")
        layer.filters = [NamedFilter(name: "focus", filter: .gaussianBlur(radius: 8))]
        try layer.add(blur, forKey: "focus")
        var unnamed = Layer(frame: .zero)
        let keyframes = Animation(keyPath: .opacity, kind: .keyframe(Keyframes(values: [], path: KeyframePath(start: .zero, segments: [.line(to: .zero)]))))
        #expect(throws: AnimationError.self) { try unnamed.add(keyframes) }
        var timing = MediaTiming(duration: .nan)
        timing.duration = .nan
        #expect(throws: AnimationError.self) { try unnamed.add(Animation(keyPath: .opacity, kind: .basic(from: nil, to: .number(1), by: nil), timing: timing)) }
    }

    @Test func treesTopDownAndLayersByName() throws {
        let showBadge = true
        let card = Layer(name: "card", frame: Rect(x: 40, y: 40, width: 240, height: 120)) {
            Layer(name: "title", frame: Rect(x: 20, y: 20, width: 200, height: 30))
                .with { $0.text = TextContent(string: "Hello", fontSize: 20) }
            if showBadge { Layer(name: "badge", frame: Rect(x: 200, y: 8, width: 24, height: 24)) }
            for index in 0..<2 { Layer(name: "line\(index)", frame: Rect(x: 20, y: 60 + Double(index) * 20, width: 200, height: 2)) }
        }.with { $0.backgroundColor = Color(rgb: 0xffffff) }
        #expect(card.sublayers.map(\.name) == ["title", "badge", "line0", "line1"])
        #expect(card.sublayer(named: "title")?.text?.string == "Hello")
        #expect(card.sublayer(named: "missing") == nil)
        var changed = card
        #expect(try changed.updateSublayer(named: "badge") { try $0.add(Animation.basic(.opacity, to: .number(0), duration: 1), forKey: "fade") })
        #expect(changed.sublayer(named: "badge")?.animationKeys() == ["fade"])
        #expect(!changed.updateSublayer(named: "missing") { $0.opacity = 0 })
        #expect(card.path(toLayerNamed: "line1") == [3])
    }

    /// Scenes/keyframes.yaml written in Swift: the same value as the decoded file.
    @Test func aSceneBuiltInSwiftEqualsTheSameSceneDecoded() throws {
        var decoded = try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent("keyframes.yaml").path)
        decoded.source = nil  // where it came from, not what it is

        let times = [0, 0.2, 0.7, 1.0]
        var timing = MediaTiming(duration: 2, fillMode: .forwards, isRemovedOnCompletion: false)
        timing.beginTime = 0
        let path = Animation(keyPath: .position, kind: .keyframe(Keyframes(
            values: [Point(x: 20, y: 20), Point(x: 180, y: 20), Point(x: 180, y: 120), Point(x: 20, y: 120)].map(AnimationValue.point),
            keyTimes: times, timingFunctions: [.easeIn, .linear, .easeOut])), timing: timing)
        let colour = Animation(keyPath: .backgroundColor, kind: .keyframe(Keyframes(
            values: [Color(rgb: 0xe53935), Color(rgb: 0x43a047), Color(rgb: 0x1e88e5), Color(rgb: 0x1e88e5)].map(AnimationValue.color),
            keyTimes: times)), timing: timing)
        var outline = Layer(name: "outline", frame: Rect(x: 20, y: 20, width: 160, height: 100))
        outline.borderWidth = 1
        outline.borderColor = Color(rgb: 0xcccccc)
        var dot = Layer(name: "dot", bounds: Rect(x: 0, y: 0, width: 24, height: 24), position: Point(x: 20, y: 20))
        dot.cornerRadius = 12
        dot.backgroundColor = Color(rgb: 0xe53935)
        try dot.add(path)
        try dot.add(colour)
        var built = Scene(name: "keyframes", description: decoded.description, size: Size(width: 200, height: 140),
                          background: Color(rgb: 0xfafafa), layers: [outline, dot], clock: FrameClock(framesPerSecond: 20, seconds: 2))
        built.snapshotFrames = [0, 4, 8, 14, 20, 28, 40]
        #expect(built == decoded)
        // The layers' own animations and the engine's path index give the same presentation.
        for seconds in [0, 0.3, 0.9, 1.7, 2.5] {
            #expect(built.presentation(atSeconds: seconds) == built.timeline.evaluate(built.layers, atSeconds: seconds))
        }
        // And they render the same frames.
        #expect(try FrameRenderer(scene: built).render(displayedIndex: 9).image == FrameRenderer(scene: decoded).render(displayedIndex: 9).image)
    }

    @Test func sceneFilesNameAnimationKeys() throws {
        func decode(_ animations: String) throws -> Scene {
            let text = "version: 1\ndescription: d\nsize: [10, 10]\nlayers:\n  - name: box\n    frame: [0, 0, 4, 4]\n    animations:\n" + animations
            return try SceneLoader.decode(Data(text.utf8), format: .yaml, file: "k.yaml", baseURL: PackagePaths.scenes, defaultName: "k")
        }
        let scene = try decode("      - {key: fade, keyPath: opacity, to: 0, duration: 1}\n      - {keyPath: position.x, to: 3, duration: 1}\n")
        #expect(scene.layers[0].animationKeys() == ["fade"] && scene.layers[0].animations.count == 2)
        let twice = try #require(throws: SceneError.self) {
            try decode("      - {key: fade, keyPath: opacity, to: 0, duration: 1}\n      - {key: fade, keyPath: opacity, to: 1, duration: 1}\n")
        }
        #expect(twice.keyPath == "layers[0].animations[1].key", "\(twice)")
    }
}
