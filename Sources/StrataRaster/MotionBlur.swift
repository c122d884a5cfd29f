import CStrataKernels
import Foundation

/// Core Image's motion blur kernel (seed 000, WWDC 2014 session 515), on premultiplied pixels.
///
/// With velocity v = (r·cos a, r·sin a) pixels and n = ⌊samples⌋:
/// output(dc) = mean over i = 0…2n of sample(dc − v + i·v/n), where dc is the pixel centre and
/// `sample` is bilinear, transparent outside the input. The output is the input outset by
/// (|vx|, |vy|) rounded out to whole pixels; a component below 1e-6 counts as 0. n = 0 is the
/// identity.
///
/// Every tap has the same offset for every pixel, so its bilinear weights are constants: the blur
/// is a sum of at most 4·(2n+1) shifted copies with constant weights (merged when offsets repeat),
/// accumulated in 16-bit integers: exactly when every offset is a whole number of pixels (the
/// default vertical blur), in fixed point (within 1 level of the exact mean) otherwise.
public enum MotionBlur {
    /// Velocity in pixels for a radius in pixels and an angle in radians, with components below
    /// 1e-6 set to 0 (so angle π/2 is exactly vertical).
    public static func velocity(radius: Double, angle: Double) -> (x: Double, y: Double) {
        var vx = radius * cos(angle), vy = radius * sin(angle)
        if abs(vx) < 1e-6 { vx = 0 }
        if abs(vy) < 1e-6 { vy = 0 }
        return (vx, vy)
    }

    /// How far the output extends past the input on each side: (⌈|vx|⌉, ⌈|vy|⌉).
    public static func outset(radius: Double, angle: Double) -> (x: Int, y: Int) {
        let v = velocity(radius: radius, angle: angle)
        return (Int(saturating: abs(v.x) - 1e-9, .up), Int(saturating: abs(v.y) - 1e-9, .up))
    }

    /// One shifted copy: output(X, Y) += weight × input(X + dx, Y + dy), in output pixels.
    struct Tap: Hashable {
        var dx: Int
        var dy: Int
    }

    /// The merged taps of the kernel, with weights summing to 1.
    static func taps(radius: Double, angle: Double, samples: Double) -> [(Tap, Double)] {
        let n = Int(saturating: samples, .down)
        let v = velocity(radius: radius, angle: angle)
        let (ox, oy) = outset(radius: radius, angle: angle)
        var weights: [Tap: Double] = [:]
        var order: [Tap] = []
        let count = Double(2 * n + 1)
        for i in 0...(2 * n) {
            // Sample point of output pixel X, relative to the input's pixel centres: X − ox + d.
            let dx = -v.x + Double(i) * v.x / Double(n), dy = -v.y + Double(i) * v.y / Double(n)
            let fx = dx - dx.rounded(.down), fy = dy - dy.rounded(.down)
            let ix = Int(saturating: dx, .down) - ox, iy = Int(saturating: dy, .down) - oy
            for (cx, cy, w) in [(0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy)]
            where w > 1e-9 {
                let tap = Tap(dx: ix + cx, dy: iy + cy)
                if weights[tap] == nil { order.append(tap) }
                weights[tap, default: 0] += w / count
            }
        }
        return order.map { ($0, weights[$0]!) }
    }

