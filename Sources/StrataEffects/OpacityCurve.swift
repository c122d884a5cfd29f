import Foundation

/// How a motion-blur overlay's opacity follows the displacement per frame (points), seed 000.
public enum OpacityCurve: Hashable, Sendable, CustomStringConvertible {
    /// The seed's curve: clamp((log2(delta) − offset) / divisor, 0, 1); divisor 5, offset 0 by default,
    /// so delta 1 → 0, 2 → 0.2, 4 → 0.4, 8 → 0.6, 16 → 0.8, 32 → 1.
    case log2(divisor: Double, offset: Double)
    /// clamp(delta × slope, 0, 1).
    case linear(slope: Double)
    /// Smoothstep from `low` (opacity 0) to `high` (opacity 1) points per frame.
    case smoothstep(low: Double, high: Double)
    /// Piecewise linear through (delta, opacity) points sorted by delta, flat beyond the ends.
    case table([TablePoint])

    /// One point of a table curve.
    public struct TablePoint: Hashable, Sendable {
        public var delta: Double
        public var opacity: Double
        public init(delta: Double, opacity: Double) {
            self.delta = delta
            self.opacity = opacity
        }
    }

    /// The seed's default: log2 with divisor 5.
    public static let seed = OpacityCurve.log2(divisor: 5, offset: 0)

    /// Opacity (0…1) for a displacement of `delta` points in one frame; 0 for no movement.
    public func opacity(forDelta delta: Double) -> Double {
        guard delta > 0, delta.isFinite else { return 0 }
        let value: Double
        switch self {
        case .log2(let divisor, let offset):
            value = (Foundation.log2(delta) - offset) / divisor
        case .linear(let slope):
            value = delta * slope
        case .smoothstep(let low, let high):
            let t = high > low ? min(max((delta - low) / (high - low), 0), 1) : (delta >= high ? 1 : 0)
            value = t * t * (3 - 2 * t)
        case .table(let points):
            guard let first = points.first, let last = points.last else { return 0 }
            if delta <= first.delta { value = first.opacity } else if let index = points.firstIndex(where: { $0.delta >= delta }), index > 0 {
                let a = points[index - 1], b = points[index]
                value = a.opacity + (b.opacity - a.opacity) * (delta - a.delta) / (b.delta - a.delta)
            } else {
                value = last.opacity
            }
        }
        // A curve built in Swift may hold any Double; NaN never reaches a layer's opacity.
        return value.isNaN ? 0 : min(max(value, 0), 1)
    }

    /// The curve as written on the command line: `log2:5`, `log2:5:0.5`, `linear:0.05`,
    /// `smoothstep:1:32`.
    public var description: String {
        func f(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e9 ? String(Int(x)) : String(x) }
        switch self {
        case .log2(let divisor, let offset): return offset == 0 ? "log2:\(f(divisor))" : "log2:\(f(divisor)):\(f(offset))"
        case .linear(let slope): return "linear:\(f(slope))"
        case .smoothstep(let low, let high): return "smoothstep:\(f(low)):\(f(high))"
        case .table(let points): return "table:" + points.map { "\(f($0.delta))=\(f($0.opacity))" }.joined(separator: ",")
        }
    }

    /// Parses the command-line form (see `description`); nil for anything else.
    ///
    /// Every number must be finite (no `nan`, `inf`): a curve spec is an error or a curve, whatever
    /// its numbers. Table deltas must increase strictly.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let kind = parts.first else { return nil }
        let numbers = parts.dropFirst().map { Double($0).flatMap { $0.isFinite ? $0 : nil } }
        switch kind {
        case "log2" where (1...2).contains(numbers.count) && numbers.allSatisfy({ $0 != nil }) && numbers[0]! > 0:
            self = .log2(divisor: numbers[0]!, offset: numbers.count == 2 ? numbers[1]! : 0)
        case "linear" where numbers.count == 1 && numbers[0] != nil:
            self = .linear(slope: numbers[0]!)
        case "smoothstep" where numbers.count == 2 && numbers.allSatisfy({ $0 != nil }):
            self = .smoothstep(low: numbers[0]!, high: numbers[1]!)
        case "table" where parts.count == 2:
            var points: [TablePoint] = []
            for pair in parts[1].split(separator: ",") {
                let fields = pair.split(separator: "=", omittingEmptySubsequences: false)
                let values = fields.compactMap { Double($0) }.filter(\.isFinite)
                guard fields.count == 2, values.count == 2 else { return nil }
                points.append(TablePoint(delta: values[0], opacity: values[1]))
            }
            guard !points.isEmpty, zip(points, points.dropFirst()).allSatisfy({ $0.delta < $1.delta }) else { return nil }
            self = .table(points)
        default:
            return nil
        }
    }
}
