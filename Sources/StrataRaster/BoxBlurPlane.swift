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
        var scratch = [Float](repeating: 0, count: max(width, height))
        var copy = [Float](repeating: 0, count: width * height), sums = [Float](repeating: 0, count: width)
        plane.withUnsafeMutableBufferPointer { data in
            scratch.withUnsafeMutableBufferPointer { line in
                copy.withUnsafeMutableBufferPointer { copy in
                    sums.withUnsafeMutableBufferPointer { sums in
                        for radius in radii where radius > 0 {
                            for y in 0..<height {
                                boxLine(data.baseAddress! + y * width, stride: 1, count: width, radius: radius, scratch: line.baseAddress!)
                            }
                            boxColumns(data.baseAddress!, width: width, height: height, radius: radius,
                                       copy: copy.baseAddress!, sums: sums.baseAddress!)
                        }
                    }
                }
            }
        }
    }

    /// One box pass down every column at once, row by row (contiguous, so it vectorises): for each
    /// column the same additions in the same order as `boxLine` with a stride, so the same floats.
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

    /// One box pass over a strided line with zero outside: out[i] = Σ in[i−r … i+r] / (2r+1).
    private static func boxLine(_ line: UnsafeMutablePointer<Float>, stride: Int, count: Int, radius: Int,
                                scratch: UnsafeMutablePointer<Float>) {
        for i in 0..<count { scratch[i] = line[i * stride] }
        let scale = 1 / Float(2 * radius + 1)
        var sum: Float = 0
        for i in 0..<min(radius, count) { sum += scratch[i] }
        for i in 0..<count {
            let entering = i + radius
            if entering < count { sum += scratch[entering] }
            line[i * stride] = max(0, sum * scale)
            let leaving = i - radius
            if leaving >= 0 { sum -= scratch[leaving] }
        }
    }
}
