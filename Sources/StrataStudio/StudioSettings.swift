import Foundation
import StrataAnimation
import StrataEffects
import StrataKit
import StrataRaster
import StrataScene

// What a studio request may change: the display clock and the overlays' blur ("what if"), and
// which image a frame request shows.
extension StudioSession {
    /// What a frame request shows: the frame, the ground truth (supersampled motion blur), or the
    /// difference between them (|frame − truth| × 4 per channel, opaque).
    public enum FrameView: Hashable, Sendable {
        case frame
        case truth(shutter: Double, subframes: Int)
        case difference(shutter: Double, subframes: Int)

        /// Reads `truth` or `compare`: SHUTTER:SUBFRAMES, degrees 1…360 and 1…64 instants.
        public static func parse(truth: String?, compare: String?) throws(RequestError) -> FrameView {
            guard let text = truth ?? compare else { return .frame }
            let parts = text.split(separator: ":")
            guard parts.count == 2, let shutter = Double(parts[0]), shutter >= 1, shutter <= 360,
                  let subframes = Int(parts[1]), (1...64).contains(subframes) else {
                throw RequestError(.invalid, reason: "\(truth == nil ? "compare" : "truth"): expected SHUTTER:SUBFRAMES (degrees 1…360, 1…64 instants), found \"\(text.prefix(40))\"")
            }
            return truth != nil ? .truth(shutter: shutter, subframes: subframes) : .difference(shutter: shutter, subframes: subframes)
        }
    }

    /// A "what if" display clock and blur: another rate (the scene's duration kept), other
    /// dropped ticks and other overlay blur (`SceneTweaks`, as the command line's), replayed
    /// through the simulated clock (the displacement per frame depends on the clock).
    public struct Settings: Hashable, Sendable {
        /// Ticks per second; nil keeps the scene's.
        public var framesPerSecond: Double?
        /// Dropped ticks and overlay blur; empty keeps the scene's.
        public var tweaks = SceneTweaks()

        public init(framesPerSecond: Double? = nil, tweaks: SceneTweaks = SceneTweaks()) {
            self.framesPerSecond = framesPerSecond
            self.tweaks = tweaks
        }
        public static let scene = Settings()

        /// Reads `radius.ID` (points 0…2000), `angle.ID` (degrees within ±3600) and `rate.ID` (Hz
        /// 1…1000, or 0 for none).
        public mutating func parseOverlayTweaks(_ items: [(name: String, value: String)]) throws(RequestError) {
            for (name, value) in items {
                let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
                guard parts.count == 2, ["radius", "angle", "rate"].contains(parts[0]), !parts[1].isEmpty else { continue }
                let number: Double
                do { number = try SceneTweaks.value(value, kind: parts[0], for: name) } catch { throw RequestError(.invalid, reason: error.message) }
                switch parts[0] {
                case "radius": tweaks.radius[parts[1]] = number
                case "angle": tweaks.angleDegrees[parts[1]] = number
                default: tweaks.rate[parts[1]] = number
                }
            }
        }

        /// Reads `fps` (1…240) and `drop` (none, every:N with N 2…1000, ticks:a,b,… at most 1,000).
        public static func parse(fps: String?, drop: String?) throws(RequestError) -> Settings {
            var settings = Settings()
            if let fps {
                guard fps.count <= 12, let value = Double(fps), value.isFinite, value >= 1, value <= 240 else {
                    throw RequestError(.invalid, reason: "fps: expected a display rate 1…240, found \"\(fps.prefix(40))\"")
                }
                settings.framesPerSecond = value
            }
            if let drop {
                guard let dropped = SceneTweaks.dropped(parsing: drop) else {
                    throw RequestError(.invalid, reason: "drop: expected none, every:N (N 2…1000) or ticks:A,B,… (whole numbers 1…\(Limits.maximumFrames - 1), at most 1,000); found \"\(drop.prefix(40))\"")
                }
                settings.tweaks.dropped = dropped
            }
            return settings
        }
    }
}
