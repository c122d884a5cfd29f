import Foundation
import StrataRaster

/// The blur tests' references, compiled optimised (Package.swift: at -Onone they were seconds of
/// every test run). `gaussian` is a straightforward reference: the exact Gaussian truncated at ⌈3σ⌉, normalised, separable, in
/// Double, on premultiplied values, decal edges, output outset by ⌈3σ⌉.
public enum ReferenceBlur {
    public static func gaussian(_ image: PixelBuffer, sigma: Double) -> (width: Int, height: Int, values: [Double]) {
        let pad = Int((3 * sigma - 1e-9).rounded(.up))
        let weights = (-pad...pad).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        let kernel = weights.map { $0 / total }
        let width = image.width + 2 * pad, height = image.height + 2 * pad
        var padded = [Double](repeating: 0, count: width * height * 4)
        for y in 0..<image.height {
            for x in 0..<image.width {
                for c in 0..<4 {
                    padded[((y + pad) * width + x + pad) * 4 + c] = Double(image.pixels[(y * image.width + x) * 4 + c])
                }
            }
        }
        // One pass along x, then one along y, each zero outside the padded plane.
        func pass(_ input: [Double], dx: Int, dy: Int) -> [Double] {
            var output = [Double](repeating: 0, count: input.count)
            for y in 0..<height {
                for x in 0..<width {
                    for c in 0..<4 {
                        var sum = 0.0
                        for k in -pad...pad {
                            let sx = x + k * dx, sy = y + k * dy
                            guard sx >= 0, sx < width, sy >= 0, sy < height else { continue }
                            sum += input[(sy * width + sx) * 4 + c] * kernel[k + pad]
                        }
                        output[(y * width + x) * 4 + c] = sum
                    }
                }
            }
            return output
        }
        let result = pass(pass(padded, dx: 1, dy: 0), dx: 0, dy: 1)
        return (width, height, result)
    }

    /// Per output pixel, the exact truncated Gaussian of that pixel's own σ: `mask(x, y)` (0…1,
    /// in the image's pixels) times `maxSigma`; output outset by ⌈3 × maxSigma⌉.
    public static func variable(_ image: PixelBuffer, maxSigma: Double, mask: (Int, Int) -> Double) -> (width: Int, height: Int, values: [Double]) {
        let pad = Int((3 * maxSigma - 1e-9).rounded(.up))
        let width = image.width + 2 * pad, height = image.height + 2 * pad
        var values = [Double](repeating: 0, count: width * height * 4)
        func pixel(_ x: Int, _ y: Int, _ c: Int) -> Double {
            guard x >= 0, y >= 0, x < image.width, y < image.height else { return 0 }
            return Double(image.pixels[(y * image.width + x) * 4 + c])
        }
        for y in 0..<height {
            for x in 0..<width {
                let sigma = mask(x - pad, y - pad) * maxSigma
                if sigma <= 0 {
                    for c in 0..<4 { values[(y * width + x) * 4 + c] = pixel(x - pad, y - pad, c) }
                    continue
                }
                let radius = Int((3 * sigma - 1e-9).rounded(.up))
                let weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
                let total = weights.reduce(0, +)
                for c in 0..<4 {
                    var sum = 0.0
                    for j in -radius...radius {
                        for i in -radius...radius {
                            sum += pixel(x - pad + i, y - pad + j, c) * weights[i + radius] * weights[j + radius]
                        }
                    }
                    values[(y * width + x) * 4 + c] = sum / (total * total)
                }
            }
        }
        return (width, height, values)
    }
}
