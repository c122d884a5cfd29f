import Foundation

/// A 3-D transform taken apart as CSS Transforms 2 does ("Decomposing a 3D matrix"):
/// perspective, translation (points), scale, skew (xy, xz, yz shear factors) and a unit
/// quaternion (x, y, z, w) for the rotation. Interpolating these and recomposing is how Core
/// Animation and browsers animate a whole `transform` matrix.
public struct DecomposedTransform3D: Hashable, Sendable {
    public var perspective: [Double]  // 4
    public var translation: [Double]  // 3
    public var scale: [Double]  // 3
    public var skew: [Double]  // 3: xy, xz, yz
    public var quaternion: [Double]  // 4: x, y, z, w

    /// The parts of `matrix`, or nil when it cannot be decomposed (m44 = 0 or a singular
    /// upper 3×3 with translation): such matrices interpolate discretely.
    public init?(_ matrix: Transform3D) {
        guard matrix.isFinite, matrix.m44 != 0 else { return nil }
        var m = Self.rows(matrix)
        let m44 = m[3][3]
        for i in 0..<4 { for j in 0..<4 { m[i][j] /= m44 } }
        var p = m
        for i in 0..<3 { p[i][3] = 0 }
        p[3][3] = 1
        let perspectiveMatrix = Self.matrix(p)
        guard perspectiveMatrix.determinant != 0, perspectiveMatrix.determinant.isFinite else { return nil }
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            guard let inverse = perspectiveMatrix.inverted() else { return nil }
            let inv = Self.rows(inverse)
            let rhs = [m[0][3], m[1][3], m[2][3], m[3][3]]
            // rhs · (inverse)ᵀ as a row vector: component i = Σ_j rhs[j] · inverse[i][j].
            perspective = (0..<4).map { i in (0..<4).reduce(0) { $0 + rhs[$1] * inv[i][$1] } }
        } else {
            perspective = [0, 0, 0, 1]
        }
        translation = [m[3][0], m[3][1], m[3][2]]
        var row = (0..<3).map { i in [m[i][0], m[i][1], m[i][2]] }
        func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
        func normalized(_ v: [Double]) -> [Double] { let l = length(v); return l == 0 ? v : v.map { $0 / l } }
        func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
        func combine(_ a: [Double], _ b: [Double], _ sa: Double, _ sb: Double) -> [Double] { (0..<3).map { sa * a[$0] + sb * b[$0] } }
        var scale = [0.0, 0, 0], skew = [0.0, 0, 0]
        scale[0] = length(row[0]); row[0] = normalized(row[0])
        skew[0] = dot(row[0], row[1]); row[1] = combine(row[1], row[0], 1, -skew[0])
        scale[1] = length(row[1]); row[1] = normalized(row[1])
        if scale[1] != 0 { skew[0] /= scale[1] }
        skew[1] = dot(row[0], row[2]); row[2] = combine(row[2], row[0], 1, -skew[1])
        skew[2] = dot(row[1], row[2]); row[2] = combine(row[2], row[1], 1, -skew[2])
        scale[2] = length(row[2]); row[2] = normalized(row[2])
        if scale[2] != 0 { skew[1] /= scale[2]; skew[2] /= scale[2] }
        let cross = [row[1][1] * row[2][2] - row[1][2] * row[2][1], row[1][2] * row[2][0] - row[1][0] * row[2][2],
                     row[1][0] * row[2][1] - row[1][1] * row[2][0]]
        if dot(row[0], cross) < 0 {
            for i in 0..<3 { scale[i] = -scale[i]; row[i] = row[i].map { -$0 } }
        }
        var q = [
            0.5 * max(1 + row[0][0] - row[1][1] - row[2][2], 0).squareRoot(),
            0.5 * max(1 - row[0][0] + row[1][1] - row[2][2], 0).squareRoot(),
            0.5 * max(1 - row[0][0] - row[1][1] + row[2][2], 0).squareRoot(),
            0.5 * max(1 + row[0][0] + row[1][1] + row[2][2], 0).squareRoot(),
        ]
        if q[3] >= Self.halfTurnW {
            if row[2][1] > row[1][2] { q[0] = -q[0] }
            if row[0][2] > row[2][0] { q[1] = -q[1] }
            if row[1][0] > row[0][1] { q[2] = -q[2] }
        } else {
            // About half a turn (w near 0: a mirror image taken apart, whose three scales are
            // negated): the differences above vanish and leave every sign positive, which turns
            // the axis the wrong way (a mirror across the line at 60° came back across the one at
            // −60°). The signs come from the sums instead, relative to the largest of x, y, z,
            // which takes the sign of its product with w (positive when that is 0).
            let sums = [[0.0, row[0][1] + row[1][0], row[0][2] + row[2][0]],
                        [row[0][1] + row[1][0], 0, row[1][2] + row[2][1]],
                        [row[0][2] + row[2][0], row[1][2] + row[2][1], 0]]
            let withW = [row[1][2] - row[2][1], row[2][0] - row[0][2], row[0][1] - row[1][0]]
            let k = (0..<3).max { q[$0] < q[$1] } ?? 0
            if withW[k] < 0 { q[k] = -q[k] }
            for j in 0..<3 where j != k && sums[k][j] * q[k] < 0 { q[j] = -q[j] }
        }
        self.scale = scale
        self.skew = skew
        self.quaternion = q
        guard (perspective + translation + scale + skew + quaternion).allSatisfy(\.isFinite) else { return nil }
    }

    /// Below this w (a rotation within about 0.01° of half a turn) a quaternion's signs are read
    /// from the sums of the rotation's off-diagonal entries, not their differences.
    static let halfTurnW = 1e-4

    /// The matrix these parts make (CSS Transforms 2's "Recomposing to a 3D matrix").
    public var recomposed: Transform3D {
        var m = Self.rows(.identity)
        for i in 0..<4 { m[i][3] = perspective[i] }
        // Translation, then perspective: row 4 becomes t · (the first three rows) + row 4.
        for column in 0..<4 {
            var sum = 0.0
            for j in 0..<3 { sum += translation[j] * m[j][column] }
            m[3][column] += sum
        }
        let (x, y, z, w) = (quaternion[0], quaternion[1], quaternion[2], quaternion[3])
        // The rotation as a row-vector matrix (the transpose of CSS's column form).
        var r = Self.rows(.identity)
        r[0][0] = 1 - 2 * (y * y + z * z); r[0][1] = 2 * (x * y + z * w); r[0][2] = 2 * (x * z - y * w)
        r[1][0] = 2 * (x * y - z * w); r[1][1] = 1 - 2 * (x * x + z * z); r[1][2] = 2 * (y * z + x * w)
        r[2][0] = 2 * (x * z + y * w); r[2][1] = 2 * (y * z - x * w); r[2][2] = 1 - 2 * (x * x + y * y)
        var result = Self.matrix(r).concatenating(Self.matrix(m))
        func shear(_ i: Int, _ j: Int, _ amount: Double) {
            guard amount != 0 else { return }
            var s = Self.rows(.identity)
            s[i][j] = amount
            result = Self.matrix(s).concatenating(result)
        }
        shear(2, 1, skew[2])
        shear(2, 0, skew[1])
        shear(1, 0, skew[0])
        return Transform3D.scale(x: scale[0], y: scale[1], z: scale[2]).concatenating(result)
    }

    /// The parts at `fraction` between `self` (0) and `other` (1): everything linear, the
    /// rotation by spherical linear interpolation of the quaternions (CSS Transforms 2).
    public func interpolated(to other: DecomposedTransform3D, fraction: Double) -> DecomposedTransform3D {
        func mix(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map { $0 + ($1 - $0) * fraction } }
        var result = self
        result.perspective = mix(perspective, other.perspective)
        result.translation = mix(translation, other.translation)
        result.scale = mix(scale, other.scale)
        result.skew = mix(skew, other.skew)
        let product = min(max(zip(quaternion, other.quaternion).reduce(0) { $0 + $1.0 * $1.1 }, -1), 1)
        if abs(product) < 1 {
            let theta = acos(product)
            let w = sin(fraction * theta) / (1 - product * product).squareRoot()
            let a = cos(fraction * theta) - product * w
            result.quaternion = zip(quaternion, other.quaternion).map { $0 * a + $1 * w }
        }
        return result
    }

    static func rows(_ t: Transform3D) -> [[Double]] {
        let e = t.entries
        return [Array(e[0..<4]), Array(e[4..<8]), Array(e[8..<12]), Array(e[12..<16])]
    }

    static func matrix(_ rows: [[Double]]) -> Transform3D {
        Transform3D(entries: rows.flatMap { $0 })!
    }
}

extension Transform3D {
    /// The matrix at `fraction` between `self` (0) and `other` (1), by decomposition as CSS
    /// Transforms 2 and Core Animation do (a rotation turns, it does not shrink through zero).
    /// Two affine matrices interpolate as 2-D ones; a matrix that cannot be decomposed switches
    /// at half way. Fractions outside 0…1 extrapolate.
    public func interpolated(to other: Transform3D, fraction: Double) -> Transform3D {
        guard let a = DecomposedTransform3D(self), let b = DecomposedTransform3D(other) else {
            return fraction < 0.5 ? self : other
        }
        let result = a.interpolated(to: b, fraction: fraction).recomposed
        return result.isFinite ? result : (fraction < 0.5 ? self : other)
    }
}
