import Foundation
import StrataAnimation
import StrataKit
import StrataRender
import StrataScene

enum SceneTargets {
    static let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Scenes")

    static func scene(_ bytes: [UInt8], format: SceneLoader.Format) -> Scene? {
        try? SceneLoader.decode(Data(bytes), format: format, file: "fuzz", baseURL: base, defaultName: "fuzz")
    }

    static func decode(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        _ = scene(Array(bytes.dropFirst()), format: first & 1 == 1 ? .json : .yaml)
    }

    /// `scene` on a canvas of at most 48×48 points at scale 1, the clock cut to `ticks` ticks,
    /// checked renderable; nil when it is not.
    static func smallRenderer(_ scene: Scene, ticks: Int = 30) -> FrameRenderer? {
        var scene = scene
        scene.size = Size(width: min(scene.size.width, 48), height: min(scene.size.height, 48))
        scene.scale = 1
        scene.clock = FrameClock(framesPerSecond: scene.clock.framesPerSecond, tickCount: min(scene.clock.tickCount, ticks),
                                 droppedFrames: scene.clock.droppedFrames)
        guard let renderer = try? FrameRenderer(scene: scene), (try? renderer.checkRenderable(jobs: 1)) != nil else { return nil }
        return renderer
    }

    /// Renders the first and last displayed frames of `scene`, small: what the renderer does
    /// with any decoded scene.
    static func renderSmall(_ scene: Scene) {
        guard let renderer = smallRenderer(scene) else { return }
        for index in Set([0, renderer.frames.count - 1]) {
            _ = try? renderer.render(displayedIndex: index)
        }
    }

    /// The first 8 frames of the scene, small, drawn in order over the previous one (damage) and
    /// in full: the bytes must be equal. (Eight: a blurred scene drawn twice a frame under ASan
    /// must stay within the run's time-out.)
    static func damage(_ bytes: [UInt8]) {
        guard let first = bytes.first, let scene = scene(Array(bytes.dropFirst()), format: first & 1 == 1 ? .json : .yaml),
              let renderer = smallRenderer(scene, ticks: 8) else { return }
        let resources = RenderResources()
        resources.keepsDamage = true
        for index in renderer.frames.indices {
            guard let full = try? renderer.render(displayedIndex: index).image else { return }
            guard let drawn = try? renderer.render(displayedIndex: index, resources: resources).image else {
                fatalError("frame \(index) renders in full but not over the previous frame")
            }
            guard drawn.pixels == full.pixels else {
                fatalError("frame \(index) drawn over the previous one differs from a full draw (\(resources.damageRedraws) damage redraws so far)")
            }
        }
    }

    static func render(_ bytes: [UInt8]) {
        guard let first = bytes.first, let scene = scene(Array(bytes.dropFirst()), format: first & 1 == 1 ? .json : .yaml) else { return }
        renderSmall(scene)
    }

    static let stepNames = ["translate", "scale", "rotate", "skew", "rotateX", "rotateY", "rotateZ", "translateZ", "scaleZ", "perspective", "matrix3d"]

    /// A transform list from the bytes: steps by name with numbers of any kind.
    static func transformList(_ reader: inout FuzzReader) -> String {
        var steps: [String] = []
        for _ in 0..<reader.int(0...6) {
            let name = stepNames[Int(reader.byte()) % stepNames.count]
            let operand: String
            switch name {
            case "translate", "scale", "skew":
                let count = reader.int(1...3)
                operand = count == 1 ? yamlNumber(reader.double()) : "[" + (0..<count).map { _ in yamlNumber(reader.double()) }.joined(separator: ", ") + "]"
            case "matrix3d":
                operand = "[" + (0..<16).map { _ in yamlNumber(reader.double()) }.joined(separator: ", ") + "]"
            default:
                operand = yamlNumber(reader.double())
            }
            steps.append("{\(name): \(operand)}")
        }
        return "[" + steps.joined(separator: ", ") + "]"
    }

    /// Two transform lists: a layer's transform and an animation between them, in a transform
    /// layer with a perspective sublayer transform; decoded, interpolated and rendered small.
    static func transform(_ bytes: [UInt8]) {
        var reader = FuzzReader(bytes)
        let from = transformList(&reader), to = transformList(&reader), parent = transformList(&reader)
        let flags = reader.byte()
        let yaml = """
            version: 1
            description: fuzz
            size: [40, 40]
            background: white
            clock: {fps: 10, duration: 1}
            layers:
              - frame: [0, 0, 40, 40]
                sublayerTransform: \(parent)
                transformLayer: \(flags & 1 == 1)
                sublayers:
                  - frame: [8, 8, 20, 20]
                    backgroundColor: red
                    doubleSided: \(flags & 2 == 2)
                    anchorPointZ: \(yamlNumber(reader.double()))
                    transform: \(from)
                    animations: [{keyPath: transform, from: \(from), to: \(to), duration: 1}]
            """
        guard let scene = scene(Array(yaml.utf8), format: .yaml) else { return }
        renderSmall(scene)
    }

    /// A text layer: the string from the bytes (any UTF-8, invalid sequences replaced), the
    /// attributes from the first bytes.
    static func text(_ bytes: [UInt8]) {
        var reader = FuzzReader(bytes)
        let alignment = ["left", "right", "center", "justified", "natural"][Int(reader.byte()) % 5]
        let truncation = ["none", "start", "middle", "end"][Int(reader.byte()) % 4]
        let flags = reader.byte()
        let size = yamlNumber(reader.double()), spacing = yamlNumber(reader.double())
        let weight = reader.int(1...1000)
        let width = reader.int(0...60), height = reader.int(0...60)
        let string = String(decoding: reader.rest(), as: UTF8.self)
        guard let quoted = try? JSONEncoder().encode(string), let literal = String(data: quoted, encoding: .utf8) else { return }
        let yaml = """
            version: 1
            description: fuzz
            size: [48, 48]
            layers:
              - frame: [2, 2, \(width), \(height)]
                text: {string: \(literal), size: \(size), weight: \(weight), italic: \(flags & 1 == 1), wrapped: \(flags & 2 == 2), alignment: \(alignment), truncation: \(truncation), lineSpacing: \(spacing), color: black}
            """
        guard let scene = scene(Array(yaml.utf8), format: .yaml) else { return }
        renderSmall(scene)
    }
}
