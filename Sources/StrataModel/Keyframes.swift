import Foundation

/// How keyframe values are joined, as `CAAnimationCalculationMode`.
public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
    /// Straight lines between values at their key times.
    case linear
    /// Each value is held until the next key time.
    case discrete
    /// Constant speed: key times follow the distances between values (keyTimes, timing functions ignored).
    case paced
    /// A Catmull-Rom spline through the values at their key times.
    case cubic
    /// A Catmull-Rom spline at constant speed (key times from the distances between values).
    case cubicPaced
}

/// How a layer animated along a path turns, as `CAAnimationRotationMode`.
public enum RotationMode: String, Hashable, Sendable, CaseIterable {
    /// The layer turns to follow the path's tangent (`kCAAnimationRotateAuto`).
    case auto
    /// The tangent plus half a turn (`kCAAnimationRotateAutoReverse`).
    case autoReverse
}

/// A position path for keyframe animations: segments from a start point.
public struct KeyframePath: Hashable, Sendable {
    /// One segment, from the end of the previous one.
    public enum Segment: Hashable, Sendable {
        case line(to: Point)
        case quadCurve(control: Point, to: Point)
        case curve(control1: Point, control2: Point, to: Point)

        var end: Point {
            switch self {
            case .line(let to), .quadCurve(_, let to), .curve(_, _, let to): to
            }
        }
    }

    /// The start point.
    public var start: Point
    /// The segments, at least one.
    public var segments: [Segment]

    /// Creates a path.
    public init(start: Point, segments: [Segment]) {
        self.start = start
        self.segments = segments
    }

    /// The point at parameter `t` (0…1) of segment `index`.
    public func point(segment index: Int, parameter t: Double) -> Point {
        let p0 = index == 0 ? start : segments[index - 1].end
        return switch segments[index] {
        case .line(let p1): Bezier.line(p0, p1, t)
        case .quadCurve(let c, let p1): Bezier.quadratic(p0, c, p1, t)
        case .curve(let c1, let c2, let p1): Bezier.cubic(p0, c1, c2, p1, t)
        }
    }

    /// The direction of travel at parameter `t` (0…1) of segment `index`, in radians clockwise
    /// from +x (y down): the derivative's, or where it vanishes (a control point on an end) the
    /// direction just inside; nil where the segment does not move at all.
    public func direction(segment index: Int, parameter t: Double) -> Double? {
        let t = min(1, max(0, t.isNaN ? 0 : t)), u = 1 - t
        let p0 = index == 0 ? start : segments[index - 1].end
        let d: Point = switch segments[index] {
        case .line(let p1): Point(x: p1.x - p0.x, y: p1.y - p0.y)
        case .quadCurve(let c, let p1):
            Point(x: 2 * u * (c.x - p0.x) + 2 * t * (p1.x - c.x), y: 2 * u * (c.y - p0.y) + 2 * t * (p1.y - c.y))
        case .curve(let c1, let c2, let p1):
            Point(x: 3 * u * u * (c1.x - p0.x) + 6 * u * t * (c2.x - c1.x) + 3 * t * t * (p1.x - c2.x),
                  y: 3 * u * u * (c1.y - p0.y) + 6 * u * t * (c2.y - c1.y) + 3 * t * t * (p1.y - c2.y))
        }
        let scale = max(abs(d.x), abs(d.y))
        if scale > 1e-12, scale.isFinite { return atan2(d.y, d.x) }
        for step in [1e-4, 1e-2, 0.5] {
            let a = point(segment: index, parameter: max(0, t - step)), b = point(segment: index, parameter: min(1, t + step))
            let dx = b.x - a.x, dy = b.y - a.y
            if max(abs(dx), abs(dy)) > 1e-12, dx.isFinite, dy.isFinite { return atan2(dy, dx) }
        }
        return nil
    }

