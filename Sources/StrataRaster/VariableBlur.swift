import Foundation

/// Variable (progressive) blur: σ(x, y) = maxSigma × mask(x, y), premultiplied, decal edges; the
/// output is the input outset by ⌈3·maxSigma⌉.
///
/// The image is blurred at a ladder of σ levels (only those the mask uses) and each output pixel
/// interpolates linearly between the two levels around its σ. A blur changes fastest with σ below
/// one pixel (a Gaussian of σ 0.3 is nearly the identity, of σ 1 it is not), so the ladder steps by
/// 0.1 px from 0.3 to 1, then geometrically by `levelRatio`.
public enum VariableBlur {
    /// Ratio between successive σ levels above 1 px.
    public static let levelRatio = 1.15

    /// The σ levels used for `maxSigma`: 0, 0.3, 0.4, …, 1, 1.15, 1.3225, …, maxSigma.
    public static func levels(maxSigma: Double) -> [Double] {
        guard maxSigma > 0 else { return [0] }
        var result = [0.0]
        var sigma = 0.3
        while sigma < maxSigma - 1e-9 {
            result.append(sigma)
            sigma = sigma < 0.95 ? sigma + 0.1 : sigma * levelRatio
        }
        result.append(maxSigma)
        return result
    }

    /// Bytes `apply` holds at most for an output of `pixels` pixels, besides the Gaussian blur
    /// of one level: σ and level per pixel (5 B), the running sum (16 B), one level (4 B) and the
    /// output (4 B). The output is the input outset by ⌈3·maxSigma⌉ on each side, so a 130×20 layer
    /// at the largest radius (532 → 3,322×3,212 px) holds about 310 MB.
    public static func workingBytes(pixels: Int) -> Int { pixels * 29 }

    /// The blurred image. `mask` covers the input from pixel (maskX, maskY) on (its edge values
    /// extend outwards); by default it has the input's size and origin.
    ///
    /// Levels are blurred one at a time, in ascending order, and added to a running sum with their
    /// weights, so that memory does not grow with the number of levels (`workingBytes`).
    ///
    /// A transparent margin of the input (an offscreen group grown for the blur's reach) is not
    /// blurred: the blur runs on the part that has content, and the rest of the output is
    /// transparent, as it would be anyway.
    ///
    /// - Parameter window: the part of the output wanted, in output pixels (the input is at
    ///   (pad, pad) there, pad = ⌈3·maxSigma⌉); nil for all of it.
    public static func apply(_ image: PixelBuffer, maxSigma: Double, mask: MaskPlane, maskX: Int = 0, maskY: Int = 0,
                             window: PixelWindow? = nil) throws(RasterError) -> PixelBuffer {
        let pad = maxSigma > 0 ? GaussianBlur.outset(sigma: maxSigma) : 0
        let whole = PixelWindow(x: 0, y: 0, width: image.width + 2 * pad, height: image.height + 2 * pad)
        let target = window ?? whole
        try Limits.checkSurface(width: target.width, height: target.height)
        guard let content = contentWindow(of: image) else { return try PixelBuffer(width: target.width, height: target.height) }
        let trimmed = content.width == image.width && content.height == image.height ? image : try image.cropped(to: content)
        try Limits.checkSurface(width: trimmed.width + 2 * pad, height: trimmed.height + 2 * pad)
        let part = maxSigma > 0 ? try blur(trimmed, maxSigma: maxSigma, mask: mask, maskX: maskX - content.x, maskY: maskY - content.y) : trimmed
        // `part` covers output pixels from (content.x, content.y) on.
        if window == nil, trimmed.width == image.width, trimmed.height == image.height { return part }
        var output = try PixelBuffer(width: target.width, height: target.height)
        let left = max(target.x, content.x), right = min(target.x + target.width, content.x + part.width)
        let top = max(target.y, content.y), bottom = min(target.y + target.height, content.y + part.height)
        guard left < right, top < bottom else { return output }
        for y in top..<bottom {
            let from = ((y - content.y) * part.width + (left - content.x)) * 4, to = ((y - target.y) * target.width + (left - target.x)) * 4
            output.pixels.replaceSubrange(to..<(to + (right - left) * 4), with: part.pixels[from..<(from + (right - left) * 4)])
        }
        return output
    }

