import Foundation
import StrataAnimation
import StrataEffects
import StrataModel
import StrataRaster

/// A decoded, validated scene: the model layers, their animations, the frame clock and the output
/// size. A scene without `clock:` is static: one frame at time 0.
public struct Scene: Hashable, Sendable {
    /// The scene's name (the file name without extension unless `name:` says otherwise).
    public var name: String
    /// What a person should see when looking at the rendered frames.
    public var description: String
    /// Canvas size, in points.
    public var size: Size
    /// Pixels per point: 1, 2 or 3.
    public var scale: Double
    /// Fill of the canvas; nil leaves it transparent.
    public var background: Color?
    /// How far a drawn curve may lie from the true curve, in canvas pixels: 0.1 for scene files
    /// unless they ask for less (`curveTolerance:`), 0.01 for imported animations
    /// (`CurveTolerance`).
    public var curveTolerance = CurveTolerance.standard
    /// Top-level model layers, drawn in order (then by zPosition); each holds its animations.
    public var layers: [Layer]
    /// The frame clock: rate, number of ticks, dropped ticks.
    public var clock: FrameClock
    /// Effects: motion-blur and blur overlays, motion effects and the viewer track.
    public var effects = Effects()
    /// Displayed frames that have reference images under `Snapshots/<scene>/` (default: frame 0).
    public var snapshotFrames: [Int] = [0]
    /// The bytes the scene was read from, by digest (nil for a scene made in Swift): what a
    /// rendered folder's fingerprint records. Where the scene came from, not what it is: compare
    /// a decoded scene with one built in Swift after clearing it.
    public var source: SceneSource?
    /// The seconds that progress 0…1 spans (`strata frame --progress`): an imported animation's
    /// own length (Lottie: (op − ip) / fr); nil for the clock's last tick.
    public var progressDuration: Double?
    /// What an importer read but does not draw (a Lottie layer's expression, effect or unsupported
    /// item), one line each naming the file, the JSON path and what was skipped; `--strict` makes
    /// them an error.
    public var warnings: [String] = []

    /// What an error about the whole scene names: the file it was read from, else its name.
    public var origin: String { source?.file ?? name }

    /// Creates a scene; without animations on its layers and a clock it is static (one frame at
    /// time 0).
    public init(name: String, description: String, size: Size, scale: Double = 1, background: Color? = nil, layers: [Layer],
                clock: FrameClock = FrameClock(tickCount: 1)) {
        self.name = name
        self.description = description
        self.size = size
        self.scale = scale
        self.background = background
        self.layers = layers
        self.clock = clock
    }

    /// The layers' animations by index path, as the evaluation engine takes them (derived from
    /// the layers every time: the layers are the one model).
    public var timeline: Timeline { Timeline(layers: layers) }

    /// The time at `progress` (0…1) of the animation, in seconds: progress × `progressDuration`,
    /// or of the clock's span (first to last tick) when the scene has no length of its own.
    public func seconds(atProgress progress: Double) -> Double {
        progress * (progressDuration ?? Double(max(0, clock.tickCount - 1)) / clock.framesPerSecond)
    }

    /// The layer tree as presented at `seconds`.
    public func presentation(atSeconds seconds: Double) -> PresentationTree {
        PresentationTree(evaluating: layers, atSeconds: seconds)
    }

    /// Canvas size in pixels (points × scale, rounded up).
    public var pixelSize: (width: Int, height: Int) {
        (Int(saturating: size.width * scale - 1e-9, .up), Int(saturating: size.height * scale - 1e-9, .up))
    }
}

/// The files a scene was read from, as SHA-256 digests (64 lower-case hexadecimal digits).
public struct SceneSource: Sendable, Hashable, Codable {
    /// The digest of the scene file's bytes.
    public var sceneSHA256: String
    /// Every image the scene reads: its path as written in the scene → the digest of its bytes.
    public var assets: [String: String]
    /// Settings given on top of the file that change pixels (`curve.ID` → curve), for a run's
    /// fingerprint; empty for the file as written.
    public var overrides: [String: String] = [:]
    /// The file as errors name it (the path given), nil for bytes with no file. Not part of a
    /// run's fingerprint: the same bytes read from another path are the same scene.
    public var file: String?

    /// Creates a record of a scene's sources.
    public init(sceneSHA256: String, assets: [String: String] = [:]) {
        self.sceneSHA256 = sceneSHA256
        self.assets = assets
    }
}

