import Foundation

// Arc length and trimming: what `strokeStart` and `strokeEnd` cut, as fractions of the whole
// path's length (every subpath, closing lines included), as Core Animation measures them.
extension Path {
    /// How far a flattened curve may stray from the curve, in points: lengths and trim positions
    /// are exact to about this. Each curve is cut into n equal steps of its parameter with n from
    /// Wang's bound (at most `maximumSteps`), so that every flattened point has a known parameter.
    public static let flatteningTolerance = 0.001
    static let maximumSteps = 512

    /// One drawable piece: a segment from `start` (a line, curve, or a subpath's closing line),
    /// its flattened parameters and cumulative lengths from the segment's start.
    package struct MeasuredSegment {
        var start: Point
        var element: Element
        /// The subpath it belongs to, and whether it is that subpath's closing line.
        var subpath: Int
        var isClosing: Bool
        var ts: [Double]
        var lengths: [Double]
        var length: Double { lengths.last ?? 0 }
    }

    /// The segments with their lengths.
    package func measuredSegments() -> [MeasuredSegment] {
        var segments: [MeasuredSegment] = []
        var current = Point.zero, subpathStart = Point.zero, subpath = -1
        for element in elements {
            switch element {
            case .move(let p):
                current = p
                subpathStart = p
                subpath += 1
            case .close:
                segments.append(Self.measure(from: current, .line(subpathStart), subpath: subpath, isClosing: true))
                current = subpathStart
            case .line(let p), .quad(_, let p), .cubic(_, _, let p):
                segments.append(Self.measure(from: current, element, subpath: subpath, isClosing: false))
                current = p
            }
        }
        return segments
    }

