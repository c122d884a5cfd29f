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

    /// A "what if" display clock: another rate (the scene's duration kept) and other dropped
    /// ticks, replayed through the simulated clock (the displacement per frame depends on both).
    public struct Settings: Hashable, Sendable {
        /// Ticks per second; nil keeps the scene's.
        public var framesPerSecond: Double?
        /// Dropped ticks; nil keeps the scene's.
        public var dropped: DroppedFrames?
        /// Per overlay id: another blur radius (points), angle (radians) or reference rate (Hz; 0
        /// for none) than the scene's.
        public var overlays: [String: OverlayTweak] = [:]
        public init(framesPerSecond: Double? = nil, dropped: DroppedFrames? = nil) {
            self.framesPerSecond = framesPerSecond
            self.dropped = dropped
        }
        public static let scene = Settings()

        /// A motion-blur overlay's blur and normalisation, tried in the studio.
        public struct OverlayTweak: Hashable, Sendable {
            public var radius: Double?
            public var angle: Double?
            public var referenceRate: Double?
        }

        /// Reads `radius.ID` (points 0…2000), `angle.ID` (degrees, finite) and `rate.ID` (Hz 1…1000,
        /// or 0 for none) into `overlays`.
        public mutating func parseOverlayTweaks(_ items: [(name: String, value: String)]) throws(RequestError) {
            for (name, value) in items {
                let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
                guard parts.count == 2, ["radius", "angle", "rate"].contains(parts[0]), !parts[1].isEmpty else { continue }
                guard value.count <= 24, let number = Double(value), number.isFinite else {
                    throw RequestError(.invalid, reason: "\(name): expected a number, found \"\(value.prefix(40))\"")
                }
                var tweak = overlays[parts[1]] ?? OverlayTweak()
                switch parts[0] {
                case "radius":
                    guard (0...Limits.maximumBlurLength).contains(number) else {
                        throw RequestError(.invalid, reason: "\(name): expected a blur length 0…\(Int(Limits.maximumBlurLength)) points, found \(value)")
                    }
                    tweak.radius = number
                case "angle":
                    guard abs(number) <= 3600 else { throw RequestError(.invalid, reason: "\(name): expected degrees within ±3600, found \(value)") }
                    tweak.angle = number * .pi / 180
                default:
                    guard number == 0 || (1...1000).contains(number) else {
                        throw RequestError(.invalid, reason: "\(name): expected a reference rate 1…1000 Hz, or 0 for none, found \(value)")
                    }
                    tweak.referenceRate = number
                }
                overlays[parts[1]] = tweak
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
                if drop == "none" {
                    settings.dropped = DroppedFrames.none
                } else if drop.hasPrefix("every:"), let n = Int(drop.dropFirst(6)), (2...1000).contains(n) {
                    settings.dropped = .every(n)
                } else if drop.hasPrefix("ticks:"), drop.count <= 10_000 {
                    let parts = drop.dropFirst(6).split(separator: ",", omittingEmptySubsequences: false)
                    let ticks = parts.compactMap { Int($0) }
                    guard ticks.count == parts.count, ticks.count <= 1000, ticks.allSatisfy({ $0 > 0 && $0 < Limits.maximumFrames }) else {
                        throw RequestError(.invalid, reason: "drop: expected ticks:A,B,… (whole numbers 1…\(Limits.maximumFrames - 1), at most 1,000), found \"\(drop.prefix(40))\"")
                    }
                    settings.dropped = .ticks(Set(ticks))
                } else {
                    throw RequestError(.invalid, reason: "drop: expected none, every:N (N 2…1000) or ticks:A,B,…; found \"\(drop.prefix(40))\"")
                }
            }
            return settings
        }
    }
}
