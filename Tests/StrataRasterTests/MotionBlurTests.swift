import StrataTestSupport
import Foundation
import Testing
import StrataRaster

/// The Core Image kernel, straightforwardly: per output pixel, 2n+1 bilinear samples.
enum ReferenceMotionBlur {
    static func apply(_ image: PixelBuffer, radius: Double, angle: Double, samples: Double) -> (width: Int, height: Int, values: [Double]) {
        let n = Int(samples.rounded(.down))
        var vx = radius * cos(angle), vy = radius * sin(angle)
        if abs(vx) < 1e-6 { vx = 0 }
        if abs(vy) < 1e-6 { vy = 0 }
        let ox = Int((abs(vx) - 1e-9).rounded(.up)), oy = Int((abs(vy) - 1e-9).rounded(.up))
        let width = image.width + 2 * ox, height = image.height + 2 * oy
        func pixel(_ x: Int, _ y: Int, _ c: Int) -> Double {
            guard x >= 0, y >= 0, x < image.width, y < image.height else { return 0 }
            return Double(image.pixels[(y * image.width + x) * 4 + c])
        }
        func sample(_ px: Double, _ py: Double, _ c: Int) -> Double {
            // Pixel centres at i + 0.5.
            let x = px - 0.5, y = py - 0.5
            let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
            let fx = x - Double(x0), fy = y - Double(y0)
            return pixel(x0, y0, c) * (1 - fx) * (1 - fy) + pixel(x0 + 1, y0, c) * fx * (1 - fy)
                + pixel(x0, y0 + 1, c) * (1 - fx) * fy + pixel(x0 + 1, y0 + 1, c) * fx * fy
        }
        var values = [Double](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                // Destination centre in the input's coordinates.
                let dcx = Double(x - ox) + 0.5, dcy = Double(y - oy) + 0.5
                for c in 0..<4 {
                    var sum = 0.0
                    for i in 0...(2 * n) {
                        sum += sample(dcx - vx + Double(i) * vx / Double(n), dcy - vy + Double(i) * vy / Double(n), c)
                    }
                    values[(y * width + x) * 4 + c] = sum / Double(2 * n + 1)
                }
            }
        }
        return (width, height, values)
    }
}

@Suite("Motion blur")
struct MotionBlurTests {
    func column(_ values: [UInt8]) throws -> PixelBuffer {
        try PixelBuffer(width: 1, height: values.count, premultipliedRGBA: values.flatMap { [$0, $0, $0, 255] as [UInt8] })
    }

    @Test func seedExampleAveragesEveryOtherPixel() throws {
        // 1×9, v = (0, 4), n = 2: output row 4 of the input (row 8 of the 17-row output) averages
        // input rows 0, 2, 4, 6, 8.
        let values: [UInt8] = [10, 20, 30, 40, 50, 60, 70, 80, 90]
        let image = try PixelBuffer(width: 1, height: 9, premultipliedRGBA: values.flatMap { [$0, 0, 0, 255] as [UInt8] })
        let blurred = try MotionBlur.apply(image, radius: 4, angle: .pi / 2, samples: 2)
        #expect(blurred.width == 1 && blurred.height == 17)
        #expect(blurred[0, 8].r == (10 + 30 + 50 + 70 + 90) / 5)
        #expect(blurred[0, 8].a == 255)
    }

    @Test func opaqueColumnGetsTheSeedsAlphaRamp() throws {
        let blurred = try MotionBlur.apply(try column([UInt8](repeating: 255, count: 9)), radius: 4, angle: .pi / 2, samples: 2)
        let expected: [Double] = [0.2, 0.2, 0.4, 0.4, 0.6, 0.6, 0.8, 0.8, 1, 0.8, 0.8, 0.6, 0.6, 0.4, 0.4, 0.2, 0.2]
        #expect((0..<17).map { Double(blurred[0, $0].a) / 255 } == expected)
    }

