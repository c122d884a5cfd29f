import Foundation
import StrataModel

/// A 4 × 4 matrix (`CATransform3D`): Core Animation's layout and names (row vectors, translation
/// in m41…m43, perspective in m34 = −1/distance). Angles in radians.
public struct CATransform3D: Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat, m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat, m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }
    /// The identity (as `CATransform3DIdentity`).
    public init() { self = CATransform3DIdentity }

    /// Strata's matrix with the same entries.
    public init(_ t: Transform3D) {
        self.init(m11: CGFloat(t.m11), m12: CGFloat(t.m12), m13: CGFloat(t.m13), m14: CGFloat(t.m14),
                  m21: CGFloat(t.m21), m22: CGFloat(t.m22), m23: CGFloat(t.m23), m24: CGFloat(t.m24),
                  m31: CGFloat(t.m31), m32: CGFloat(t.m32), m33: CGFloat(t.m33), m34: CGFloat(t.m34),
                  m41: CGFloat(t.m41), m42: CGFloat(t.m42), m43: CGFloat(t.m43), m44: CGFloat(t.m44))
    }
    /// Strata's matrix with the same entries.
    public var strataTransform: Transform3D {
        Transform3D(m11: Double(m11), m12: Double(m12), m13: Double(m13), m14: Double(m14),
                    m21: Double(m21), m22: Double(m22), m23: Double(m23), m24: Double(m24),
                    m31: Double(m31), m32: Double(m32), m33: Double(m33), m34: Double(m34),
                    m41: Double(m41), m42: Double(m42), m43: Double(m43), m44: Double(m44))
    }
}

public let CATransform3DIdentity = CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                                 m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(.translation(x: Double(tx), y: Double(ty), z: Double(tz)))
}
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(.scale(x: Double(sx), y: Double(sy), z: Double(sz)))
}
/// A rotation of `angle` radians about the axis (x, y, z); a zero axis gives the identity.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D(.rotation(radians: Double(angle), x: Double(x), y: Double(y), z: Double(z)))
}
/// `a` then `b` (`b` applied to the result of `a`).
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    CATransform3D(a.strataTransform.concatenating(b.strataTransform))
}
/// The translation applied first, then `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}
/// The inverse, or `t` itself when it has none (as Core Animation returns).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    t.strataTransform.inverted().map { CATransform3D($0) } ?? t
}
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D { CATransform3D(Transform3D(m.strataTransform)) }
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.strataTransform.isAffine }
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

extension NSValue {
    /// A transform kept in a value, as `NSValue(caTransform3D:)`: its 16 entries after a tag
    /// (Foundation on Linux keeps arrays of numbers, not structures).
    public convenience init(caTransform3D t: CATransform3D) {
        self.init(quartzTag: .transform3D, [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                                           t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map(Double.init))
    }
    /// The transform kept by `NSValue(caTransform3D:)`; the identity for another value.
    public var caTransform3DValue: CATransform3D {
        guard let e = quartzValue(.transform3D, count: 16) else { return CATransform3DIdentity }
        return CATransform3D(Transform3D(entries: e) ?? .identity)
    }
    /// An affine transform kept in a value (`NSValue(cgAffineTransform:)`).
    public convenience init(cgAffineTransform t: CGAffineTransform) {
        self.init(quartzTag: .affine, [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init))
    }
    public var cgAffineTransformValue: CGAffineTransform {
        guard let e = quartzValue(.affine, count: 6) else { return .identity }
        return CGAffineTransform(a: e[0], b: e[1], c: e[2], d: e[3], tx: e[4], ty: e[5])
    }
    /// A point kept in a value (`NSValue(cgPoint:)`).
    public convenience init(cgPoint p: CGPoint) { self.init(quartzTag: .point, [Double(p.x), Double(p.y)]) }
    public var cgPointValue: CGPoint {
        guard let e = quartzValue(.point, count: 2) else { return .zero }
        return CGPoint(x: e[0], y: e[1])
    }
    /// A size kept in a value (`NSValue(cgSize:)`).
    public convenience init(cgSize s: CGSize) { self.init(quartzTag: .size, [Double(s.width), Double(s.height)]) }
    public var cgSizeValue: CGSize {
        guard let e = quartzValue(.size, count: 2) else { return .zero }
        return CGSize(width: e[0], height: e[1])
    }
    /// A rectangle kept in a value (`NSValue(cgRect:)`).
    public convenience init(cgRect r: CGRect) { self.init(quartzTag: .rect, [r.minX, r.minY, r.width, r.height].map(Double.init)) }
    public var cgRectValue: CGRect {
        guard let e = quartzValue(.rect, count: 4) else { return .zero }
        return CGRect(x: e[0], y: e[1], width: e[2], height: e[3])
    }

    enum QuartzTag: Double { case point = 1, size, rect, affine, transform3D }

    convenience init(quartzTag tag: QuartzTag, _ components: [Double]) {
        let stored = [tag.rawValue] + components
        self.init(bytes: stored, objCType: "[\(stored.count)d]")
    }

    /// The components kept under `tag`, or nil for a value of another kind.
    func quartzValue(_ tag: QuartzTag, count: Int) -> [Double]? {
        guard String(cString: objCType) == "[\(count + 1)d]" else { return nil }
        var stored = [Double](repeating: 0, count: count + 1)
        stored.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        guard stored[0] == tag.rawValue else { return nil }
        return Array(stored.dropFirst())
    }

    /// What the value keeps, as one of the Core Graphics and Core Animation types, or nil.
    var quartzObject: Any? {
        guard String(cString: objCType).hasPrefix("[") else { return nil }
        if quartzValue(.point, count: 2) != nil { return cgPointValue }
        if quartzValue(.size, count: 2) != nil { return cgSizeValue }
        if quartzValue(.rect, count: 4) != nil { return cgRectValue }
        if quartzValue(.affine, count: 6) != nil { return cgAffineTransformValue }
        if quartzValue(.transform3D, count: 16) != nil { return caTransform3DValue }
        return nil
    }
}
