import Foundation
import StrataPixels

/// The perceptual comparison swift-snapshot-testing applies (`perceptualPrecision`), which
/// lottie-ios's pass rule uses: both images composited over white, converted from sRGB to CIE L*a*b*
/// (D65), and compared pixel by pixel with the CIE94 colour difference (graphic arts weights). A
/// pixel matches when its ΔE94 is at most `(1 − perceptualPrecision) × 100`; an image matches
/// when at least `precision` of its pixels do.
public enum PerceptualDifference {
    /// The fraction 0…1 of pixels whose ΔE94 is at most `maximumDeltaE`; nil when the sizes differ.
    public static func matchingFraction(_ a: PixelBuffer, _ b: PixelBuffer, maximumDeltaE: Double) -> Double? {
        guard a.width == b.width, a.height == b.height else { return nil }
        let count = a.width * a.height
        guard count > 0 else { return 1 }
        var table = LabTable()
        var matching = 0
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                for i in 0..<count {
                    let o = i * 4
                    if p[o] == q[o] && p[o + 1] == q[o + 1] && p[o + 2] == q[o + 2] && p[o + 3] == q[o + 3] { matching += 1; continue }
                    let x = table.lab(p[o], p[o + 1], p[o + 2], p[o + 3]), y = table.lab(q[o], q[o + 1], q[o + 2], q[o + 3])
                    if deltaE94(x, y) <= maximumDeltaE { matching += 1 }
                }
            }
        }
        return Double(matching) / Double(count)
    }

    /// CIE94 (graphic arts: kL = 1, K1 = 0.045, K2 = 0.015) between two L*a*b* colours.
    public static func deltaE94(_ x: (Double, Double, Double), _ y: (Double, Double, Double)) -> Double {
        let dL = x.0 - y.0
        let c1 = (x.1 * x.1 + x.2 * x.2).squareRoot(), c2 = (y.1 * y.1 + y.2 * y.2).squareRoot()
        let dC = c1 - c2
        let da = x.1 - y.1, db = x.2 - y.2
        let dH2 = max(0, da * da + db * db - dC * dC)
        let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
        return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    }

    /// sRGB (0…1, companded) to CIE L*a*b* under D65.
    public static func lab(red: Double, green: Double, blue: Double) -> (Double, Double, Double) {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        let r = linear(red), g = linear(green), b = linear(blue)
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }
}

/// Premultiplied RGBA over white → L*a*b*: each channel over white is `c + (255 − a)` (a byte),
/// so the conversion is cached by the 24-bit colour over white (one table per comparison).
private struct LabTable {
    private var cache: [UInt32: (Double, Double, Double)] = [:]

    mutating func lab(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> (Double, Double, Double) {
        let white = 255 - Int(a)
        let R = min(255, Int(r) + white), G = min(255, Int(g) + white), B = min(255, Int(b) + white)
        let key = UInt32(R << 16 | G << 8 | B)
        if let value = cache[key] { return value }
        let value = PerceptualDifference.lab(red: Double(R) / 255, green: Double(G) / 255, blue: Double(B) / 255)
        if cache.count < 1 << 20 { cache[key] = value }
        return value
    }
}