    @Test func defaultsAreRadius40AngleHalfPiAndFiveSamples() throws {
        let image = try TestImages.structured(width: 10, height: 10)
        let blurred = try MotionBlur.apply(image)
        #expect(blurred.width == 10 && blurred.height == 90, "only vertical growth although cos(π/2)·40 ≈ 2e-15")
        #expect(MotionBlur.outset(radius: 40, angle: .pi / 2) == (0, 40))
        #expect(try MotionBlur.apply(image, samples: 0) == image)
    }

    @Test(arguments: [(10.0, 0.3, 5.0), (7.5, Double.pi / 6, 3), (12.25, 2.0, 5), (3.3, -0.7, 4), (40, .pi / 2, 5), (5, .pi, 2)])
    func matchesTheReferenceForAnyVelocity(radius: Double, angle: Double, samples: Double) throws {
        let image = try TestImages.structured(width: 30, height: 24)
        let blurred = try MotionBlur.apply(image, radius: radius, angle: angle, samples: samples)
        let reference = ReferenceMotionBlur.apply(image, radius: radius, angle: angle, samples: samples)
        #expect(blurred.width == reference.width && blurred.height == reference.height)
        // Whole-pixel taps sum exactly (rounding only); bilinear taps sum in 16-bit fixed point,
        // never a whole level off and on average as close as rounding alone (mean error 0.25).
        var worst = 0.0, total = 0.0
        for i in 0..<reference.values.count {
            let error = abs(Double(blurred.pixels[i]) - reference.values[i])
            worst = max(worst, error)
            total += error
        }
        let mean = total / Double(reference.values.count)
        #expect(worst < 1, "max error \(worst)")
        #expect(mean <= 0.27, "mean error \(mean)")
        if angle == .pi / 2 { #expect(worst <= 0.5, "exact path: max error \(worst)") }
    }

    @Test func fixedPointKeepsConstantsAndColourBelowAlpha() throws {
        // Opaque white stays 255 where every sample lands inside; transparent stays 0; colour never
        // exceeds alpha anywhere (premultiplied output).
        let white = try PixelBuffer(width: 40, height: 30, premultipliedRGBA: [UInt8](repeating: 255, count: 40 * 30 * 4))
        let blurred = try MotionBlur.apply(white, radius: 7.3, angle: 0.45, samples: 5)
        let (ox, oy) = MotionBlur.outset(radius: 7.3, angle: 0.45)
        for y in (2 * oy)..<(blurred.height - 2 * oy) { for x in (2 * ox)..<(blurred.width - 2 * ox) { #expect(blurred[x, y].a == 255 && blurred[x, y].r == 255) } }
        let clear = try MotionBlur.apply(try PixelBuffer(width: 20, height: 20), radius: 7.3, angle: 0.45, samples: 5)
        #expect(clear.pixels.allSatisfy { $0 == 0 })
        let mixed = try MotionBlur.apply(try TestImages.structured(width: 30, height: 24), radius: 11, angle: 2.5, samples: 7)
        for y in 0..<mixed.height { for x in 0..<mixed.width { let p = mixed[x, y]; #expect(max(p.r, p.g, p.b) <= p.a) } }
    }

    @Test func noDarkFringeOnTransparentImages() throws {
        var bytes = [UInt8](repeating: 0, count: 16 * 16 * 4)
        for y in 4..<12 { for x in 4..<12 { let i = (y * 16 + x) * 4; bytes[i] = 255; bytes[i + 1] = 255; bytes[i + 2] = 255; bytes[i + 3] = 255 } }
        let blurred = try MotionBlur.apply(try PixelBuffer(width: 16, height: 16, straightRGBA: bytes), radius: 9, angle: 0.4, samples: 5)
        let straight = blurred.straightRGBA
        for i in stride(from: 0, to: straight.count, by: 4) where straight[i + 3] >= 16 {
            #expect(straight[i] >= 245, "pixel \(i / 4)")
        }
    }
}
