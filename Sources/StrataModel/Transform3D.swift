import Foundation

/// A 4×4 homogeneous transform with `CATransform3D`'s layout and names: row vectors, so a point
/// maps as (x, y, z, 1)·M, translation in m41…m43 and perspective in m14…m34.
///
/// `concatenating(_:)` applies `self` first, then the argument (`CATransform3DConcat(a, b)`).
/// Coordinates are Core Animation's: x right, y down on screen, +z toward the viewer, lengths in
/// points. A rotation follows the right-hand rule about its axis, so `rotation(radians: +θ,
/// x: 0, y: 1, z: 0)` sends the layer's right edge away from the viewer, as CSS `rotateY(+θ)`.
/// `perspective(distance: d)` sets m34 = −1/d: w = 1 − z/d, so a point at z > 0 looks bigger.
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// Creates a transform from its sixteen entries, row by row.
    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// Creates a transform from sixteen entries in row order (m11, m12, …, m44), as CSS
    /// `matrix3d()` lists them; nil unless there are exactly sixteen.
    public init?(entries: [Double]) {
        guard entries.count == 16 else { return nil }
        let e = entries
        self.init(m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                  m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    /// The 2-D affine transform as a 3-D one (`CATransform3DMakeAffineTransform`).
    public init(_ affine: Transform2D) {
        self.init(m11: affine.a, m12: affine.b, m13: 0, m14: 0, m21: affine.c, m22: affine.d, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: affine.tx, m42: affine.ty, m43: 0, m44: 1)
    }

    /// The sixteen entries in row order (m11, m12, …, m44).
    public var entries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    // MARK: - Constructors

    /// The transform that changes nothing (`CATransform3DIdentity`).
    public static let identity = Transform3D(Transform2D.identity)

    /// A translation by (x, y, z) points (`CATransform3DMakeTranslation`).
    public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D {
        var t = identity
        t.m41 = x; t.m42 = y; t.m43 = z
        return t
    }

    /// A scale by (x, y, z) about the origin (`CATransform3DMakeScale`).
    public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D {
        var t = identity
        t.m11 = x; t.m22 = y; t.m33 = z
        return t
    }

    /// A rotation by `radians` about the axis (x, y, z) through the origin
    /// (`CATransform3DMakeRotation`); the identity when the axis has no length. Right-handed in
    /// Core Animation's coordinates (see the type's discussion).
    public static func rotation(radians: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return identity }
        let (x, y, z) = (x / length, y / length, z / length)
        let c = cos(radians), s = sin(radians), t = 1 - c
        return Transform3D(
            m11: t * x * x + c, m12: t * x * y + s * z, m13: t * x * z - s * y, m14: 0,
            m21: t * x * y - s * z, m22: t * y * y + c, m23: t * y * z + s * x, m24: 0,
            m31: t * x * z + s * y, m32: t * y * z - s * x, m33: t * z * z + c, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// A rotation about z by `radians` (clockwise on screen, y down): the 2-D rotation.
    public static func rotation(radians: Double) -> Transform3D {
        Transform3D(Transform2D.rotation(radians: radians))
    }

    /// A 2-D skew: x' = x + tan(xRadians)·y, y' = y + tan(yRadians)·x.
    public static func skew(xRadians: Double, yRadians: Double) -> Transform3D {
        Transform3D(Transform2D.skew(xRadians: xRadians, yRadians: yRadians))
    }

    /// Perspective seen from `distance` points in front of the plane z = 0: m34 = −1/distance,
    /// as CSS `perspective(distance)`; the identity for a distance that is not positive and finite
    /// (CSS treats `perspective(0)` as no perspective).
    public static func perspective(distance: Double) -> Transform3D {
        var t = identity
        if distance > 0, distance.isFinite { t.m34 = -1 / distance }
        return t
    }

    // MARK: - Properties

    /// True when this is the identity (`CATransform3DIsIdentity`).
    public var isIdentity: Bool { self == .identity }

    /// True when the transform is a 2-D affine one (`CATransform3DIsAffine`): m13 = m14 = m23 =
    /// m24 = m31 = m32 = m34 = m43 = 0 and m33 = m44 = 1.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m34 == 0 && m43 == 0
            && m33 == 1 && m44 == 1
    }

    /// The 2-D part (`CATransform3DGetAffineTransform`): m11, m12, m21, m22, m41, m42.
    public var affine: Transform2D {
        Transform2D(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// True when every entry is finite.
    public var isFinite: Bool { entries.allSatisfy(\.isFinite) }

    // MARK: - Arithmetic

    /// The transform that applies `self`, then `other` (`CATransform3DConcat(self, other)`).
    public func concatenating(_ o: Transform3D) -> Transform3D {
        func row(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> (Double, Double, Double, Double) {
            (a * o.m11 + b * o.m21 + c * o.m31 + d * o.m41, a * o.m12 + b * o.m22 + c * o.m32 + d * o.m42,
             a * o.m13 + b * o.m23 + c * o.m33 + d * o.m43, a * o.m14 + b * o.m24 + c * o.m34 + d * o.m44)
        }
        let r1 = row(m11, m12, m13, m14), r2 = row(m21, m22, m23, m24)
        let r3 = row(m31, m32, m33, m34), r4 = row(m41, m42, m43, m44)
        return Transform3D(m11: r1.0, m12: r1.1, m13: r1.2, m14: r1.3, m21: r2.0, m22: r2.1, m23: r2.2, m24: r2.3,
                           m31: r3.0, m32: r3.1, m33: r3.2, m34: r3.3, m41: r4.0, m42: r4.1, m43: r4.2, m44: r4.3)
    }

    /// The homogeneous image of (x, y, z, 1): the point is (x/w, y/w, z/w) where w > 0.
    public func apply(x: Double, y: Double, z: Double = 0) -> (x: Double, y: Double, z: Double, w: Double) {
        (x * m11 + y * m21 + z * m31 + m41, x * m12 + y * m22 + z * m32 + m42,
         x * m13 + y * m23 + z * m33 + m43, x * m14 + y * m24 + z * m34 + m44)
    }

    /// The determinant of the 4×4 matrix.
    public var determinant: Double {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }

    /// The inverse (`CATransform3DInvert`), or nil when the matrix is singular or not finite.
    public func inverted() -> Transform3D? {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        let inverse = Transform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) * k, m12: (-m12 * c5 + m13 * c4 - m14 * c3) * k,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) * k, m14: (-m32 * s5 + m33 * s4 - m34 * s3) * k,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * k, m22: (m11 * c5 - m13 * c2 + m14 * c1) * k,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * k, m24: (m31 * s5 - m33 * s2 + m34 * s1) * k,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) * k, m32: (-m11 * c4 + m12 * c2 - m14 * c0) * k,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) * k, m34: (-m31 * s4 + m32 * s2 - m34 * s0) * k,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * k, m42: (m11 * c3 - m12 * c1 + m13 * c0) * k,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * k, m44: (m31 * s3 - m32 * s1 + m33 * s0) * k)
        return inverse.isFinite ? inverse : nil
    }

    /// What the transform does to the plane z = 0 seen along z: the 3×3 homography taking a
    /// point (x, y) of the plane to (X/W, Y/W), z dropped (Core Animation's flattening).
    public var flattened: Homography {
        Homography(m11: m11, m12: m12, m13: m14, m21: m21, m22: m22, m23: m24, m31: m41, m32: m42, m33: m44)
    }

    /// True when the plane z = 0 shows its back: the inverse's m33 is negative (CSS Transforms 2's
    /// definition of a back face), i.e. the flattened determinant and the full one differ in sign.
    public var showsBackFace: Bool {
        let full = determinant, flat = flattened.determinant
        guard full.isFinite, flat.isFinite, full != 0 else { return false }
        return (full < 0) != (flat < 0) && flat != 0
    }

    public var description: String {
        "[\(m11), \(m12), \(m13), \(m14); \(m21), \(m22), \(m23), \(m24); \(m31), \(m32), \(m33), \(m34); \(m41), \(m42), \(m43), \(m44)]"
    }
}
