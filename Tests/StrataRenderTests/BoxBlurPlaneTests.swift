import StrataTestSupport
import Testing
import StrataRaster
@testable import StrataRender

/// The shadow blur (three box passes down the columns, then three along the rows) against its definition written
/// plainly: each line a running sum, the value entering added, the result written, the value
/// leaving subtracted. The fast version runs many lines at once and must give the same floats.
@Suite("Box blur of shadow planes")
struct BoxBlurPlaneTests {
    /// One pass over a strided line, as the definition says.
    static func boxLine(_ plane: inout [Float], start: Int, stride: Int, count: Int, radius: Int) {
        let line = (0..<count).map { plane[start + $0 * stride] }
        let scale = 1 / Float(2 * radius + 1)
        var sum: Float = 0
        for i in 0..<min(radius, count) { sum += line[i] }
        for i in 0..<count {
            if i + radius < count { sum += line[i + radius] }
            plane[start + i * stride] = max(0, sum * scale)
            if i - radius >= 0 { sum -= line[i - radius] }
        }
    }

    static func reference(_ input: [Float], width: Int, height: Int, sigma: Double) -> [Float] {
        var plane = input
        let radii = BoxBlurPlane.boxRadii(sigma: sigma).filter { $0 > 0 }
        for radius in radii {
            for x in 0..<width { boxLine(&plane, start: x, stride: width, count: height, radius: radius) }
        }
        for radius in radii {
            for y in 0..<height { boxLine(&plane, start: y * width, stride: 1, count: width, radius: radius) }
        }
        return plane
    }

    @Test("the same floats as the plain definition", arguments: [(1, 1, 2.0), (7, 3, 1.0), (3, 40, 5.0), (61, 47, 8.0), (250, 9, 3.5), (33, 33, 40.0)])
    func sameFloatsAsTheDefinition(width: Int, height: Int, sigma: Double) {
        var state: UInt32 = 0x1234_5678
        let input = (0..<width * height).map { _ -> Float in
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return state % 3 == 0 ? 0 : Float(state % 256) / 255
        }
        var blurred = input
        BoxBlurPlane.blur(&blurred, width: width, height: height, sigma: sigma)
        let expected = Self.reference(input, width: width, height: height, sigma: sigma)
        let differing = zip(blurred, expected).filter { $0.0.bitPattern != $0.1.bitPattern }.count
        #expect(differing == 0, "\(width)×\(height), σ \(sigma): \(differing) values differ")
    }

    /// The shadow's mask bytes (`CairoSurface.alphaSurface`, four values a step) against value · 255
    /// clamped and rounded half away from zero, NaN as 0: halves, their neighbours, the ends.
    @Test func maskBytesAreTheValuesRounded() throws {
        var values: [Float] = [.nan, -.nan, .infinity, -.infinity, -1, -0.0, 0, 1, 1.0000001, 2, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        for k in 0..<256 {
            let half = (Float(k) + 0.5) / 255
            values += [half, half.nextUp, half.nextDown, Float(k) / 255]
        }
        let width = 7, height = (values.count + width - 1) / width
        values += [Float](repeating: 0.25, count: width * height - values.count)
        let surface = try CairoSurface.alphaSurface(values, width: width, height: height)
        var wrong: [String] = []
        try surface.readPixels { data, _, _, stride in
            for (index, value) in values.enumerated() {
                let expected = value.isNaN ? 0 : UInt8((min(max(value, 0), 1) * 255).rounded(.toNearestOrAwayFromZero))
                let byte = data[index / width * stride + index % width]
                if byte != expected { wrong.append("\(value) → \(byte), not \(expected)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(8))")
    }
}
