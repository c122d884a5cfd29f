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
        sigma > 0 ? Int((3 * sigma - 1e-9).rounded(.up)) : 0
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
        var small = [SIMD4<Float>](repeating: .zero, count: smallWidth * smallHeight)
        let scale = 1 / Float(f * f)
        var cellX = [Int32](repeating: 0, count: image.width), fracX = [Float](repeating: 0, count: image.width)
        for x in 0..<image.width {
            let u = (Double(x + pad) + 0.5) / Double(f) - 0.5
            let u0 = Int(u.rounded(.down))
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
                                let v0 = Int(v.rounded(.down))
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
        var blurred = [SIMD4<Float>](unsafeUninitializedCapacity: smallWidth * smallHeight) { _, count in
            count = smallWidth * smallHeight
        }
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
            let u0 = Int(u.rounded(.down))
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
                                    let v0 = Int(v.rounded(.down))
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

    // MARK: - Plan

    /// How one σ is applied: a direct kernel, or the box weight and cosine terms of the series.
    struct Plan {
        let radius: Int
        /// The direct kernel (small σ), else empty.
        let direct: [Float]
        /// Weight of the plain window sum (the k = 0 term).
        let a0: Float
        /// Per term k: weight, cos(πk/L), sin(πk/L), (−1)^k.
        let terms: [(weight: Float, cos: Float, sin: Float, sign: Float)]
        /// cos(πkj/L) and sin(πkj/L) at index (k − 1)·(L + 1) + j, j = 0…L: the first window of
        /// every row starts the running sums with them.
        let startCos: [Float]
        let startSin: [Float]

        /// A plan for σ; below `directBelow` the kernel is applied directly.
        init(sigma: Double, directBelow: Double = GaussianBlur.directLimit) {
            radius = GaussianBlur.outset(sigma: sigma)
            let kernel = GaussianBlur.kernel(sigma: sigma)
            if sigma < directBelow {
                direct = kernel.map(Float.init)
                a0 = 0
                terms = []
                startCos = []
                startSin = []
                return
            }
            direct = []
            let r = radius
            let coefficients = Self.fit(kernel, radius: r, terms: 3)
            a0 = Float(coefficients[0])
            terms = (1...3).map { k in
                let omega = Double.pi * Double(k) / Double(r)
                return (Float(coefficients[k]), Float(cos(omega)), Float(sin(omega)), k % 2 == 0 ? 1 : -1)
            }
            let angles = (1...3).flatMap { k in (0...r).map { j in Double.pi * Double(k) * Double(j) / Double(r) } }
            startCos = angles.map { Float(cos($0)) }
            startSin = angles.map { Float(sin($0)) }
        }

        /// Least-squares coefficients a₀…a_K of Σ aₖ cos(πkj/L) against the kernel samples.
        static func fit(_ kernel: [Double], radius: Int, terms: Int) -> [Double] {
            let n = terms + 1
            var matrix = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: n)
            for (index, value) in kernel.enumerated() {
                let j = Double(index - radius)
                let basis = (0..<n).map { cos(Double.pi * Double($0) * j / Double(radius)) }
                for r in 0..<n {
                    for c in 0..<n { matrix[r][c] += basis[r] * basis[c] }
                    matrix[r][n] += basis[r] * value
                }
            }
            // Gaussian elimination with partial pivoting (a small, well-conditioned system).
            for column in 0..<n {
                let pivot = (column..<n).max { abs(matrix[$0][column]) < abs(matrix[$1][column]) }!
                matrix.swapAt(column, pivot)
                for row in 0..<n where row != column {
                    let factor = matrix[row][column] / matrix[column][column]
                    for c in column...n { matrix[row][c] -= factor * matrix[column][c] }
                }
            }
            return (0..<n).map { matrix[$0][n] / matrix[$0][$0] }
        }

        /// Filters one row in place (zero outside it).
        func filterRow(_ row: UnsafeMutablePointer<SIMD4<Float>>, count: Int, scratch: UnsafeMutablePointer<SIMD4<Float>>) {
            scratch.update(from: row, count: count)
            if !direct.isEmpty {
                for i in 0..<count {
                    var sum = SIMD4<Float>.zero
                    for j in max(0, i - radius)...min(count - 1, i + radius) { sum += scratch[j] * direct[j - i + radius] }
                    row[i] = sum
                }
                return
            }
            let r = radius
            var box = SIMD4<Float>.zero
            var re0 = SIMD4<Float>.zero, im0 = re0, re1 = re0, im1 = re0, re2 = re0, im2 = re0
            startCos.withUnsafeBufferPointer { cosines in
                startSin.withUnsafeBufferPointer { sines in
                    for j in 0...min(r, count - 1) {
                        let value = scratch[j]
                        box += value
                        re0 += value * cosines[j]; im0 += value * sines[j]
                        re1 += value * cosines[r + 1 + j]; im1 += value * sines[r + 1 + j]
                        re2 += value * cosines[2 * (r + 1) + j]; im2 += value * sines[2 * (r + 1) + j]
                    }
                }
            }
            let t0 = terms[0], t1 = terms[1], t2 = terms[2]
            for n in 0..<count {
                row[n] = box * a0 + re0 * t0.weight + re1 * t1.weight + re2 * t2.weight
                let leaving = n - r >= 0 ? scratch[n - r] : .zero
                let entering = n + r + 1 < count ? scratch[n + r + 1] : .zero
                box += entering - leaving
                Self.advance(&re0, &im0, t0, leaving, entering)
                Self.advance(&re1, &im1, t1, leaving, entering)
                Self.advance(&re2, &im2, t2, leaving, entering)
            }
        }

        /// Applies the direct kernel to the rows of a float plane into `scratch`, then to the
        /// columns from there into `out` (zero outside the plane); `input` and `out` may be the
        /// same plane. Vectorised C loops: a row at a time, every tap summed in registers.
        func filterPlaneDirect(_ input: UnsafeMutablePointer<SIMD4<Float>>, width: Int, height: Int,
                               scratch: UnsafeMutablePointer<SIMD4<Float>>, into out: UnsafeMutablePointer<SIMD4<Float>>) {
            let r = radius
            func floats(_ p: UnsafeMutablePointer<SIMD4<Float>>) -> UnsafeMutablePointer<Float> {
                UnsafeMutableRawPointer(p).assumingMemoryBound(to: Float.self)
            }
            var padded = [SIMD4<Float>](repeating: .zero, count: width + 2 * r)
            var rowPointers = [UnsafePointer<Float>?](repeating: nil, count: direct.count)
            direct.withUnsafeBufferPointer { weights in
                rowPointers.withUnsafeMutableBufferPointer { pointers in
                    // Rows: scratch[x] = Σₖ w[k]·in[x + k − r], the row between r zero cells each
                    // side; tap k reads the padded row from cell k on.
                    padded.withUnsafeMutableBufferPointer { padded in
                        for k in 0..<direct.count { pointers[k] = UnsafePointer(floats(padded.baseAddress! + k)) }
                        for y in 0..<height {
                            (padded.baseAddress! + r).update(from: input + y * width, count: width)
                            strata_weighted_rows(floats(scratch + y * width), pointers.baseAddress!, weights.baseAddress!,
                                                 direct.count, width * 4)
                        }
                    }
                    // Columns: output row y weighs the rows y − r … y + r that exist.
                    for y in 0..<height {
                        let first = max(0, y - r), last = min(height - 1, y + r)
                        for j in first...last { pointers[j - first] = UnsafePointer(floats(scratch + j * width)) }
                        strata_weighted_rows(floats(out + y * width), pointers.baseAddress!, weights.baseAddress! + (first - y + r),
                                             last - first + 1, width * 4)
                    }
                }
            }
        }

        /// S ← e^(−iω)(S − s·leaving) + s·entering, with s = (−1)^k.
        @inline(__always)
        static func advance(_ re: inout SIMD4<Float>, _ im: inout SIMD4<Float>,
                            _ term: (weight: Float, cos: Float, sin: Float, sign: Float),
                            _ leaving: SIMD4<Float>, _ entering: SIMD4<Float>) {
            let dRe = re - leaving * term.sign
            let dIm = im
            re = dRe * term.cos + dIm * term.sin + entering * term.sign
            im = dIm * term.cos - dRe * term.sin
        }

        /// Filters every column of `planes` (zero above and below) into `out` as floats, column by
        /// column with a scratch line (used on reduced grids, which are small).
        func filterColumnsToFloat(_ planes: UnsafeMutablePointer<SIMD4<Float>>, width: Int, height: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
            var line = [SIMD4<Float>](repeating: .zero, count: height)
            var scratch = [SIMD4<Float>](repeating: .zero, count: height)
            line.withUnsafeMutableBufferPointer { column in
                scratch.withUnsafeMutableBufferPointer { temp in
                    for x in 0..<width {
                        for y in 0..<height { column[y] = planes[y * width + x] }
                        filterRow(column.baseAddress!, count: height, scratch: temp.baseAddress!)
                        for y in 0..<height { out[y * width + x] = column[y] }
                    }
                }
            }
        }

        /// Filters every column (zero above and below) and writes the result as premultiplied
        /// bytes. Columns go in strips of 16, swept top to bottom with the strip's state in cache.
        func filterColumns(_ planes: UnsafeMutablePointer<SIMD4<Float>>, width: Int, height: Int, into out: UnsafeMutablePointer<UInt8>) {
            let strip = 128
            if !direct.isEmpty {
                var sums = [SIMD4<Float>](repeating: .zero, count: strip)
                sums.withUnsafeMutableBufferPointer { sum in
                    for x0 in stride(from: 0, to: width, by: strip) {
                        let w = min(strip, width - x0)
                        for y in 0..<height {
                            for x in 0..<w { sum[x] = .zero }
                            for j in max(0, y - radius)...min(height - 1, y + radius) {
                                let weight = direct[j - y + radius]
                                let row = planes + j * width + x0
                                for x in 0..<w { sum[x] += row[x] * weight }
                            }
                            for x in 0..<w { GaussianBlur.store(sum[x], into: out + 4 * (y * width + x0 + x)) }
                        }
                    }
                }
                return
            }
            let r = radius
            let t0 = terms[0], t1 = terms[1], t2 = terms[2]
            var state = [SIMD4<Float>](repeating: .zero, count: strip * 7)
            state.withUnsafeMutableBufferPointer { s in
                let box = s.baseAddress!, re0 = box + strip, im0 = re0 + strip, re1 = im0 + strip
                let im1 = re1 + strip, re2 = im1 + strip, im2 = re2 + strip
                for x0 in stride(from: 0, to: width, by: strip) {
                    let w = min(strip, width - x0)
                    s.baseAddress!.update(repeating: .zero, count: strip * 7)
                    for j in 0...min(r, height - 1) {
                        let row = planes + j * width + x0
                        let c0 = startCos[j], c1 = startCos[r + 1 + j], c2 = startCos[2 * (r + 1) + j]
                        let s0 = startSin[j], s1 = startSin[r + 1 + j], s2 = startSin[2 * (r + 1) + j]
                        for x in 0..<w {
                            let v = row[x]
                            box[x] += v
                            re0[x] += v * c0; im0[x] += v * s0
                            re1[x] += v * c1; im1[x] += v * s1
                            re2[x] += v * c2; im2[x] += v * s2
                        }
                    }
                    for n in 0..<height {
                        let outRow = out + 4 * (n * width + x0)
                        for x in 0..<w {
                            let value = box[x] * a0 + re0[x] * t0.weight + re1[x] * t1.weight + re2[x] * t2.weight
                            GaussianBlur.store(value, into: outRow + 4 * x)
                        }
                        let hasLeaving = n - r >= 0, hasEntering = n + r + 1 < height
                        if hasLeaving && hasEntering {
                            let leaving = planes + (n - r) * width + x0, entering = planes + (n + r + 1) * width + x0
                            for x in 0..<w {
                                box[x] += entering[x] - leaving[x]
                                Self.advance(&re0[x], &im0[x], t0, leaving[x], entering[x])
                                Self.advance(&re1[x], &im1[x], t1, leaving[x], entering[x])
                                Self.advance(&re2[x], &im2[x], t2, leaving[x], entering[x])
                            }
                        } else if hasEntering {
                            let entering = planes + (n + r + 1) * width + x0
                            for x in 0..<w {
                                box[x] += entering[x]
                                Self.advance(&re0[x], &im0[x], t0, .zero, entering[x])
                                Self.advance(&re1[x], &im1[x], t1, .zero, entering[x])
                                Self.advance(&re2[x], &im2[x], t2, .zero, entering[x])
                            }
                        } else if hasLeaving {
                            let leaving = planes + (n - r) * width + x0
                            for x in 0..<w {
                                box[x] -= leaving[x]
                                Self.advance(&re0[x], &im0[x], t0, leaving[x], .zero)
                                Self.advance(&re1[x], &im1[x], t1, leaving[x], .zero)
                                Self.advance(&re2[x], &im2[x], t2, leaving[x], .zero)
                            }
                        }
                    }
                }
            }
        }
    }
}