    /// The whole blurred output of an input with content up to its edges.
    private static func blur(_ image: PixelBuffer, maxSigma: Double, mask: MaskPlane, maskX: Int, maskY: Int) throws(RasterError) -> PixelBuffer {
        let pad = GaussianBlur.outset(sigma: maxSigma)
        let width = image.width + 2 * pad, height = image.height + 2 * pad
        let ladder = levels(maxSigma: maxSigma)
        // σ per output pixel, and the level at or above it (the ladder has fewer than 256 levels).
        var sigmas = [Float](repeating: 0, count: width * height)
        var uppers = [UInt8](repeating: 0, count: width * height)
        var needed = [Bool](repeating: false, count: ladder.count)
        for y in 0..<height {
            for x in 0..<width {
                let sigma = Double(mask.value(x: x - pad - maskX, y: y - pad - maskY)) * maxSigma
                // The first level at or above σ (binary search: the ladder ascends), else the last.
                var low = 0, high = ladder.count
                while low < high {
                    let middle = (low + high) / 2
                    if ladder[middle] >= sigma - 1e-9 { high = middle } else { low = middle + 1 }
                }
                let upper = min(low, ladder.count - 1)
                sigmas[y * width + x] = Float(sigma)
                uppers[y * width + x] = UInt8(truncatingIfNeeded: upper)
                needed[upper] = true
                if upper > 0 { needed[upper - 1] = true }
            }
        }
        // The pixels grouped by their upper level (a counting sort), so that each level visits only
        // the pixels it contributes to, not the whole output.
        var starts = [Int](repeating: 0, count: ladder.count + 1)
        for upper in uppers { starts[Int(upper) + 1] += 1 }
        for index in ladder.indices { starts[index + 1] += starts[index] }
        var byUpper = [Int32](repeating: 0, count: width * height)
        var next = starts
        for p in 0..<(width * height) {
            let upper = Int(uppers[p])
            byUpper[next[upper]] = Int32(p)
            next[upper] += 1
        }
        // Each output pixel is lower·(1 − t) + upper·t; the lower level's term comes first, as the
        // sum is formed in that order.
        var sum = [SIMD4<Float>](repeating: .zero, count: width * height)
        for index in ladder.indices where needed[index] {
            let level = try GaussianBlur.apply(image, sigma: ladder[index])
            let inset = (width - level.width) / 2  // the level is centred in the output
            level.pixels.withUnsafeBufferPointer { pixels in
                sum.withUnsafeMutableBufferPointer { sum in
                    uppers.withUnsafeBufferPointer { uppers in
                        sigmas.withUnsafeBufferPointer { sigmas in
                            func contribute(_ p: Int) {
                                let upper = Int(uppers[p]), lower = max(0, upper - 1)
                                let lx = p % width - inset, ly = p / width - inset
                                var value = SIMD4<Float>.zero
                                if lx >= 0, ly >= 0, lx < level.width, ly < level.height {
                                    let i = (ly * level.width + lx) * 4
                                    value = SIMD4(Float(pixels[i]), Float(pixels[i + 1]), Float(pixels[i + 2]), Float(pixels[i + 3]))
                                }
                                let span = ladder[upper] - ladder[lower]
                                let t = span > 0 ? Float((Double(sigmas[p]) - ladder[lower]) / span) : 1
                                if lower == index { sum[p] = value * (1 - t) }
                                if upper == index { sum[p] += value * t }
                            }
                            // Pixels whose lower level is this one (their upper is the next), then
                            // those whose upper level is this one.
                            if index + 1 < ladder.count {
                                for slot in starts[index + 1]..<starts[index + 2] { contribute(Int(byUpper[slot])) }
                            }
                            for slot in starts[index]..<starts[index + 1] { contribute(Int(byUpper[slot])) }
                        }
                    }
                }
            }
        }
        var output = try PixelBuffer(width: width, height: height)
        output.pixels.withUnsafeMutableBufferPointer { out in
            for p in 0..<(width * height) {
                GaussianBlur.store(sum[p], into: out.baseAddress! + p * 4)
            }
        }
        return output
    }

    /// The smallest window holding every pixel whose alpha is not 0, or nil when all are.
    static func contentWindow(of image: PixelBuffer) -> PixelWindow? {
        var minX = image.width, minY = image.height, maxX = -1, maxY = -1
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                let row = y * image.width * 4
                var first = -1, last = -1
                for x in 0..<image.width where pixels[row + x * 4 + 3] != 0 {
                    if first < 0 { first = x }
                    last = x
                }
                guard first >= 0 else { continue }
                minX = min(minX, first); maxX = max(maxX, last)
                minY = min(minY, y); maxY = y
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelWindow(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
