import CStrataKernels
import Foundation

/// Gaussian blur of a premultiplied image with standard deviation σ in pixels (σ = radius, the
/// CSS and `CIGaussianBlur` convention). Transparent outside the input (decal); the output is the
/// input outset by ⌈3σ⌉ on each side. σ = 0 is the identity.
///
/// The kernel is the Gaussian truncated at L = ⌈3σ⌉ and normalised. Below σ = `directLimit` it is
/// applied directly (it is short). Above, it is written as a short cosine series over the window,
/// K(j) ≈ a₀ + Σₖ aₖ cos(πkj/L), k = 1…3 (the coefficients of a Gaussian fall off as
/// exp(−(πk/3)²/2), so three terms leave an error far below one 8-bit level), and each term is a
/// running sum updated by one complex rotation per pixel: the cost per pixel does not depend on σ.
/// Rows are filtered one at a time; columns are swept a row at a time with per-column state, so
/// memory is read in order. Values are premultiplied floats (SIMD4: R, G, B, A).
public enum GaussianBlur {
    /// Below this σ (pixels) the exact kernel is applied directly.
    public static let directLimit = 2.0

    /// How far the output extends past the input on each side, in pixels: ⌈3σ⌉.
    public static func outset(sigma: Double) -> Int {
        sigma > 0 ? Int(saturating: 3 * sigma - 1e-9, .up) : 0
    }

    /// From this σ on, the blur runs on a grid reduced by `reduction(sigma:)` (block means), and is
    /// interpolated back bilinearly; the σ used on the reduced grid is corrected for the variance
    /// the reduction and the interpolation add, so the result stays within a level or two of the
    /// exact Gaussian while costing a fraction.
    public static let reducedLimit = 3.0

    /// The grid reduction for σ: 1 (none) below `reducedLimit`, 2 from there, 4 from σ 16 and 8
    /// from σ 36 — so that σ on the reduced grid stays large next to the grid's spacing.
    public static func reduction(sigma: Double) -> Int {
        if sigma >= 36 { return 8 }
        if sigma >= 16 { return 4 }
        return sigma >= reducedLimit ? 2 : 1
    }

    /// The blurred image, `outset(sigma:)` pixels larger on each side.
    public static func apply(_ image: PixelBuffer, sigma: Double) throws(RasterError) -> PixelBuffer {
        try apply(image, sigma: sigma, window: nil)
    }

    /// The part `window` of the blurred image, in the blurred image's pixel coordinates (the input's
    /// pixel (0, 0) is at (outset, outset)); nil is all of it. The pixels are the same as those of
    /// the whole blur, but on the reduced grid only the window is interpolated back (a backdrop
    /// blur needs only the pixels under its shape).
    public static func apply(_ image: PixelBuffer, sigma: Double, window: PixelWindow?) throws(RasterError) -> PixelBuffer {
        guard sigma > 0 else {
            guard let window else { return image }
            return try image.cropped(to: window)
        }
        let pad = outset(sigma: sigma)
        let whole = PixelWindow(x: 0, y: 0, width: image.width + 2 * pad, height: image.height + 2 * pad)
        let part = window.map { $0.intersection(whole) } ?? whole
        guard part.width > 0, part.height > 0 else {
            throw .invalidArgument("the window \(window!) lies outside the \(whole.width)×\(whole.height) blurred image")
        }
        let factor = reduction(sigma: sigma)
        if factor > 1 { return try reduced(image, sigma: sigma, factor: factor, window: part) }
        let blurred = try full(image, sigma: sigma)
        return part == whole ? blurred : try blurred.cropped(to: part)
    }

