import Foundation
import StrataRaster
import StrataScene

/// Everything that decides a rendered folder's pixels and bytes: the scene file's and its assets'
/// digests, the tool version and every setting that changes pixels. A folder holds the frames of
/// one fingerprint; `strata render` refuses to mix another into it (unless `--overwrite`), skips
/// only frames recorded under its own, and `strata check` compares every frame with it
/// (docs/farm.md).
///
/// Not part of it: the frame range, the shard, `--jobs` — they never change a frame's bytes.
public struct RunFingerprint: Codable, Hashable, Sendable {
    /// The program that rendered: `strata 0.4.0`.
    public var tool: String
    /// SHA-256 of the scene file's bytes (nil for a scene made in Swift, which has no file).
    public var scene: String?
    /// Every image the scene reads: path as written → SHA-256 of its bytes.
    public var assets: [String: String]
    /// Frames per second of the displayed frames.
    public var fps: Double
    /// Pixels per point.
    public var scale: Double
    /// The frame file names, as a printf pattern: `frame-%05d.png`.
    public var framePattern: String
    /// The PNG encoder and its settings: `fast`, `compact-12`, `zlib-6-0-4`.
    public var png: String
    /// True motion blur's shutter angle in degrees (`--shutter`), or nil.
    public var shutter: Double?
    /// True motion blur's evaluations per frame (`--subframes`), or nil.
    public var subframes: Int?
    /// Settings given on top of the scene file (`--curve`), or nil for none.
    public var overrides: [String: String]?
    /// SHA-256 of the other fields as sorted-key JSON: equal ids, equal settings.
    public var id: String

    /// The fingerprint of rendering `scene` at `fps` and `scale` with these encoder and
    /// ground-truth settings.
    public init(scene: Scene, fps: Double, scale: Double, encoding: PNGCodec.EncodingOptions, groundTruth: GroundTruth?) {
        tool = "strata \(strataVersion)"
        self.scene = scene.source?.sceneSHA256
        assets = scene.source?.assets ?? [:]
        self.fps = fps
        self.scale = scale
        framePattern = "frame-%05d.png"
        switch encoding.mode {
        case .fast: png = "fast"
        case .compact: png = "compact-\(encoding.compressionLevel)"
        case .zlib: png = "zlib-\(encoding.compressionLevel)-\(encoding.strategy.rawValue)-\(encoding.filter.rawValue)"
        }
        shutter = groundTruth?.shutterDegrees
        subframes = groundTruth?.subframes
        overrides = scene.source.flatMap { $0.overrides.isEmpty ? nil : $0.overrides }
        id = ""
        id = SHA256.hex(Self.canonicalJSON(self, includingID: false))
    }

    /// The fingerprint as one line of sorted-key JSON (how records carry it).
    public var jsonLine: String {
        String(decoding: Self.canonicalJSON(self, includingID: true), as: UTF8.self)
    }

    /// Reads a fingerprint from `jsonLine`'s form; nil when it is not one.
    public static func parse(_ line: Substring) -> RunFingerprint? {
        try? JSONDecoder().decode(RunFingerprint.self, from: Data(line.utf8))
    }

    private static func canonicalJSON(_ fingerprint: RunFingerprint, includingID: Bool) -> Data {
        var copy = fingerprint
        if !includingID { copy.id = "" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(copy)) ?? Data()
    }

    /// The settings that differ, each as `name: value there, value here` with `other` being the
    /// folder's (`there`) and `self` this run's — for the message that refuses a mix.
    public func differences(from other: RunFingerprint) -> [String] {
        func text(_ value: Double?) -> String { value.map(Manifest.number) ?? "none" }
        var lines: [String] = []
        func compare(_ name: String, _ there: String, _ here: String) {
            if there != here { lines.append("\(name) \(there) there, \(here) here") }
        }
        compare("tool", other.tool, tool)
        compare("scene file", other.scene.map { "sha256 \($0.prefix(12))…" } ?? "none", scene.map { "sha256 \($0.prefix(12))…" } ?? "none")
        for path in Set(other.assets.keys).union(assets.keys).sorted() where other.assets[path] != assets[path] {
            compare("asset \(path)", other.assets[path].map { "sha256 \($0.prefix(12))…" } ?? "absent",
                    assets[path].map { "sha256 \($0.prefix(12))…" } ?? "absent")
        }
        compare("fps", text(other.fps), text(fps))
        compare("scale", text(other.scale), text(scale))
        compare("frame pattern", other.framePattern, framePattern)
        compare("png", other.png, png)
        compare("shutter", text(other.shutter), text(shutter))
        compare("subframes", other.subframes.map(String.init) ?? "none", subframes.map(String.init) ?? "none")
        func overridesText(_ value: [String: String]?) -> String {
            guard let value, !value.isEmpty else { return "none" }
            return value.keys.sorted().map { "\($0)=\(value[$0]!)" }.joined(separator: " ")
        }
        compare("overrides", overridesText(other.overrides), overridesText(overrides))
        if lines.isEmpty && other.id != id { lines.append("fingerprint \(other.id.prefix(12))… there, \(id.prefix(12))… here") }
        return lines
    }
}
