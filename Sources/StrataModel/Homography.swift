import Foundation

/// A projective map of the plane, row vectors: (x, y, 1)·H = (X, Y, W), the image is (X/W, Y/W).
///
/// What a `Transform3D` does to a flat layer (its `flattened` form). Only points with W > `minimumW`
/// lie in front of the eye; `project(_:)` clips polygons there in homogeneous coordinates, before
/// any division, so nothing behind the eye is drawn mirrored and no division by zero happens.
public struct Homography: Hashable, Sendable, CustomStringConvertible {
    public var m11: Double, m12: Double, m13: Double
    public var m21: Double, m22: Double, m23: Double
    public var m31: Double, m32: Double, m33: Double

    /// Creates a homography from its nine entries, row by row.
    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
                m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The affine transform as a homography.
    public init(_ affine: Transform2D) {
        self.init(m11: affine.a, m12: affine.b, m13: 0, m21: affine.c, m22: affine.d, m23: 0,
                  m31: affine.tx, m32: affine.ty, m33: 1)
    }

    /// Smallest W a visible point may have: the near plane, in units of the homogeneous
    /// coordinate (a point at W = 1e-6 is a million times larger than in the plane).
    public static let minimumW = 1e-6

    /// True when the map is affine (m13 = m23 = 0, m33 = 1): Cairo can draw it directly.
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// The affine part (m11, m12, m21, m22, m31, m32): the map itself when `isAffine`.
    public var affine: Transform2D { Transform2D(a: m11, b: m12, c: m21, d: m22, tx: m31, ty: m32) }

    /// The determinant.
    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// True when every entry is finite.
    public var isFinite: Bool {
        [m11, m12, m13, m21, m22, m23, m31, m32, m33].allSatisfy(\.isFinite)
    }

    /// The map that applies `self`, then `other`.
    public func concatenating(_ o: Homography) -> Homography {
        Homography(
            m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31, m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32,
            m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33,
            m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31, m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32,
            m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33,
            m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31, m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32,
            m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33)
    }

    /// The inverse, or nil when singular or not finite.
    public func inverted() -> Homography? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        let inverse = Homography(
            m11: (m22 * m33 - m23 * m32) * k, m12: (m13 * m32 - m12 * m33) * k, m13: (m12 * m23 - m13 * m22) * k,
            m21: (m23 * m31 - m21 * m33) * k, m22: (m11 * m33 - m13 * m31) * k, m23: (m13 * m21 - m11 * m23) * k,
            m31: (m21 * m32 - m22 * m31) * k, m32: (m12 * m31 - m11 * m32) * k, m33: (m11 * m22 - m12 * m21) * k)
        return inverse.isFinite ? inverse : nil
    }

    /// The homogeneous image (X, Y, W) of a point.
    public func apply(x: Double, y: Double) -> (x: Double, y: Double, w: Double) {
        (x * m11 + y * m21 + m31, x * m12 + y * m22 + m32, x * m13 + y * m23 + m33)
    }

    /// The image of a point, or nil when it lies behind the eye (W ≤ `minimumW`).
    public func project(_ point: Point) -> Point? {
        let h = apply(x: point.x, y: point.y)
        guard h.w > Self.minimumW else { return nil }
        return Point(x: h.x / h.w, y: h.y / h.w)
    }

    /// The image of a polygon, clipped to W ≥ `minimumW` in homogeneous coordinates first (the
    /// part behind the eye is cut off, not mirrored); empty when nothing is in front.
    public func project(_ polygon: [Point]) -> [Point] {
        let mapped = polygon.map { apply(x: $0.x, y: $0.y) }
        var result: [Point] = []
        let n = mapped.count
        for i in 0..<n {
            let a = mapped[i], b = mapped[(i + 1) % n]
            let aIn = a.w >= Self.minimumW, bIn = b.w >= Self.minimumW
            if aIn { result.append(Point(x: a.x / a.w, y: a.y / a.w)) }
            if aIn != bIn {
                let f = (Self.minimumW - a.w) / (b.w - a.w)
                let x = a.x + (b.x - a.x) * f, y = a.y + (b.y - a.y) * f
                result.append(Point(x: x / Self.minimumW, y: y / Self.minimumW))
            }
        }
        return result.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) ? result : []
    }

    /// The bounding box of the visible image of `rect` (clipped at the near plane); `.zero` when
    /// nothing of it is in front of the eye.
    public func projectedBounds(of rect: Rect) -> Rect {
        let polygon = project(rect.corners)
        guard let first = polygon.first else { return .zero }
        var x0 = first.x, x1 = first.x, y0 = first.y, y1 = first.y
        for p in polygon.dropFirst() {
            x0 = min(x0, p.x); x1 = max(x1, p.x); y0 = min(y0, p.y); y1 = max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String {
        "[\(m11), \(m12), \(m13); \(m21), \(m22), \(m23); \(m31), \(m32), \(m33)]"
    }
}

extension Rect {
    /// The four corners, clockwise on screen from the top-left (y down).
    public var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }
}