    /// The blurred image, larger than the input by `outset` on each side.
    public static func apply(_ image: PixelBuffer, radius: Double = 40, angle: Double = .pi / 2, samples: Double = 5) throws(RasterError) -> PixelBuffer {
        let n = Int(saturating: samples, .down)
        guard n > 0, radius != 0 else { return image }
        let (ox, oy) = outset(radius: radius, angle: angle)
        let width = image.width + 2 * ox, height = image.height + 2 * oy
        try Limits.checkSurface(width: width, height: height)
        let taps = taps(radius: radius, angle: angle, samples: samples)
        let count = 2 * n + 1
        let integral = count <= 257 && taps.allSatisfy { abs($0.1 * Double(count) - ($0.1 * Double(count)).rounded()) < 1e-9 }
        // Output (X, Y) reads input (X + dx, Y + dy). Rows above and below the input read a
        // transparent row; sideways, the input rows are copied between transparent margins wide
        // enough for every tap (no copy when no tap moves sideways, as in the default vertical blur).
        let padLeft = max(0, -(taps.map(\.0.dx).min() ?? 0))
        let padRight = max(0, width - image.width + (taps.map(\.0.dx).max() ?? 0))
        let rowWidth = image.width + padLeft + padRight
        let zeroRow = [UInt8](repeating: 0, count: rowWidth * 4)
        var padded: [UInt8] = []
        if padLeft > 0 || padRight > 0 {
            padded = [UInt8](repeating: 0, count: rowWidth * image.height * 4)
            padded.withUnsafeMutableBufferPointer { rows in
                image.pixels.withUnsafeBufferPointer { source in
                    for y in 0..<image.height {
                        (rows.baseAddress! + (y * rowWidth + padLeft) * 4).update(from: source.baseAddress! + y * image.width * 4, count: image.width * 4)
                    }
                }
            }
        }
        let factors: [UInt16] = integral ? taps.map { UInt16(saturating: $0.1 * Double(count), .toNearestOrAwayFromZero) } : quantizedWeights(taps.map(\.1))
        // Rounding, plus half a 1/256 step per tap: each fixed-point term is floored.
        let bias = UInt16(128 + min(127, taps.count / 2))
        // Whole-pixel taps one below the other at equal steps, each taken once (the default
        // vertical blur): a sliding sum per residue of the step, one row in and one out per row.
        let dys = taps.map(\.0.dy).sorted(), step = dys.count > 1 ? dys[1] - dys[0] : 0
        let sliding = integral && step > 0 && factors.allSatisfy { $0 == 1 } && Set(taps.map(\.0.dx)).count == 1
            && zip(dys, dys.dropFirst()).allSatisfy { $1 - $0 == step }
        if sliding {
            let dx = taps[0].0.dx
            var sums = [UInt16](repeating: 0, count: step * width * 4)
            let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
                (padded.isEmpty ? image.pixels : padded).withUnsafeBufferPointer { rows in
                    sums.withUnsafeMutableBufferPointer { sums in
                        func row(_ index: Int) -> UnsafePointer<UInt8>? {
                            index >= 0 && index < image.height ? rows.baseAddress! + index * rowWidth * 4 + (padLeft + dx) * 4 : nil
                        }
                        for y in 0..<height {
                            let sum = sums.baseAddress! + (y % step) * width * 4, target = out.baseAddress! + y * width * 4
                            if y < step {
                                for first in dys { strata_slide_u16(target, sum, row(y + first), nil, width, UInt32(count)) }
                            } else {
                                strata_slide_u16(target, sum, row(y + dys[dys.count - 1]), row(y - step + dys[0]), width, UInt32(count))
                            }
                        }
                    }
                }
                initialized = width * height * 4
            }
            return try PixelBuffer(width: width, height: height, premultipliedRGBA: bytes)
        }
        var pointers = [UnsafePointer<UInt8>?](repeating: nil, count: taps.count)
        // Every output byte is written, so the output is not cleared first.
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            (padded.isEmpty ? image.pixels : padded).withUnsafeBufferPointer { rows in
                zeroRow.withUnsafeBufferPointer { zero in
                    factors.withUnsafeBufferPointer { factors in
                        pointers.withUnsafeMutableBufferPointer { pointers in
                            for y in 0..<height {
                                for (index, (tap, _)) in taps.enumerated() {
                                    let row = y + tap.dy
                                    let start = row >= 0 && row < image.height ? rows.baseAddress! + row * rowWidth * 4 : zero.baseAddress!
                                    pointers[index] = start + (padLeft + tap.dx) * 4
                                }
                                if integral {
                                    strata_row_exact_u16(out.baseAddress! + y * width * 4, width, pointers.baseAddress!,
                                                         factors.baseAddress!, taps.count, UInt32(count))
                                } else {
                                    strata_row_weighted_u16(out.baseAddress! + y * width * 4, width, pointers.baseAddress!,
                                                            factors.baseAddress!, taps.count, bias)
                                }
                            }
                        }
                    }
                }
            }
            initialized = width * height * 4
        }
        return try PixelBuffer(width: width, height: height, premultipliedRGBA: bytes)
    }

    /// Weights in 1/65536, rounded, each at most 65535 and together at most 65536 (so a 16-bit sum
    /// of weighted bytes cannot overflow).
    static func quantizedWeights(_ weights: [Double]) -> [UInt16] {
        var quantized = weights.map { min(65535, max(0, Int(saturating: $0 * 65536, .toNearestOrAwayFromZero))) }
        var excess = quantized.reduce(0, +) - 65536
        while excess > 0, let largest = quantized.indices.max(by: { quantized[$0] < quantized[$1] }) {
            let cut = min(excess, quantized[largest])
            quantized[largest] -= cut
            excess -= cut
        }
        return quantized.map { UInt16($0) }
    }
}