    /// The blur on a grid reduced by `factor`: block means, a Gaussian there, bilinear back (only
    /// inside `window`, in output coordinates).
    static func reduced(_ image: PixelBuffer, sigma: Double, factor f: Int, window: PixelWindow) throws(RasterError) -> PixelBuffer {
        let pad = outset(sigma: sigma)
        let width = image.width + 2 * pad, height = image.height + 2 * pad
        // The reduced grid covers the whole output: cell (i, j) is centred on output coordinate
        // ((i + 0.5)·f, (j + 0.5)·f). Each input pixel is splatted bilinearly onto the four cells
        // around its centre (the adjoint of bilinear interpolation), which keeps its mass and its
        // position (a plain block mean would move features by up to half a block).
        let smallWidth = width / f + 2, smallHeight = height / f + 2
        let kept = BlurScratch.current  // this thread's planes, kept from the last blur
        var small = kept.take(0, count: smallWidth * smallHeight, cleared: true)
        let scale = 1 / Float(f * f)
        var cellX = [Int32](repeating: 0, count: image.width), fracX = [Float](repeating: 0, count: image.width)
        for x in 0..<image.width {
            let u = (Double(x + pad) + 0.5) / Double(f) - 0.5
            let u0 = Int(saturating: u, .down)
            cellX[x] = Int32(u0)
            fracX[x] = Float(u - Double(u0))
        }
        // Separably: each input row is splatted along x into a reduced-width row, which is then
        // added to the two grid rows around it.
        var line = [Float](repeating: 0, count: smallWidth * 4)
        image.pixels.withUnsafeBufferPointer { source in
            small.withUnsafeMutableBufferPointer { cells in
                line.withUnsafeMutableBufferPointer { reduced in
                    cellX.withUnsafeBufferPointer { cellX in
                        fracX.withUnsafeBufferPointer { fracX in
                            let cellFloats = UnsafeMutableRawPointer(cells.baseAddress!).assumingMemoryBound(to: Float.self)
                            for y in 0..<image.height {
                                let v = (Double(y + pad) + 0.5) / Double(f) - 0.5
                                let v0 = Int(saturating: v, .down)
                                let fy = Float(v - Double(v0))
                                reduced.update(repeating: 0)
                                strata_splat_row(reduced.baseAddress!, source.baseAddress! + y * image.width * 4, image.width,
                                                 cellX.baseAddress!, fracX.baseAddress!, scale)
                                let row0 = cellFloats + v0 * smallWidth * 4, row1 = row0 + smallWidth * 4
                                strata_add_scaled(row0, reduced.baseAddress!, smallWidth * 4, 1 - fy)
                                strata_add_scaled(row1, reduced.baseAddress!, smallWidth * 4, fy)
                            }
                        }
                    }
                }
            }
        }
        // Variance added (in output pixels, averaged over positions): splat f²/6, interpolation f²/6.
        let variance = sigma * sigma - Double(f * f) / 3
        let smallSigma = max(variance, 0.01).squareRoot() / Double(f)
        // On the reduced grid a short kernel (up to 19 taps, σ < 2.7 there) is applied directly,
        // a row of cells at a time with vectorised C loops; longer ones use the cosine series,
        // whose cost does not grow with σ.
        let plan = Plan(sigma: smallSigma, directBelow: 2.7)
        // Every cell of `blurred` is written by either path (as the direct rows' scratch, or as the
        // columns' output), so it is not cleared first.
        var blurred = kept.take(1, count: smallWidth * smallHeight, cleared: false)
        small.withUnsafeMutableBufferPointer { cells in
            blurred.withUnsafeMutableBufferPointer { out in
                if !plan.direct.isEmpty {
                    // Rows into `out` as scratch, columns back into `cells`, which then is the result.
                    plan.filterPlaneDirect(cells.baseAddress!, width: smallWidth, height: smallHeight,
                                           scratch: out.baseAddress!, into: cells.baseAddress!)
                    return
                }
                var scratch = [SIMD4<Float>](repeating: .zero, count: max(smallWidth, smallHeight))
                scratch.withUnsafeMutableBufferPointer { temp in
                    for y in 0..<smallHeight { plan.filterRow(cells.baseAddress! + y * smallWidth, count: smallWidth, scratch: temp.baseAddress!) }
                }
                plan.filterColumnsToFloat(cells.baseAddress!, width: smallWidth, height: smallHeight, into: out.baseAddress!)
            }
        }
        if !plan.direct.isEmpty { swap(&blurred, &small) }
        // Bilinear back to the output grid: output pixel centre x + 0.5 lies at cell coordinate
        // (x + 0.5)/f − 0.5.
        try Limits.checkSurface(width: window.width, height: window.height)
        var left = [Int32](repeating: 0, count: window.width), right = [Int32](repeating: 0, count: window.width)
        var fracs = [Float](repeating: 0, count: window.width)
        for i in 0..<window.width {
            let x = window.x + i
            let u = (Double(x) + 0.5) / Double(f) - 0.5
            let u0 = Int(saturating: u, .down)
            left[i] = Int32(min(max(u0, 0), smallWidth - 1))
            right[i] = Int32(min(max(u0 + 1, 0), smallWidth - 1))
            fracs[i] = Float(u - Double(u0))
        }
        // Separably again: the two grid rows are blended in y, then interpolated along x and
        // stored as bytes (vectorised C loops).
        var mixed = [Float](repeating: 0, count: smallWidth * 4)
        // Every output byte is written, so the output is not cleared first.
        let bytes = [UInt8](unsafeUninitializedCapacity: window.width * window.height * 4) { out, initialized in
            initialized = window.width * window.height * 4
            blurred.withUnsafeBufferPointer { cells in
                let cellFloats = UnsafeRawPointer(cells.baseAddress!).assumingMemoryBound(to: Float.self)
                mixed.withUnsafeMutableBufferPointer { column in
                    left.withUnsafeBufferPointer { left in
                        right.withUnsafeBufferPointer { right in
                            fracs.withUnsafeBufferPointer { fracs in
                                for row in 0..<window.height {
                                    let y = window.y + row
                                    let v = (Double(y) + 0.5) / Double(f) - 0.5
                                    let v0 = Int(saturating: v, .down)
                                    let row0 = min(max(v0, 0), smallHeight - 1) * smallWidth * 4
                                    let row1 = min(max(v0 + 1, 0), smallHeight - 1) * smallWidth * 4
                                    strata_lerp_rows(column.baseAddress!, cellFloats + row0, cellFloats + row1, smallWidth * 4,
                                                     Float(v - Double(v0)))
                                    strata_expand_row(out.baseAddress! + 4 * row * window.width, column.baseAddress!, left.baseAddress!,
                                                      right.baseAddress!, fracs.baseAddress!, window.width)
                                }
                            }
                        }
                    }
                }
            }
        }
        kept.keep(small, slot: 0)
        kept.keep(blurred, slot: 1)
        return try PixelBuffer(width: window.width, height: window.height, premultipliedRGBA: bytes)
    }

