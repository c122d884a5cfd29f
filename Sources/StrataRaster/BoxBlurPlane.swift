import CStrataKernels

/// Approximate Gaussian blur of a single-channel plane by three successive box blurs (cost per
/// pixel independent of σ). Used for shadow masks, where ±1/255 does not matter.
///
/// Values outside the plane count as 0 (decal edges): callers pad the plane by ⌈3σ⌉ on each side
/// so that nothing spreads past its edge.
public enum BoxBlurPlane {
    /// The three box widths (odd) whose successive application has standard deviation close to
    /// `sigma` pixels (the "boxes for Gauss" construction).
    public static func boxRadii(sigma: Double) -> [Int] {
        guard sigma > 0 else { return [] }
        let passes = 3.0
        let ideal = (12 * sigma * sigma / passes + 1).squareRoot()
        var lower = Int(saturating: ideal, .down)
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let l = Double(lower)
        let m = ((12 * sigma * sigma - passes * l * l - 4 * passes * l - 3 * passes) / (-4 * l - 4)).rounded()
        return (0..<3).map { Double($0) < m ? (lower - 1) / 2 : (upper - 1) / 2 }
    }

    /// Blurs `plane` (row-major, `width × height`) in place with standard deviation `sigma`
    /// pixels. σ ≤ 0 leaves the plane unchanged.
    public static func blur(_ plane: inout [Float], width: Int, height: Int, sigma: Double) {
        precondition(plane.count == width * height, "plane size does not match width × height")
        let radii = boxRadii(sigma: sigma)
        guard !radii.isEmpty, width > 0, height > 0 else { return }
        // Each pass along the rows runs as a pass down the columns of the transposed plane: the
        // same additions in the same order for each row, many rows at once.
        var transposed = [Float](repeating: 0, count: width * height), copy = transposed
        var sums = [Float](repeating: 0, count: max(width, height))
        plane.withUnsafeMutableBufferPointer { data in
            transposed.withUnsafeMutableBufferPointer { transposed in
                copy.withUnsafeMutableBufferPointer { copy in
                    sums.withUnsafeMutableBufferPointer { sums in
                        let (data, transposed, copy, sums) = (data.baseAddress!, transposed.baseAddress!, copy.baseAddress!, sums.baseAddress!)
                        for radius in radii where radius > 0 {
                            transpose(data, width: width, height: height, into: transposed)
                            boxColumns(transposed, width: height, height: width, radius: radius, copy: copy, sums: sums)
                            transpose(transposed, width: height, height: width, into: data)
                            boxColumns(data, width: width, height: height, radius: radius, copy: copy, sums: sums)
                        }
                    }
                }
            }
        }
    }

    /// Writes the `width × height` plane `source` transposed (`height × width`) into `target`.
    private static func transpose(_ source: UnsafePointer<Float>, width: Int, height: Int, into target: UnsafeMutablePointer<Float>) {
        strata_transpose_f32(source, width, height, target)
    }

    /// One box pass down every column at once, row by row (contiguous, so it vectorises), zero
    /// outside: for each column, out[i] = Σ in[i−r … i+r] / (2r+1) as a running sum — the value
    /// entering added, the result written, the value leaving subtracted, in that order.
    private static func boxColumns(_ data: UnsafeMutablePointer<Float>, width: Int, height: Int, radius: Int,
                                   copy: UnsafeMutablePointer<Float>, sums: UnsafeMutablePointer<Float>) {
        copy.update(from: data, count: width * height)
        let scale = 1 / Float(2 * radius + 1)
        sums.update(repeating: 0, count: width)
        for i in 0..<min(radius, height) {
            let row = copy + i * width
            for x in 0..<width { sums[x] += row[x] }
        }
        for i in 0..<height {
            let entering = i + radius
            if entering < height {
                let row = copy + entering * width
                for x in 0..<width { sums[x] += row[x] }
            }
            let out = data + i * width
            for x in 0..<width { out[x] = max(0, sums[x] * scale) }
            let leaving = i - radius
            if leaving >= 0 {
                let row = copy + leaving * width
                for x in 0..<width { sums[x] -= row[x] }
            }
        }
    }
}
