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

    /// The blurred image. `mask` covers the input from pixel (maskX, maskY) on (its edge values
    /// extend outwards); by default it has the input's size and origin.
    public static func apply(_ image: PixelBuffer, maxSigma: Double, mask: MaskPlane, maskX: Int = 0, maskY: Int = 0) throws(RasterError) -> PixelBuffer {
        guard maxSigma > 0 else { return image }
        let pad = GaussianBlur.outset(sigma: maxSigma)
        let width = image.width + 2 * pad, height = image.height + 2 * pad
        let ladder = levels(maxSigma: maxSigma)
        // σ per output pixel, and which levels are needed.
        var sigmas = [Float](repeating: 0, count: width * height)
        var uppers = [Int](repeating: 0, count: width * height)
        var needed = Set<Int>()
        for y in 0..<height {
            for x in 0..<width {
                let sigma = Double(mask.value(x: x - pad - maskX, y: y - pad - maskY)) * maxSigma
                let upper = ladder.firstIndex { $0 >= sigma - 1e-9 } ?? ladder.count - 1
                sigmas[y * width + x] = Float(sigma)
                uppers[y * width + x] = upper
                needed.insert(upper)
                if upper > 0 { needed.insert(upper - 1) }
            }
        }
        // Every needed level, padded to the output size.
        var blurred: [Int: PixelBuffer] = [:]
        for index in needed.sorted() {
            let level = try GaussianBlur.apply(image, sigma: ladder[index])
            let inner = (width - level.width) / 2
            blurred[index] = inner == 0 ? level : try Self.pad(level, by: inner)
        }
        var output = try PixelBuffer(width: width, height: height)
        output.pixels.withUnsafeMutableBufferPointer { out in
            for p in 0..<(width * height) {
                let sigma = Double(sigmas[p])
                let upper = uppers[p], lower = max(0, upper - 1)
                let span = ladder[upper] - ladder[lower]
                let t = span > 0 ? Float((sigma - ladder[lower]) / span) : 1
                let a = blurred[lower]!, b = blurred[upper]!
                let i = p * 4
                var value = SIMD4<Float>.zero
                for c in 0..<4 { value[c] = Float(a.pixels[i + c]) * (1 - t) + Float(b.pixels[i + c]) * t }
                GaussianBlur.store(value, into: out.baseAddress! + i)
            }
        }
        return output
    }

    /// `image` with `amount` transparent pixels added on each side.
    static func pad(_ image: PixelBuffer, by amount: Int) throws(RasterError) -> PixelBuffer {
        var result = try PixelBuffer(width: image.width + 2 * amount, height: image.height + 2 * amount)
        for y in 0..<image.height {
            let from = y * image.width * 4, to = ((y + amount) * result.width + amount) * 4
            result.pixels.replaceSubrange(to..<(to + image.width * 4), with: image.pixels[from..<(from + image.width * 4)])
        }
        return result
    }
}