    /// Length of segment `index`, in points, measured on 64 chords.
    public func length(segment index: Int) -> Double {
        var total = 0.0
        var previous = point(segment: index, parameter: 0)
        for step in 1...64 {
            let next = point(segment: index, parameter: Double(step) / 64)
            total += ((next.x - previous.x) * (next.x - previous.x) + (next.y - previous.y) * (next.y - previous.y)).squareRoot()
            previous = next
        }
        return total
    }
}

/// The keyframes of a `CAKeyframeAnimation`: values (or a path) with key times and per-segment
/// timing functions.
public struct Keyframes: Hashable, Sendable {
    /// The values, at least one (ignored when `path` is set).
    public var values: [AnimationValue]
    /// Progress (0…1, ascending) of each value; nil spaces them evenly. Discrete mode also accepts
    /// one more entry than values, as Core Animation does.
    public var keyTimes: [Double]?
    /// One per segment (or one for all); nil is linear.
    public var timingFunctions: [TimingFunction]?
    /// How values are joined.
    public var calculationMode: CalculationMode
    /// A path for `position` instead of values: each segment end is a keyframe.
    public var path: KeyframePath?
    /// With a path: the layer turns to the path's direction (added to its transform, about its
    /// anchor, after everything else), as Core Animation's `rotationMode`; nil does not turn it.
    public var rotationMode: RotationMode?

    /// Creates keyframes.
    public init(values: [AnimationValue], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                calculationMode: CalculationMode = .linear, path: KeyframePath? = nil, rotationMode: RotationMode? = nil) {
        self.rotationMode = rotationMode
        self.values = values
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
        self.path = path
    }

    /// Number of keyframes (path: segments + 1).
    var count: Int { path.map { $0.segments.count + 1 } ?? values.count }

    /// Key times: the given ones, or i / divisor for even spacing — without building an array
    /// (an animation sampled at every one of 3,000 frames would otherwise build 3,000 times a
    /// frame).
    struct KeyTimes {
        let given: [Double]?
        let divisor: Double
        let count: Int
        subscript(index: Int) -> Double { given?[index] ?? Double(index) / divisor }
    }

    /// The key times in use: paced modes from distances, else `keyTimes` or even spacing.
    func resolvedKeyTimes() -> KeyTimes {
        let n = count
        guard n > 1 else { return KeyTimes(given: [0], divisor: 1, count: 1) }
        if calculationMode == .paced || calculationMode == .cubicPaced {
            var distances: [Double] = []
            if let path {
                distances = path.segments.indices.map { path.length(segment: $0) }
            } else {
                distances = (0..<(n - 1)).map { values[$0].distance(to: values[$0 + 1]) }
            }
            let total = distances.reduce(0, +)
            guard total > 0 else { return KeyTimes(given: nil, divisor: Double(n - 1), count: n) }
            var times = [0.0]
            var sum = 0.0
            for distance in distances {
                sum += distance
                times.append(sum / total)
            }
            return KeyTimes(given: times, divisor: 1, count: times.count)
        }
        if let keyTimes { return KeyTimes(given: keyTimes, divisor: 1, count: keyTimes.count) }
        if calculationMode == .discrete { return KeyTimes(given: nil, divisor: Double(n), count: n) }
        return KeyTimes(given: nil, divisor: Double(n - 1), count: n)
    }

