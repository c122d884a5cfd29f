import Foundation
import StrataAnimation
import StrataEffects
import StrataModel
import StrataScene

/// What Strata Studio lets a designer try on a scene besides curves, with one meaning in the
/// studio (`drop=`, `radius.ID=`, `angle.ID=`, `rate.ID=`) and on the command line (`--drop`,
/// `--overlay-radius ID=PT`, `--overlay-angle ID=DEG`, `--overlay-rate ID=HZ`), so that the
/// command the studio exports draws the bytes it shows: other dropped ticks, and per motion-blur
/// overlay another blur length (points), angle (degrees) or reference rate (Hz; 0 for none).
public struct SceneTweaks: Hashable, Sendable {
    /// Dropped ticks instead of the scene's; nil keeps them.
    public var dropped: DroppedFrames?
    /// Per overlay id: blur length in points (0…`Limits.maximumBlurLength`).
    public var radius: [String: Double] = [:]
    /// Per overlay id: blur angle in degrees (within ±3600).
    public var angleDegrees: [String: Double] = [:]
    /// Per overlay id: reference rate in Hz (1…1000), 0 for none.
    public var rate: [String: Double] = [:]

    public init() {}

    /// Whether it changes nothing.
    public var isEmpty: Bool { dropped == nil && radius.isEmpty && angleDegrees.isEmpty && rate.isEmpty }

    /// Dropped ticks as written: `none`, `every:N` (N 2…1000) or `ticks:A,B,…` (at most 1,000,
    /// each 1…`Limits.maximumFrames` − 1); nil for anything else.
    public static func dropped(parsing text: String) -> DroppedFrames? {
        if text == "none" { return DroppedFrames.none }
        if text.hasPrefix("every:"), let n = Int(text.dropFirst(6)), (2...1000).contains(n) { return .every(n) }
        if text.hasPrefix("ticks:"), text.count <= 10_000 {
            let parts = text.dropFirst(6).split(separator: ",", omittingEmptySubsequences: false)
            let ticks = parts.compactMap { Int($0) }
            guard ticks.count == parts.count, ticks.count <= 1000, ticks.allSatisfy({ $0 > 0 && $0 < Limits.maximumFrames }) else { return nil }
            return .ticks(Set(ticks))
        }
        return nil
    }

    /// `dropped` as `dropped(parsing:)` reads it (ticks in order).
    public static func text(of dropped: DroppedFrames) -> String {
        switch dropped {
        case .none: "none"
        case .every(let n): "every:\(n)"
        case .ticks(let set): "ticks:" + set.sorted().map(String.init).joined(separator: ",")
        }
    }

    /// A tweak's number checked: `kind` is radius, angle or rate. The message names `what`.
    public static func value(_ text: String, kind: String, for what: String) throws(StrataError) -> Double {
        guard text.count <= 24, let number = Double(text), number.isFinite else {
            throw StrataError(.usage, "\(what): expected a number, found \"\(text.prefix(40))\"")
        }
        switch kind {
        case "radius":
            guard (0...Limits.maximumBlurLength).contains(number) else {
                throw StrataError(.usage, "\(what): expected a blur length 0…\(Int(Limits.maximumBlurLength)) points, found \(text)")
            }
        case "angle":
            guard abs(number) <= 3600 else { throw StrataError(.usage, "\(what): expected degrees within ±3600, found \(text)") }
        default:
            guard number == 0 || (1...1000).contains(number) else {
                throw StrataError(.usage, "\(what): expected a reference rate 1…1000 Hz, or 0 for none, found \(text)")
            }
        }
        return number
    }

    /// The command line's `--drop`, `--overlay-radius`, `--overlay-angle`, `--overlay-rate` (each
    /// `ID=NUMBER`; a later id replaces an earlier one).
    public init(drop: String?, radius: [String], angle: [String], rate: [String]) throws(StrataError) {
        if let drop {
            guard let parsed = Self.dropped(parsing: drop) else {
                throw StrataError(.usage, "--drop \(drop.prefix(80)): expected none, every:N (N 2…1000) or ticks:A,B,…")
            }
            dropped = parsed
        }
        for (kind, arguments) in [("radius", radius), ("angle", angle), ("rate", rate)] {
            for argument in arguments {
                let parts = argument.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, !parts[0].isEmpty else {
                    throw StrataError(.usage, "--overlay-\(kind) \(argument.prefix(80)) is not ID=NUMBER (e.g. menu=12)")
                }
                let number = try Self.value(String(parts[1]), kind: kind, for: "--overlay-\(kind) \(parts[0])")
                switch kind {
                case "radius": self.radius[String(parts[0])] = number
                case "angle": self.angleDegrees[String(parts[0])] = number
                default: self.rate[String(parts[0])] = number
                }
            }
        }
    }

    /// `scene` with these tweaks: its clock's dropped ticks, its overlays' blur. An id the scene
    /// has no overlay for is a usage error naming the ones it has.
    public func applied(to scene: Scene) throws(StrataError) -> Scene {
        var result = scene
        if let dropped { result.clock.droppedFrames = dropped }
        let ids = Set(radius.keys).union(angleDegrees.keys).union(rate.keys).sorted()
        for id in ids {
            guard let index = result.effects.motionBlurOverlays.firstIndex(where: { $0.id == id }) else {
                let known = scene.effects.motionBlurOverlays.map(\.id)
                throw StrataError(.usage, "no motion-blur overlay \"\(id)\" in the scene (it has \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
            }
            if let value = radius[id] { result.effects.motionBlurOverlays[index].radius = value }
            if let value = angleDegrees[id] { result.effects.motionBlurOverlays[index].angle = value * .pi / 180 }
            if let value = rate[id] { result.effects.motionBlurOverlays[index].referenceRate = value == 0 ? nil : value }
        }
        return result
    }
}
