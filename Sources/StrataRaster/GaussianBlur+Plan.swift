import CStrataKernels
import Foundation

// The plan of a Gaussian blur: for one σ, a direct kernel or the cosine series, and the row and
// column passes that run it (see `GaussianBlur`).
extension GaussianBlur {
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