    static func measure(from start: Point, _ element: Element, subpath: Int, isClosing: Bool) -> MeasuredSegment {
        let steps: Int
        switch element {
        case .quad(let c, let p):
            let m = hypot(start.x - 2 * c.x + p.x, start.y - 2 * c.y + p.y)
            steps = stepCount(0.25 * m)
        case .cubic(let c1, let c2, let p):
            let m = max(hypot(start.x - 2 * c1.x + c2.x, start.y - 2 * c1.y + c2.y), hypot(c1.x - 2 * c2.x + p.x, c1.y - 2 * c2.y + p.y))
            steps = stepCount(0.75 * m)
        default:
            steps = 1
        }
        var ts = [0.0], lengths = [0.0]
        ts.reserveCapacity(steps + 1)
        lengths.reserveCapacity(steps + 1)
        var previous = start, total = 0.0
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            let p = point(of: element, from: start, at: t)
            total += hypot(p.x - previous.x, p.y - previous.y)
            ts.append(t)
            lengths.append(total)
            previous = p
        }
        return MeasuredSegment(start: start, element: element, subpath: subpath, isClosing: isClosing, ts: ts, lengths: lengths)
    }

    /// Steps for a curve whose second differences reach `bound` (times Wang's factor).
    static func stepCount(_ bound: Double) -> Int {
        guard bound.isFinite, bound > 0 else { return 1 }
        let n = (bound / flatteningTolerance).squareRoot().rounded(.up)
        return Int(min(Double(maximumSteps), max(1, n)))
    }

    /// The point of `element` (starting at `start`) at parameter t.
    static func point(of element: Element, from start: Point, at t: Double) -> Point {
        switch element {
        case .line(let p): Bezier.line(start, p, t)
        case .quad(let c, let p): Bezier.quadratic(start, c, p, t)
        case .cubic(let c1, let c2, let p): Bezier.cubic(start, c1, c2, p, t)
        case .move(let p): p
        case .close: start
        }
    }

    /// The whole length, in points (the flattened path's, see `flatteningTolerance`).
    public var length: Double { measuredSegments().reduce(0) { $0 + $1.length } }

    /// The point at `distance` points along the path (clamped to it); nil for an empty path.
    public func point(atLength distance: Double) -> Point? {
        let segments = measuredSegments()
        guard !segments.isEmpty else { return elements.first?.points.first }
        var remaining = max(0, distance)
        for segment in segments {
            if remaining <= segment.length {
                return Self.point(of: segment.element, from: segment.start, at: Self.parameter(in: segment, atLength: remaining))
            }
            remaining -= segment.length
        }
        let last = segments[segments.count - 1]
        return Self.point(of: last.element, from: last.start, at: 1)
    }

    /// The parameter at `distance` from the segment's start (linear between flattened points).
    static func parameter(in segment: MeasuredSegment, atLength distance: Double) -> Double {
        let lengths = segment.lengths
        guard distance > 0 else { return 0 }
        guard distance < segment.length else { return 1 }
        var low = 0, high = lengths.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if lengths[mid] < distance { low = mid } else { high = mid }
        }
        let span = lengths[high] - lengths[low]
        let f = span > 0 ? (distance - lengths[low]) / span : 0
        return segment.ts[low] + (segment.ts[high] - segment.ts[low]) * f
    }

    /// The part of the path between fractions `start` and `end` of its length (each clamped to
    /// 0…1), as Core Animation's `strokeStart` and `strokeEnd` cut it: curves are split at the
    /// parameters found there, a subpath kept whole stays closed, one cut open loses its close.
    /// Empty when `start ≥ end`. Also returns the length cut from the front of the first kept
    /// subpath, in points: a dash pattern, which restarts on every subpath, keeps its place there by
    /// starting that much further in; every later kept subpath starts where it starts, so its dashes
    /// take no offset.
    public func trimmed(start: Double, end: Double) -> (path: Path, offset: Double) {
        trimmed(start: start, end: end, measured: measuredSegments)
    }

    /// `trimmed(start:end:)` with the path's `measuredSegments()` from `measured`, called only
    /// when the path is cut (a renderer keeps them for a path drawn frame after frame).
    package func trimmed(start: Double, end: Double, measured: () -> [MeasuredSegment]) -> (path: Path, offset: Double) {
        let from = start.isNaN ? 0 : min(1, max(0, start)), to = end.isNaN ? 1 : min(1, max(0, end))
        if from <= 0 && to >= 1 { return (self, 0) }
        guard from < to else { return (Path(), 0) }
        let segments = measured()
        let total = segments.reduce(0) { $0 + $1.length }
        guard total > 0 else { return (Path(), 0) }
        let s0 = from * total, s1 = to * total
        // Subpaths lying wholly inside the kept range keep their close.
        var subpathRange: [Int: (Double, Double)] = [:]
        var position = 0.0
        for segment in segments {
            let range = subpathRange[segment.subpath] ?? (position, position)
            subpathRange[segment.subpath] = (range.0, position + segment.length)
            position += segment.length
        }
        var result = Path()
        var position2 = 0.0
        var lastSubpath = -1
        var open = false
        for segment in segments {
            let a = position2, b = position2 + segment.length
            position2 = b
            guard b >= s0, a <= s1, segment.length > 0 || (a >= s0 && b <= s1) else {
                open = false
                continue
            }
            let whole = subpathRange[segment.subpath].map { $0.0 >= s0 && $0.1 <= s1 } ?? false
            if segment.isClosing, whole {
                result.closeSubpath()
                open = false
                continue
            }
            let t0 = Self.parameter(in: segment, atLength: max(0, s0 - a)), t1 = Self.parameter(in: segment, atLength: min(segment.length, s1 - a))
            guard t1 > t0 || segment.length == 0 else { continue }
            let piece = Self.piece(of: segment.element, from: segment.start, t0: t0, t1: t1)
            if !open || segment.subpath != lastSubpath {
                result.move(to: Self.point(of: segment.element, from: segment.start, at: t0))
            }
            result.append(piece)
            open = true
            lastSubpath = segment.subpath
        }
        // The cut lies in the subpath whose range holds s0: only its own front was cut.
        let cutSubpath = subpathRange.filter { $0.value.0 <= s0 && s0 <= $0.value.1 }.max { $0.value.0 < $1.value.0 }
        return (result, cutSubpath.map { s0 - $0.value.0 } ?? 0)
    }

    /// The element for parameters t0…t1 of `element` starting at `start`.
    static func piece(of element: Element, from start: Point, t0: Double, t1: Double) -> Element {
        func lerp(_ p: Point, _ q: Point, _ t: Double) -> Point { Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t) }
        switch element {
        case .quad(let c, let p):
            // The quadratic's Bézier points on [t0, t1]: blossoms B(t0,t0), B(t0,t1), B(t1,t1).
            func blossom(_ u: Double, _ v: Double) -> Point { lerp(lerp(start, c, u), lerp(c, p, u), v) }
            return .quad(blossom(t0, t1), blossom(t1, t1))
        case .cubic(let c1, let c2, let p):
            func blossom(_ u: Double, _ v: Double, _ w: Double) -> Point {
                let a = lerp(start, c1, u), b = lerp(c1, c2, u), c = lerp(c2, p, u)
                return lerp(lerp(a, b, v), lerp(b, c, v), w)
            }
            return .cubic(blossom(t0, t0, t1), blossom(t0, t1, t1), blossom(t1, t1, t1))
        default:
            return .line(point(of: element, from: start, at: t1))
        }
    }
}
