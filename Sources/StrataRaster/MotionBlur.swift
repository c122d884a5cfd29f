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
        return (Int((abs(v.x) - 1e-9).rounded(.up)), Int((abs(v.y) - 1e-9).rounded(.up)))
    }

    /// One shifted copy: output(X, Y) += weight × input(X + dx, Y + dy), in output pixels.
    struct Tap: Hashable {
        var dx: Int
        var dy: Int
    }

    /// The merged taps of the kernel, with weights summing to 1.
    static func taps(radius: Double, angle: Double, samples: Double) -> [(Tap, Double)] {
        let n = Int(samples.rounded(.down))
        let v = velocity(radius: radius, angle: angle)
        let (ox, oy) = outset(radius: radius, angle: angle)
        var weights: [Tap: Double] = [:]
        var order: [Tap] = []
        let count = Double(2 * n + 1)
        for i in 0...(2 * n) {
            // Sample point of output pixel X, relative to the input's pixel centres: X − ox + d.
            let dx = -v.x + Double(i) * v.x / Double(n), dy = -v.y + Double(i) * v.y / Double(n)
            let fx = dx - dx.rounded(.down), fy = dy - dy.rounded(.down)
            let ix = Int(dx.rounded(.down)) - ox, iy = Int(dy.rounded(.down)) - oy
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
        let n = Int(samples.rounded(.down))
        guard n > 0, radius != 0 else { return image }
        let (ox, oy) = outset(radius: radius, angle: angle)
        let width = image.width + 2 * ox, height = image.height + 2 * oy
        var output = try PixelBuffer(width: width, height: height)
        let taps = taps(radius: radius, angle: angle, samples: samples)
        let integral = taps.allSatisfy { abs($0.1 * Double(2 * n + 1) - ($0.1 * Double(2 * n + 1)).rounded()) < 1e-9 }
        image.pixels.withUnsafeBufferPointer { source in
            output.pixels.withUnsafeMutableBufferPointer { out in
                if integral && 2 * n + 1 <= 257 {
                    accumulateIntegral(source.baseAddress!, image.width, image.height, taps: taps, count: 2 * n + 1,
                                       out: out.baseAddress!, width, height)
                } else {
                    accumulateWeighted(source.baseAddress!, image.width, image.height, taps: taps,
                                       out: out.baseAddress!, width, height)
                }
            }
        }
        return output
    }

    /// The part of output row `y` that tap `tap` reads from the input: x range and input row.
    @inline(__always)
    static func span(_ tap: Tap, y: Int, inputWidth: Int, inputHeight: Int, width: Int) -> (x0: Int, x1: Int, row: Int)? {
        let row = y + tap.dy
        guard row >= 0, row < inputHeight else { return nil }
        let x0 = max(0, -tap.dx), x1 = min(width, inputWidth - tap.dx)
        return x0 < x1 ? (x0, x1, row) : nil
    }

    /// Whole-pixel taps with integer multiplicities: exact sums in 16 bits, then one division.
    static func accumulateIntegral(_ input: UnsafePointer<UInt8>, _ inputWidth: Int, _ inputHeight: Int, taps: [(Tap, Double)],
                                   count: Int, out: UnsafeMutablePointer<UInt8>, _ width: Int, _ height: Int) {
        let multiplicities = taps.map { (tap: $0.0, times: UInt16(($0.1 * Double(count)).rounded())) }
        var sums = [UInt16](repeating: 0, count: width * 4)
        let divisor = UInt32(count)
        sums.withUnsafeMutableBufferPointer { sum in
            let acc = sum.baseAddress!
            for y in 0..<height {
                acc.update(repeating: 0, count: width * 4)
                for (tap, times) in multiplicities {
                    guard let (x0, x1, row) = span(tap, y: y, inputWidth: inputWidth, inputHeight: inputHeight, width: width) else { continue }
                    strata_accumulate_u16(acc + x0 * 4, input + (row * inputWidth + x0 + tap.dx) * 4, (x1 - x0) * 4, times)
                }
                strata_divide_u16(out + y * width * 4, acc, width * 4, divisor)
            }
        }
    }

    /// Bilinear taps: a fixed-point sum of shifted copies (weights in 1/65536, sums in 1/256 of
    /// a level, 16 bits wide) over a copy of the input padded with transparent pixels, so that every
    /// tap of every output pixel reads inside it. Within 1 level of the exact mean (rounding plus
    /// at most taps/256 of truncation, mostly compensated by the bias).
    static func accumulateWeighted(_ input: UnsafePointer<UInt8>, _ inputWidth: Int, _ inputHeight: Int, taps: [(Tap, Double)],
                                   out: UnsafeMutablePointer<UInt8>, _ width: Int, _ height: Int) {
        // Output (X, Y) reads input (X + dx, Y + dy): pad so that those reads stay inside.
        let padLeft = max(0, -(taps.map(\.0.dx).min() ?? 0)), padTop = max(0, -(taps.map(\.0.dy).min() ?? 0))
        let padRight = max(0, width - inputWidth + (taps.map(\.0.dx).max() ?? 0))
        let padBottom = max(0, height - inputHeight + (taps.map(\.0.dy).max() ?? 0))
        let paddedWidth = inputWidth + padLeft + padRight, paddedHeight = inputHeight + padTop + padBottom
        let padded = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: paddedWidth * paddedHeight * 4)
        defer { padded.deallocate() }
        padded.initialize(repeating: 0)
        for y in 0..<inputHeight {
            (padded.baseAddress! + ((y + padTop) * paddedWidth + padLeft) * 4).update(from: input + y * inputWidth * 4, count: inputWidth * 4)
        }
        let offsets = taps.map { ($0.0.dy * paddedWidth + $0.0.dx) * 4 }
        let weights = quantizedWeights(taps.map(\.1))
        let bias = UInt16(128 + min(127, taps.count / 2))
        offsets.withUnsafeBufferPointer { offsets in
            weights.withUnsafeBufferPointer { weights in
                strata_shifted_sum_u16(out, width * 4, width, height,
                                       padded.baseAddress! + (padTop * paddedWidth + padLeft) * 4, paddedWidth * 4,
                                       offsets.baseAddress!, weights.baseAddress!, taps.count, bias)
            }
        }
    }

    /// Weights in 1/65536, rounded, each at most 65535 and together at most 65536 (so a 16-bit sum
    /// of weighted bytes cannot overflow).
    static func quantizedWeights(_ weights: [Double]) -> [UInt16] {
        var quantized = weights.map { min(65535, max(0, Int(($0 * 65536).rounded()))) }
        var excess = quantized.reduce(0, +) - 65536
        while excess > 0, let largest = quantized.indices.max(by: { quantized[$0] < quantized[$1] }) {
            let cut = min(excess, quantized[largest])
            quantized[largest] -= cut
            excess -= cut
        }
        return quantized.map { UInt16($0) }
    }
}
