import Foundation

/// Maps the progress of an animation (0…1 of its duration) to the progress of its value, as
/// `CAMediaTimingFunction` (cubic Bézier) and CSS `steps()`.
public enum TimingFunction: Hashable, Sendable {
    /// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2). x1 and x2
    /// must be in 0…1 (so x is monotonic); y1 and y2 may lie outside it (overshoot).
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// CSS `steps(count, position)`: a staircase of `count` equal steps.
    case steps(count: Int, position: StepPosition)

    /// Where the jumps of `steps` happen (CSS Easing Functions Level 1).
    public enum StepPosition: String, Hashable, Sendable, CaseIterable {
        /// The first jump happens at the start (progress 0 gives 1/count).
        case jumpStart
        /// The last jump happens at the end (CSS's default, `end`).
        case jumpEnd
        /// No jump at either end: count − 1 jumps between 0 and 1.
        case jumpNone
        /// Jumps at both ends: count + 1 levels.
        case jumpBoth
    }

    // MARK: - Core Animation's named functions

    /// (0, 0, 1, 1).
    public static let linear = TimingFunction.cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)
    /// (0.42, 0, 1, 1).
    public static let easeIn = TimingFunction.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// (0, 0, 0.58, 1).
    public static let easeOut = TimingFunction.cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = TimingFunction.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// (0.25, 0.1, 0.25, 1): `kCAMediaTimingFunctionDefault`.
    public static let `default` = TimingFunction.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

    /// The named functions by their Core Animation names.
    public static let named: [String: TimingFunction] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInEaseOut": .easeInEaseOut, "default": .default,
    ]

    // MARK: - Evaluation

    /// The value progress at time progress `x`. Inside 0…1 the Bézier is solved for x to 1e-6;
    /// outside, it is extended along its end tangents (as Chromium does).
    ///
    /// - Parameter isBefore: CSS Easing's "before flag": true while the animation is in its before
    ///   phase (a delay shown through a backwards fill). A `steps()` jump that falls exactly on `x`
    ///   is then not taken, so `steps(1, jumpStart)` shows its first value before it begins.
    public func value(at x: Double, isBefore: Bool = false) -> Double {
        switch self {
        case .cubicBezier(let x1, let y1, let x2, let y2):
            return Self.bezier(x1, y1, x2, y2, at: x)
        case .steps(let count, let position):
            return Self.steps(count, position, at: x, isBefore: isBefore)
        }
    }

    /// CSS Easing Functions Level 1, § 2.3 (step easing functions), step by step.
    private static func steps(_ count: Int, _ position: StepPosition, at x: Double, isBefore: Bool) -> Double {
        let n = Double(max(1, count))
        var step = (x * n).rounded(.down)
        if position == .jumpStart || position == .jumpBoth { step += 1 }
        if isBefore && (x * n).truncatingRemainder(dividingBy: 1) == 0 { step -= 1 }
        if x >= 0 && step < 0 { step = 0 }
        let jumps: Double
        switch position {
        case .jumpStart, .jumpEnd: jumps = n
        case .jumpNone: jumps = max(1, n - 1)
        case .jumpBoth: jumps = n + 1
        }
        if x <= 1 && step > jumps { step = jumps }
        return step / jumps
    }

    // MARK: - Cubic Bézier

    /// B(t) for one axis with end points 0 and 1 and control values p1, p2.
    private static func curve(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        // 3(1−t)²t·p1 + 3(1−t)t²·p2 + t³, in Horner form.
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return ((a * t + b) * t + c) * t
    }

    private static func derivative(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return (3 * a * t + 2 * b) * t + c
    }

    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        if x < 0 {
            // Tangent at the start: the direction of the first control point that differs from (0, 0).
            let slope = x1 > 0 ? y1 / x1 : (y1 == 0 && x2 > 0 ? y2 / x2 : 0)
            return slope * x
        }
        if x > 1 {
            let slope = x2 < 1 ? (y2 - 1) / (x2 - 1) : (y2 == 1 && x1 < 1 ? (y1 - 1) / (x1 - 1) : 0)
            return 1 + slope * (x - 1)
        }
        if x1 == y1 && x2 == y2 { return x }  // the identity (linear), exactly
        return curve(y1, y2, solve(x1, x2, x))
    }

    /// The parameter t with x(t) = x, to 1e-12: Newton's method, then bisection if it fails.
    static func solve(_ x1: Double, _ x2: Double, _ x: Double) -> Double {
        let epsilon = 1e-12
        var t = x
        for _ in 0..<12 {
            let error = curve(x1, x2, t) - x
            if abs(error) < epsilon { return t }
            let slope = derivative(x1, x2, t)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<64 where high - low > epsilon {
            let value = curve(x1, x2, t)
            if abs(value - x) < epsilon { return t }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }
}
