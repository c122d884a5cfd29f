import Foundation
import StrataModel

// The Core Graphics values that Foundation on Linux does not have (it has CGFloat, CGPoint, CGSize
// and CGRect), with Darwin's names and shapes, and the conversions to Strata's model values.

/// Darwin's `HUGE` (math.h's `MAXFLOAT`): the largest finite `Float`, which layer code uses as
/// "repeat for ever" (`animation.repeatCount = HUGE`).
public let HUGE: Float = .greatestFiniteMagnitude

/// Darwin's `MAXFLOAT`, the largest finite `Float` (`repeatCount = MAXFLOAT`).
public let MAXFLOAT: Float = .greatestFiniteMagnitude

/// Core Graphics' `CGFLOAT_MAX`.
public let CGFLOAT_MAX: CGFloat = .greatestFiniteMagnitude

/// `CFTimeInterval`: seconds.
public typealias CFTimeInterval = Double

/// A two-dimensional vector (`CGVector`), in points.
public struct CGVector: Hashable, Sendable {
    public var dx: CGFloat
    public var dy: CGFloat
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
    public static let zero = CGVector(dx: 0, dy: 0)
}

/// An affine transform (`CGAffineTransform`): a point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty),
/// as Core Graphics' row-vector convention. Angles in radians; in UIKit's y-down space a positive
/// angle turns clockwise on screen.
public struct CGAffineTransform: Hashable, Sendable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }
    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }
    public init() { self = .identity }
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    public init(rotationAngle angle: CGFloat) {
        let c = CGFloat(cos(Double(angle))), s = CGFloat(sin(Double(angle)))
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public var isIdentity: Bool { self == .identity }

    /// `self` then `t` (`CGAffineTransformConcat(self, t)`).
    public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                          c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                          tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform { CGAffineTransform(translationX: x, y: y).concatenating(self) }
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform { CGAffineTransform(scaleX: x, y: y).concatenating(self) }
    public func rotated(by angle: CGFloat) -> CGAffineTransform { CGAffineTransform(rotationAngle: angle).concatenating(self) }
    /// The inverse, or the transform itself when it cannot be inverted (as Core Graphics returns).
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        let ia = d / determinant, ib = -b / determinant, ic = -c / determinant, id = a / determinant
        return CGAffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// Strata's transform with the same entries.
    public var strataTransform: Transform2D {
        Transform2D(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty))
    }
}

public func CGAffineTransformMakeTranslation(_ tx: CGFloat, _ ty: CGFloat) -> CGAffineTransform { CGAffineTransform(translationX: tx, y: ty) }
public func CGAffineTransformMakeScale(_ sx: CGFloat, _ sy: CGFloat) -> CGAffineTransform { CGAffineTransform(scaleX: sx, y: sy) }
public func CGAffineTransformMakeRotation(_ angle: CGFloat) -> CGAffineTransform { CGAffineTransform(rotationAngle: angle) }
public let CGAffineTransformIdentity = CGAffineTransform.identity

extension CGPoint {
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
    /// Strata's point.
    public var strataPoint: Point { Point(x: Double(x), y: Double(y)) }
    init(_ point: Point) { self.init(x: point.x, y: point.y) }
}

extension CGSize {
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
    /// Strata's size.
    public var strataSize: Size { Size(width: Double(width), height: Double(height)) }
    init(_ size: Size) { self.init(width: size.width, height: size.height) }
}

extension CGRect {
    /// The smallest rectangle holding the transformed corners (as `CGRectApplyAffineTransform`).
    public func applying(_ t: CGAffineTransform) -> CGRect {
        let corners = [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)]
            .map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
    /// Strata's rectangle.
    public var strataRect: Rect { Rect(x: Double(origin.x), y: Double(origin.y), width: Double(size.width), height: Double(size.height)) }
    init(_ rect: Rect) { self.init(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height) }
}

/// How a stroke ends (`CGLineCap`), for `UIBezierPath.lineCapStyle`.
public enum CGLineCap: Int32, Sendable {
    case butt, round, square
}

/// How stroke segments meet (`CGLineJoin`).
public enum CGLineJoin: Int32, Sendable {
    case miter, round, bevel
}

/// A fill rule (`CGPathFillRule`).
public enum CGPathFillRule: Int, Sendable {
    case winding, evenOdd
}
