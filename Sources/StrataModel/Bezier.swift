/// Points of lines and Bézier curves at a parameter, shared by keyframe paths and shape paths.
enum Bezier {
    /// The point at `t` (0…1) on the line from `p0` to `p1`.
    static func line(_ p0: Point, _ p1: Point, _ t: Double) -> Point {
        Point(x: p0.x + (p1.x - p0.x) * t, y: p0.y + (p1.y - p0.y) * t)
    }

    /// The point at `t` on the quadratic from `p0` through control `c` to `p1`.
    static func quadratic(_ p0: Point, _ c: Point, _ p1: Point, _ t: Double) -> Point {
        let u = 1 - t
        return Point(x: u * u * p0.x + 2 * u * t * c.x + t * t * p1.x, y: u * u * p0.y + 2 * u * t * c.y + t * t * p1.y)
    }

    /// The point at `t` on the cubic from `p0` through controls `c1`, `c2` to `p1`.
    static func cubic(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, _ t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(x: a * p0.x + b * c1.x + c * c2.x + d * p1.x, y: a * p0.y + b * c1.y + c * c2.y + d * p1.y)
    }
}
