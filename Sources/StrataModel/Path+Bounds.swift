import Foundation

extension Path {
    /// The smallest rectangle holding the outline itself: the end points and each curve's
    /// extremes, not its control points (what Skia calls a path's tight bounds, Core Graphics
    /// `CGPath.boundingBoxOfPath`'s curve-exact counterpart). Zero for an empty path; an infinite
    /// coordinate makes the rectangle infinite, and a coordinate that is not a number is passed over.
    public var tightBounds: Rect {
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        func include(_ p: Point) {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        var current = Point.zero, start = Point.zero
        for element in elements {
            switch element {
            case .move(let p):
                include(p)
                current = p
                start = p
            case .line(let p):
                include(p)
                current = p
            case .quad(let c, let p):
                include(p)
                // B'(t) = 0 where t = (p0 − c) / (p0 − 2c + p1), per axis.
                for t in Self.quadExtremes(current.x, c.x, p.x) + Self.quadExtremes(current.y, c.y, p.y) {
                    let u = 1 - t
                    include(Point(x: u * u * current.x + 2 * u * t * c.x + t * t * p.x,
                                  y: u * u * current.y + 2 * u * t * c.y + t * t * p.y))
                }
                current = p
            case .cubic(let c1, let c2, let p):
                include(p)
                for t in Self.cubicExtremes(current.x, c1.x, c2.x, p.x) + Self.cubicExtremes(current.y, c1.y, c2.y, p.y) {
                    let u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    include(Point(x: a * current.x + b * c1.x + c * c2.x + d * p.x,
                                  y: a * current.y + b * c1.y + c * c2.y + d * p.y))
                }
                current = p
            case .close:
                current = start
            }
        }
        guard minX <= maxX, minY <= maxY else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The parameters strictly inside (0, 1) where a quadratic's coordinate turns.
    private static func quadExtremes(_ p0: Double, _ c: Double, _ p1: Double) -> [Double] {
        let denominator = p0 - 2 * c + p1
        guard denominator != 0 else { return [] }
        let t = (p0 - c) / denominator
        return t > 0 && t < 1 ? [t] : []
    }

    /// The parameters strictly inside (0, 1) where a cubic's coordinate turns: the roots of its
    /// derivative, a t² + b t + c with a = −p0 + 3c1 − 3c2 + p3, b = 2(p0 − 2c1 + c2), c = c1 − p0.
    private static func cubicExtremes(_ p0: Double, _ c1: Double, _ c2: Double, _ p3: Double) -> [Double] {
        let a = -p0 + 3 * c1 - 3 * c2 + p3, b = 2 * (p0 - 2 * c1 + c2), c = c1 - p0
        var roots: [Double] = []
        if abs(a) < 1e-12 * max(1, abs(b), abs(c)) {
            if b != 0 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots.append((-b + root) / (2 * a))
                roots.append((-b - root) / (2 * a))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
