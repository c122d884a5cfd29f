/// A cubic Bézier replaced by straight lines that enclose the curve's own area.
///
/// Lines whose corners lie on a convex curve (what Cairo and most rasterisers draw) cut off a
/// sliver of it under every line: a filled curve comes out small by two thirds of the lines'
/// depth, on average over its edge (`CurveTolerance`). Here every corner but the curve's two ends
/// is moved out from the curve by two thirds of the depth of the lines beside it, so the lines run
/// now outside the curve, now inside it, and cut off as much as they add: the polygon's area is
/// the curve's (to the third order of the lines' length), and no point of it lies farther than
/// `tolerance` from the curve.
///
/// The curve is cut at even steps of its parameter, as many as Wang's bound on the chords' depth
/// asks: with n steps no chord lies deeper than 3/4 · M / n² from the curve, M being the larger
/// second difference of the control points. Chords `1.5 × tolerance` deep, moved out by two thirds
/// of that, lie within `tolerance` of the curve at their ends and within half of it at their
/// middles. Where a chord is d deep (d = B″ Δt² / 8 for the curve's second derivative B″ and
/// the step Δt), the corner is moved by −B″ Δt² / 12.
public struct AreaFlattening: Sendable {
    /// How far any point of the lines may lie from the curve, in the units `linear` maps to.
    public let tolerance: Double
    /// The linear part of the map from the curve's coordinates to the ones `tolerance` is in
    /// (Cairo's xx, yx, xy, yy: device pixels per user unit).
    public let linear: (xx: Double, yx: Double, xy: Double, yy: Double)

    /// More steps than this and the curve is left to the rasteriser (a curve of about a million
    /// pixels); also the answer for non-finite input.
    public static let maximumSteps = 4096

    public init(tolerance: Double, linear: (xx: Double, yx: Double, xy: Double, yy: Double) = (1, 0, 0, 1)) {
        self.tolerance = tolerance
        self.linear = linear
    }

    /// How many lines replace the cubic p0 c1 c2 p3, or nil when it needs more than
    /// `maximumSteps` (or is not finite).
    public func steps(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point) -> Int? {
        let d1 = Point(x: p0.x - 2 * c1.x + c2.x, y: p0.y - 2 * c1.y + c2.y)
        let d2 = Point(x: c1.x - 2 * c2.x + p3.x, y: c1.y - 2 * c2.y + p3.y)
        func length(_ v: Point) -> Double {
            let x = linear.xx * v.x + linear.xy * v.y, y = linear.yx * v.x + linear.yy * v.y
            return (x * x + y * y).squareRoot()
        }
        // A curve whose controls lie on its chord (a straight side, with zero tangents) is its
        // chord, for filling: one line, as Cairo draws it.
        let ax = p3.x - p0.x, ay = p3.y - p0.y
        let chord = length(Point(x: ax, y: ay)), determinant = linear.xx * linear.yy - linear.xy * linear.yx
        func offChord(_ c: Point) -> Double {
            let bx = c.x - p0.x, by = c.y - p0.y
            return abs(chord == 0 ? length(Point(x: bx, y: by)) : (ax * by - ay * bx) * determinant / chord)
        }
        if offChord(c1) < 1e-9, offChord(c2) < 1e-9 { return 1 }
        let depth = 1.5 * tolerance
        let n = (0.75 * max(length(d1), length(d2)) / depth).squareRoot().rounded(.up)
        guard n.isFinite, depth > 0, n <= Double(Self.maximumSteps) else { return nil }
        return max(1, Int(n))
    }

    /// Calls `body` with the end of each line (the last is `p3`), in the curve's coordinates;
    /// false, calling nothing, when `steps` gives nil.
    @inline(__always)
    public func forEachCorner(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, _ body: (Double, Double) -> Void) -> Bool {
        guard let n = steps(p0, c1, c2, p3) else { return false }
        let d1 = (x: p0.x - 2 * c1.x + c2.x, y: p0.y - 2 * c1.y + c2.y)
        let d2 = (x: c1.x - 2 * c2.x + p3.x, y: c1.y - 2 * c2.y + p3.y)
        let count = Double(n)
        // B″(t) = 6 ((1 − t) d1 + t d2); Δt = 1 / n: the move is ((1 − t) d1 + t d2) / (2 n²).
        let move = 1 / (2 * count * count)
        var i = 1
        while i < n {
            let t = Double(i) / count, u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            let x = a * p0.x + b * c1.x + c * c2.x + d * p3.x - move * (u * d1.x + t * d2.x)
            let y = a * p0.y + b * c1.y + c * c2.y + d * p3.y - move * (u * d1.y + t * d2.y)
            body(x, y)
            i += 1
        }
        body(p3.x, p3.y)
        return true
    }
}
