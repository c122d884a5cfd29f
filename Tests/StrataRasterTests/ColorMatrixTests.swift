import StrataModel
import StrataRaster
import StrataTestSupport
import Testing

/// `ColorMatrix.apply` maps every pixel as its definition says: un-premultiplied, the matrix in
/// `Float` with its terms in order, clamped, rounded, premultiplied again. The one-pass version
/// (with a pixel equal to the one before reusing its result) gives the bytes of the plain
/// three-pass one written here from that definition.
@Suite("Colour matrix") struct ColorMatrixTests {
    /// The definition, pass by pass: `straightRGBA`, the matrix on every pixel, `init(straightRGBA:)`.
    static func reference(_ image: PixelBuffer, _ matrix: [Double]) throws -> PixelBuffer {
        let m = matrix.map(Float.init)
        var straight = image.straightRGBA
        var i = 0
        while i < straight.count {
            let r = Float(straight[i]) / 255, g = Float(straight[i + 1]) / 255, b = Float(straight[i + 2]) / 255, a = Float(straight[i + 3]) / 255
            for c in 0..<4 {
                let value = m[5 * c] * r + m[5 * c + 1] * g + m[5 * c + 2] * b + m[5 * c + 3] * a + m[5 * c + 4]
                straight[i + c] = UInt8(saturating: min(max(value, 0), 1) * 255 + 0.5)
            }
            i += 4
        }
        return try PixelBuffer(width: image.width, height: image.height, straightRGBA: straight)
    }

    @Test func onePassGivesTheDefinitionsBytes() throws {
        var random = SplitMix(seed: 7)
        // Rec. 709 luminance to alpha (a luma matte), a tint, saturation, and random matrices.
        let luminance: [Double] = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0.2126, 0.7152, 0.0722, 0, 0]
        var matrices = [luminance, ColorMatrix.tint(red: 1, green: 0.5, blue: 0, amount: 0.4), ColorMatrix.saturation(0.3), ColorMatrix.identity]
        for _ in 0..<12 { matrices.append((0..<20).map { _ in Double(random.below(4001)) / 1000 - 2 }) }
        for (index, matrix) in matrices.enumerated() {
            // Runs of equal pixels (as a matte's solid colour and transparent margins have) and
            // pixels of every kind between them, premultiplied.
            var pixels: [UInt8] = []
            var run = (UInt8(0), UInt8(0), UInt8(0), UInt8(0))
            for _ in 0..<(64 * 48) {
                if random.below(4) == 0 {
                    let a = UInt8(random.pick([0, 255, random.below(256)]))
                    func channel() -> UInt8 { UInt8(Int(a) == 0 ? 0 : random.below(Int(a) + 1)) }
                    run = (channel(), channel(), channel(), a)
                }
                pixels += [run.0, run.1, run.2, run.3]
            }
            let image = try PixelBuffer(width: 64, height: 48, premultipliedRGBA: pixels)
            #expect(try ColorMatrix.apply(image, matrix: matrix) == Self.reference(image, matrix), "matrix \(index)")
        }
    }
}