extension Scene {
    /// The scene with motion-blur overlay `id`'s curve replaced by `curve` (recorded in its
    /// source's overrides, so a run's fingerprint tells the two apart). Nil when it has no
    /// overlay of that id.
    public func overridingCurve(of id: String, with curve: OpacityCurve) -> Scene? {
        guard let index = effects.motionBlurOverlays.firstIndex(where: { $0.id == id }) else { return nil }
        var scene = self
        scene.effects.motionBlurOverlays[index].curve = curve
        scene.source?.overrides["curve.\(id)"] = curve.description
        return scene
    }
}

/// Reads scene files (YAML or JSON, one schema; see docs/scene-format.md).
public enum SceneLoader {
    /// The scene format versions this build reads.
    public static let supportedVersions: ClosedRange<Int> = 1...1

    /// Loads and validates the scene at `url`; image paths resolve relative to its folder.
    /// `assets` is the folder image paths resolve in (and may not leave); nil for the file's own.
    public static func load(contentsOf url: URL, assets: URL? = nil) throws(SceneError) -> Scene {
        let file = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw SceneError(kind: .inputMissing, file: file, keyPath: "", expected: "a scene file", found: "no such file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SceneError(kind: .inputMissing, file: file, keyPath: "", expected: "a readable file", found: "\(error.localizedDescription)")
        }
        let format: Format
        switch url.pathExtension.lowercased() {
        case "yaml", "yml": format = .yaml
        case "json": format = .json
        default:
            throw SceneError(file: file, keyPath: "", expected: "a .yaml, .yml or .json file, or a Lottie animation",
                             found: url.pathExtension.isEmpty ? "a file with no extension" : "the extension \".\(url.pathExtension)\"")
        }
        if let assets {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: assets.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw SceneError(kind: .inputMissing, file: file, keyPath: "", expected: "an assets folder", found: "no folder at \(assets.path)")
            }
        }
        return try decode(data, format: format, file: file, baseURL: assets ?? url.deletingLastPathComponent(),
                          defaultName: url.deletingPathExtension().lastPathComponent)
    }

    /// `scene` with more effects, each given as one entry of a scene file's `effects:` list in
    /// YAML (`motionBlurOverlay: {layer: Ball, curve: "log2:5"}`; `strata … --effect`): so any
    /// scene, an imported Lottie animation included, takes the seed effects on its layers by name.
    /// Errors name `source` and the entry (`--effect[0].motionBlurOverlay.layer`).
    public static func addingEffects(_ texts: [String], to scene: Scene, source: String = "--effect") throws(SceneError) -> Scene {
        guard !texts.isEmpty else { return scene }
        var entries: [SceneValue] = []
        for text in texts {
            entries.append(try SceneValue.parseYAML(text, file: source))
        }
        let decoder = SceneDecoder(reader: SceneReader(file: source), baseURL: URL(fileURLWithPath: "/"))
        let added = try decoder.effects(SceneValue(content: .array(entries), line: nil), viewer: nil, layers: scene.layers)
        var result = scene
        let taken = Set(scene.effects.motionBlurOverlays.map(\.id))
        for overlay in added.motionBlurOverlays where taken.contains(overlay.id) {
            throw SceneError(file: source, keyPath: "effects", expected: "an overlay id the scene does not use", found: "\"\(overlay.id)\"")
        }
        result.effects.motionBlurOverlays += added.motionBlurOverlays
        result.effects.blurOverlays += added.blurOverlays
        result.effects.motionEffects += added.motionEffects
        result.effects.layerMotionBlurs += added.layerMotionBlurs
        return result
    }

    /// The two syntaxes of the scene format.
    public enum Format: Sendable { case yaml, json }

    /// Decodes scene bytes; `file` names the source in errors, `baseURL` resolves image paths.
    public static func decode(_ data: Data, format: Format, file: String, baseURL: URL, defaultName: String) throws(SceneError) -> Scene {
        let value: SceneValue
        switch format {
        case .yaml:
            guard let text = String(data: data, encoding: .utf8) else {
                throw SceneError(file: file, keyPath: "", expected: "UTF-8 text", found: "bytes that are not UTF-8")
            }
            value = try SceneValue.parseYAML(text, file: file)
        case .json:
            value = try SceneValue.parseJSON(data, file: file)
        }
        var decoder = SceneDecoder(reader: SceneReader(file: file), baseURL: baseURL)
        var scene = try decoder.scene(value, defaultName: defaultName)
        scene.source = SceneSource(sceneSHA256: SHA256.hex(data), assets: decoder.assetDigests.digests)
        scene.source?.file = file
        return scene
    }
}