    /// The value at overall progress `progress` (after the animation's timing function; outside
    /// 0…1 when that function overshoots).
    public func value(atProgress progress: Double) -> AnimationValue? {
        let n = count
        guard n > 0 else { return nil }
        if n == 1 { return path.map { .point($0.start) } ?? values[0] }
        let times = resolvedKeyTimes()
        if calculationMode == .discrete {
            // The last key time at or before `progress`, by bisection (key times ascend).
            var low = 0, high = min(n, times.count)
            while low < high {
                let middle = (low + high) / 2
                if progress >= times[middle] { low = middle + 1 } else { high = middle }
            }
            return keyframe(max(0, low - 1))
        }
        // The segment containing progress, its timing function applied from the segment's own
        // start (so steps(1, jumpStart) jumps at progress 0). Progress beyond the first or last key
        // time — an overshooting timing function — extrapolates through the first or last segment,
        // as Web Animations specifies (§ 4.4.3, "the effect value of a keyframe effect").
        if progress == times[n - 1] { return keyframe(n - 1) }
        let (segment, local) = locate(progress, times: times)
        if let path {
            return .point(path.point(segment: segment, parameter: local))
        }
        switch calculationMode {
        case .cubic, .cubicPaced:
            return catmullRom(segment: segment, t: local)
        default:
            return values[segment].interpolated(to: values[segment + 1], fraction: local)
        }
    }

    /// The segment holding `progress` and the parameter within it, its timing function applied.
    private func locate(_ progress: Double, times: KeyTimes) -> (segment: Int, local: Double) {
        let n = count
        // The first key time after `progress` (key times ascend), by bisection: 100,000
        // keyframes cost 17 steps a frame, not 100,000.
        var low = 1, high = n - 1
        while low < high {
            let middle = (low + high) / 2
            if progress >= times[middle] { low = middle + 1 } else { high = middle }
        }
        let segment = low - 1
        let span = times[segment + 1] - times[segment]
        var local = span > 0 ? (progress - times[segment]) / span : (progress < times[segment] ? 0 : 1)
        if calculationMode != .paced && calculationMode != .cubicPaced, let functions = timingFunctions, !functions.isEmpty {
            local = functions[min(segment, functions.count - 1)].value(at: local)
        }
        return (segment, local)
    }

    /// The turn `rotationMode` gives at overall progress `progress`, in radians (y down); nil
    /// without a path or a mode, or where the path does not move. Discrete keyframes face the
    /// segment they start.
    public func orientation(atProgress progress: Double) -> Double? {
        guard let rotationMode, let path, !path.segments.isEmpty else { return nil }
        let n = count, times = resolvedKeyTimes()
        let (segment, local): (Int, Double)
        if calculationMode == .discrete {
            var index = 0
            for i in 0..<times.count where i < n - 1 && progress >= times[i] { index = i }
            (segment, local) = (index, 0)
        } else {
            let clamped = min(times[n - 1], max(times[0], progress.isNaN ? 0 : progress))
            (segment, local) = clamped == times[n - 1] ? (n - 2, 1) : locate(clamped, times: times)
        }
        guard let angle = path.direction(segment: segment, parameter: local) else { return nil }
        return rotationMode == .autoReverse ? angle + .pi : angle
    }

    private func keyframe(_ index: Int) -> AnimationValue {
        if let path { return .point(index == 0 ? path.start : path.segments[index - 1].end) }
        return values[index]
    }

    /// Uniform Catmull-Rom between values[i] and values[i+1]; end tangents from repeated end points.
    private func catmullRom(segment i: Int, t: Double) -> AnimationValue {
        let p0 = values[max(0, i - 1)].components, p1 = values[i].components
        let p2 = values[i + 1].components, p3 = values[min(values.count - 1, i + 2)].components
        // Paths of other structures have other numbers of points: those steps are linear.
        guard p0.count == p1.count, p2.count == p1.count, p3.count == p1.count else {
            return values[i].interpolated(to: values[i + 1], fraction: t)
        }
        let t2 = t * t, t3 = t2 * t
        var result: [Double] = []
        for c in p1.indices {
            let m1 = (p2[c] - p0[c]) / 2, m2 = (p3[c] - p1[c]) / 2
            let h00 = 2 * t3 - 3 * t2 + 1, h10 = t3 - 2 * t2 + t, h01 = -2 * t3 + 3 * t2, h11 = t3 - t2
            result.append(h00 * p1[c] + h10 * m1 + h01 * p2[c] + h11 * m2)
        }
        return values[i].withComponents(result)
    }
}