    /// The blur at full resolution.
    static func full(_ image: PixelBuffer, sigma: Double) throws(RasterError) -> PixelBuffer {
        let pad = outset(sigma: sigma)
        let width = image.width + 2 * pad, height = image.height + 2 * pad
        var output = try PixelBuffer(width: width, height: height)
        let plan = Plan(sigma: sigma)
        var planes = [SIMD4<Float>](repeating: .zero, count: width * height)
        planes.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            // Rows: load each input row into its padded place and filter it there.
            image.pixels.withUnsafeBufferPointer { source in
                var scratch = [SIMD4<Float>](repeating: .zero, count: width)
                scratch.withUnsafeMutableBufferPointer { temp in
                    for y in 0..<image.height {
                        let row = base + (y + pad) * width
                        for x in 0..<image.width {
                            let i = (y * image.width + x) * 4
                            row[pad + x] = SIMD4(Float(source[i]), Float(source[i + 1]), Float(source[i + 2]), Float(source[i + 3]))
                        }
                        plan.filterRow(row, count: width, scratch: temp.baseAddress!)
                    }
                }
            }
            // Columns, then bytes.
            output.pixels.withUnsafeMutableBufferPointer { out in
                plan.filterColumns(base, width: width, height: height, into: out.baseAddress!)
            }
        }
        return output
    }

    /// The exact Gaussian truncated at ⌈3σ⌉, normalised to sum 1 (index 0 is −⌈3σ⌉).
    public static func kernel(sigma: Double) -> [Double] {
        let radius = outset(sigma: sigma)
        let weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        return weights.map { $0 / total }
    }

    /// Writes a premultiplied float pixel as bytes: rounded to nearest, clamped to 0…255, colour
    /// never above alpha. Rounds by adding 1.5·2²³ and reading the low bits, which avoids Swift's
    /// checked float-to-integer conversions in the hot loops.
    @inline(__always)
    static func store(_ value: SIMD4<Float>, into out: UnsafeMutablePointer<UInt8>) {
        let magic: Float = 12_582_912
        let alpha = min(max(value.w, 0), 255)
        let r = min(max(value.x, 0), alpha), g = min(max(value.y, 0), alpha), b = min(max(value.z, 0), alpha)
        out[0] = UInt8(truncatingIfNeeded: (r + magic).bitPattern)
        out[1] = UInt8(truncatingIfNeeded: (g + magic).bitPattern)
        out[2] = UInt8(truncatingIfNeeded: (b + magic).bitPattern)
        out[3] = UInt8(truncatingIfNeeded: (alpha + magic).bitPattern)
    }
}
