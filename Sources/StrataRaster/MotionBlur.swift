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
/// accumulated a row at a time. When every offset is a whole number of pixels (the default
/// vertical blur) the copies are summed exactly in 16-bit integers.
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

    /// Bilinear taps: float accumulation of weighted shifted rows. Horizontally adjacent taps of
    /// the same row (the two corners of a sample) go through the accumulator together.
    static func accumulateWeighted(_ input: UnsafePointer<UInt8>, _ inputWidth: Int, _ inputHeight: Int, taps: [(Tap, Double)],
                                   out: UnsafeMutablePointer<UInt8>, _ width: Int, _ height: Int) {
        var singles: [(tap: Tap, weight: Float)] = []
        var pairs: [(left: Tap, w0: Float, w1: Float)] = []
        var weights = Dictionary(uniqueKeysWithValues: taps.map { ($0.0, $0.1) })
        for (tap, _) in taps {
            guard let w0 = weights[tap] else { continue }
            let right = Tap(dx: tap.dx + 1, dy: tap.dy)
            if let w1 = weights[right] {
                pairs.append((tap, Float(w0), Float(w1)))
                weights[right] = nil
            } else {
                singles.append((tap, Float(w0)))
            }
            weights[tap] = nil
        }
        var sums = [Float](repeating: 0, count: width * 4)
        sums.withUnsafeMutableBufferPointer { sum in
            let acc = sum.baseAddress!
            for y in 0..<height {
                acc.update(repeating: 0, count: width * 4)
                for (left, w0, w1) in pairs {
                    let right = Tap(dx: left.dx + 1, dy: left.dy)
                    guard let l = span(left, y: y, inputWidth: inputWidth, inputHeight: inputHeight, width: width) else {
                        if let r = span(right, y: y, inputWidth: inputWidth, inputHeight: inputHeight, width: width) {
                            strata_accumulate_f32(acc + r.x0 * 4, input + (r.row * inputWidth + r.x0 + right.dx) * 4, (r.x1 - r.x0) * 4, w1)
                        }
                        continue
                    }
                    let r = span(right, y: y, inputWidth: inputWidth, inputHeight: inputHeight, width: width)
                    // Both taps valid on [max(l.x0, r.x0), min(l.x1, r.x1)); the rest one at a time.
                    let both0 = max(l.x0, r?.x0 ?? l.x1), both1 = min(l.x1, r?.x1 ?? l.x0)
                    if both0 < both1 {
                        strata_accumulate_pair_f32(acc + both0 * 4, input + (l.row * inputWidth + both0 + left.dx) * 4, (both1 - both0) * 4, w0, w1)
                        if l.x0 < both0 { strata_accumulate_f32(acc + l.x0 * 4, input + (l.row * inputWidth + l.x0 + left.dx) * 4, (both0 - l.x0) * 4, w0) }
                        if both1 < l.x1 { strata_accumulate_f32(acc + both1 * 4, input + (l.row * inputWidth + both1 + left.dx) * 4, (l.x1 - both1) * 4, w0) }
                        if let r {
                            if r.x0 < both0 { strata_accumulate_f32(acc + r.x0 * 4, input + (r.row * inputWidth + r.x0 + right.dx) * 4, (both0 - r.x0) * 4, w1) }
                            if both1 < r.x1 { strata_accumulate_f32(acc + both1 * 4, input + (r.row * inputWidth + both1 + right.dx) * 4, (r.x1 - both1) * 4, w1) }
                        }
                    } else {
                        strata_accumulate_f32(acc + l.x0 * 4, input + (l.row * inputWidth + l.x0 + left.dx) * 4, (l.x1 - l.x0) * 4, w0)
                        if let r { strata_accumulate_f32(acc + r.x0 * 4, input + (r.row * inputWidth + r.x0 + right.dx) * 4, (r.x1 - r.x0) * 4, w1) }
                    }
                }
                for (tap, weight) in singles {
                    guard let (x0, x1, row) = span(tap, y: y, inputWidth: inputWidth, inputHeight: inputHeight, width: width) else { continue }
                    strata_accumulate_f32(acc + x0 * 4, input + (row * inputWidth + x0 + tap.dx) * 4, (x1 - x0) * 4, weight)
                }
                strata_store_premultiplied(out + y * width * 4, acc, width)
            }
        }
    }
}
