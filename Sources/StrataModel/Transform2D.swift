import Foundation

/// A 2-D affine transform, as `CGTransform2D`: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
///
/// `concatenating(_:)` applies `self` first, then the argument (Core Graphics order).
public struct Transform2D: Hashable, Sendable, CustomStringConvertible {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    /// Horizontal translation, in points.
    public var tx: Double
    /// Vertical translation, in points.
    public var ty: Double

    /// Creates a transform from its six coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by (x, y) points.
    public static func translation(x: Double, y: Double) -> Transform2D {
        Transform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale by `x` horizontally and `y` vertically about the origin.
    public static func scale(x: Double, y: Double) -> Transform2D {
        Transform2D(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation about the origin by `radians`; positive turns clockwise on screen (y down).
    public static func rotation(radians: Double) -> Transform2D {
        let cosine = cos(radians), sine = sin(radians)
        return Transform2D(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// A skew: x' = x + tan(xRadians)·y, y' = y + tan(yRadians)·x.
    public static func skew(xRadians: Double, yRadians: Double) -> Transform2D {
        Transform2D(a: 1, b: tan(yRadians), c: tan(xRadians), d: 1, tx: 0, ty: 0)
    }

    /// True when this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// The transform that applies `self`, then `other`.
    public func concatenating(_ other: Transform2D) -> Transform2D {
        Transform2D(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The point mapped by this transform.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The bounding box of the four mapped corners of `rect`.
    public func apply(to rect: Rect) -> Rect {
        if rect.isEmpty { return .zero }
        // The corners' extremes, each taken as `Array.min()` and `max()` take it (the first of
        // equals; a NaN after the first never taken), without the arrays: this runs for every node.
        let p0 = apply(to: Point(x: rect.minX, y: rect.minY)), p1 = apply(to: Point(x: rect.maxX, y: rect.minY))
        let p2 = apply(to: Point(x: rect.minX, y: rect.maxY)), p3 = apply(to: Point(x: rect.maxX, y: rect.maxY))
        var x0 = p0.x, x1 = p0.x, y0 = p0.y, y1 = p0.y
        func take(_ p: Point) {
            if p.x < x0 { x0 = p.x }
            if p.x > x1 { x1 = p.x }
            if p.y < y0 { y0 = p.y }
            if p.y > y1 { y1 = p.y }
        }
        take(p1)
        take(p2)
        take(p3)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}
