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
    /// pixels: the three box passes down the columns, then the same three along the rows (each a
    /// running sum — the value entering added, the result written, the value leaving subtracted —
    /// clamped at 0). σ ≤ 0 leaves the plane unchanged.
    public static func blur(_ plane: inout [Float], width: Int, height: Int, sigma: Double) {
        precondition(plane.count == width * height, "plane size does not match width × height")
        let radii = boxRadii(sigma: sigma)
        guard !radii.isEmpty, width > 0, height > 0 else { return }
        // The passes along the rows run down the columns of the plane transposed: the same
        // additions in the same order for each row, many rows at once. Two planes, each pass
        // reading one and writing the other: nothing is copied between passes.
        var scratch = [Float](unsafeUninitializedCapacity: width * height + max(width, height)) { _, count in
            count = width * height + max(width, height)
        }
        let sizes = radii.map { size_t(max(0, $0)) }
        plane.withUnsafeMutableBufferPointer { data in
            scratch.withUnsafeMutableBufferPointer { scratch in
                strata_box_blur_f32(data.baseAddress!, width, height, sizes, sizes.count, scratch.baseAddress!)
            }
        }
    }
}
