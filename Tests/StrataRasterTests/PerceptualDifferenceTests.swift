import StrataRaster
import StrataTestSupport
import Testing

/// lottie-ios's pass rule: CIE94 ΔE over white, the fraction of pixels within a bound.
@Suite("Perceptual difference (CIE94 over white)")
struct PerceptualDifferenceTests {
    @Test func deltaE94OfLightnessAloneIsTheLightnessDifference() {
        #expect(abs(PerceptualDifference.deltaE94((50, 0, 0), (53, 0, 0)) - 3) < 1e-12)
        // Chroma differences are weighted down by 1 + 0.045 C.
        let chroma = PerceptualDifference.deltaE94((50, 40, 0), (50, 44, 0))
        #expect(abs(chroma - 4 / (1 + 0.045 * 40)) < 1e-9)
    }

    @Test func srgbToLabAtTheEnds() {
        let white = PerceptualDifference.lab(red: 1, green: 1, blue: 1)
        #expect(abs(white.0 - 100) < 0.01 && abs(white.1) < 0.01 && abs(white.2) < 0.01)
        let black = PerceptualDifference.lab(red: 0, green: 0, blue: 0)
        #expect(abs(black.0) < 1e-9)
    }

    @Test func theFractionCountsPixelsWithinTheBoundOverWhite() throws {
        let transparent = try PixelBuffer(width: 4, height: 1, premultipliedRGBA: [UInt8](repeating: 0, count: 16))
        var pixels = [UInt8](repeating: 255, count: 16)  // opaque white: the same as transparent over white
        pixels[4] = 0; pixels[5] = 0; pixels[6] = 0        // one black pixel
        let image = try PixelBuffer(width: 4, height: 1, premultipliedRGBA: pixels)
        #expect(PerceptualDifference.matchingFraction(transparent, image, maximumDeltaE: 3) == 0.75)
        #expect(PerceptualDifference.matchingFraction(image, image, maximumDeltaE: 0) == 1)
        let other = try PixelBuffer(width: 2, height: 2, premultipliedRGBA: pixels)
        #expect(PerceptualDifference.matchingFraction(image, other, maximumDeltaE: 3) == nil)
    }
}
