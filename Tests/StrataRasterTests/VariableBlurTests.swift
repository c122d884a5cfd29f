import StrataTestSupport
import Foundation
import Testing
import StrataFilters
import StrataModel
import StrataRaster

@Suite("Variable blur and masks")
struct VariableBlurTests {
    /// Per output pixel, the exact truncated Gaussian of that pixel's own σ (StrataTestSupport).
    func reference(_ image: PixelBuffer, maxSigma: Double, mask: MaskPlane) -> (width: Int, height: Int, values: [Double]) {
        ReferenceBlur.variable(image, maxSigma: maxSigma) { x, y in Double(mask.value(x: x, y: y)) }
    }

    @Test(arguments: [
        BlurMaskShape.linear(startX: 0, startY: 0, endX: 0, endY: 1, easing: .linear),
        .linear(startX: 0, startY: 0.2, endX: 1, endY: 0.8, easing: .smoothstep),
        .roundedRect(inset: 0, cornerRadius: 6, fadeWidth: 10, easing: .smoothstep),
        .squircle(inset: 2, exponent: 4, fadeWidth: 8, easing: .easeIn),
    ])
    func withinSixLevelsOfThePerPixelReference(shape: BlurMaskShape) throws {
        let image = try TestImages.structured(width: 36, height: 30)
        let mask = MaskPlane.generate(shape, width: 36, height: 30)
        let blurred = try VariableBlur.apply(image, maxSigma: 5, mask: mask)
        let expected = reference(image, maxSigma: 5, mask: mask)
        #expect(blurred.width == expected.width && blurred.height == expected.height)
        var worst = 0.0
        for i in 0..<expected.values.count { worst = max(worst, abs(Double(blurred.pixels[i]) - expected.values[i])) }
        #expect(worst <= 6, "max error \(worst)")
    }

    @Test func masksFollowTheSeed() {
        let linear = MaskPlane.generate(.linear(startX: 0, startY: 0, endX: 0, endY: 1, easing: .linear), width: 4, height: 100)
        #expect(linear.value(x: 0, y: 0) < 0.01 && linear.value(x: 0, y: 99) > 0.99)
        #expect(abs(linear.value(x: 2, y: 49) - 0.495) < 0.01)
        let eased = MaskPlane.generate(.linear(startX: 0, startY: 0, endX: 0, endY: 1, easing: .easeIn), width: 1, height: 100)
        #expect(abs(eased.value(x: 0, y: 49) - 0.495 * 0.495) < 0.01)
        let rounded = MaskPlane.generate(.roundedRect(inset: 0, cornerRadius: 0, fadeWidth: 20, easing: .smoothstep), width: 100, height: 100)
        #expect(rounded.value(x: 50, y: 50) == 0, "deep inside: no blur")
        #expect(rounded.value(x: 0, y: 50) > 0.99, "at the edge: full blur")
        // 10 px inside the edge: t = 0.5, smoothstep 0.5.
        #expect(abs(rounded.value(x: 10, y: 50) - 0.5) < 0.06)
        let squircle = MaskPlane.generate(.squircle(inset: 0, exponent: 4, fadeWidth: 10, easing: .linear), width: 60, height: 60)
        #expect(squircle.value(x: 30, y: 30) == 0 && squircle.value(x: 0, y: 0) == 1)
        #expect(MaskEasing.smoothstep.apply(0.25) == 3 * 0.0625 - 2 * 0.015625)
    }

    @Test func generatedMasksAreCachedBySignature() {
        let cache = MaskCache()
        let shape = BlurMaskShape.roundedRect(inset: 0, cornerRadius: 8, fadeWidth: 12, easing: .smoothstep)
        _ = cache.mask(shape, width: 50, height: 40)
        _ = cache.mask(shape, width: 50, height: 40)
        #expect(cache.generations == 1, "unchanged: not generated again")
        _ = cache.mask(shape, width: 60, height: 40)
        #expect(cache.generations == 2, "a new size regenerates")
        _ = cache.mask(.roundedRect(inset: 0, cornerRadius: 8, fadeWidth: 14, easing: .smoothstep), width: 60, height: 40)
        #expect(cache.generations == 3, "new parameters regenerate")
    }

    @Test func zeroMaskIsTheIdentityInsideAndMaskImagesWork() throws {
        let image = try TestImages.random(width: 12, height: 10, seed: 9)
        let none = MaskPlane(width: 12, height: 10, values: [Float](repeating: 0, count: 120))
        let result = try VariableBlur.apply(image, maxSigma: 3, mask: none)
        let pad = GaussianBlur.outset(sigma: 3)
        #expect(try FilterCrop.crop(result, x: pad, y: pad, width: 12, height: 10) == image)
        let white = try PixelBuffer(width: 2, height: 1, straightRGBA: [255, 255, 255, 255, 0, 0, 0, 255])
        #expect(MaskPlane(image: white).values == [1, 0])
    }
}

enum FilterCrop {
    static func crop(_ image: PixelBuffer, x: Int, y: Int, width: Int, height: Int) throws -> PixelBuffer {
        var bytes: [UInt8] = []
        for row in y..<(y + height) {
            let start = (row * image.width + x) * 4
            bytes += image.pixels[start..<(start + width * 4)]
        }
        return try PixelBuffer(width: width, height: height, premultipliedRGBA: bytes)
    }
}
