import StrataTestSupport
import Foundation
import Testing
import StrataRaster

@Suite("Gaussian blur")
struct GaussianBlurTests {
    func maxError(_ image: PixelBuffer, sigma: Double) throws -> Double {
        let blurred = try GaussianBlur.apply(image, sigma: sigma)
        let reference = ReferenceBlur.gaussian(image, sigma: sigma)
        #expect(blurred.width == reference.width && blurred.height == reference.height)
        var worst = 0.0
        for i in 0..<reference.values.count {
            worst = max(worst, abs(Double(blurred.pixels[i]) - reference.values[i]))
        }
        return worst
    }

    @Test(arguments: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 15.9, 16, 24, 36])
    func withinTwoLevelsOfTheExactGaussian(sigma: Double) throws {
        let e1 = try maxError(TestImages.structured(), sigma: sigma), e2 = try maxError(TestImages.random(width: 23, height: 17, seed: 7), sigma: sigma)
        #expect(e1 <= 2, "σ \(sigma), structured")
        #expect(e2 <= 2, "σ \(sigma), random")
    }

    @Test("planes kept between blurs on a thread leave nothing behind, and threads do not share them")
    func keptPlanesChangeNothing() throws {
        let image = try TestImages.random(width: 90, height: 70, seed: 11)
        let other = try TestImages.structured(width: 130, height: 40)
        var first: [PixelBuffer] = []
        for sigma in [4.0, 10, 20] { first.append(try GaussianBlur.apply(image, sigma: sigma)) }
        // Other sizes and contents in between, then the same blurs again: the same bytes.
        for sigma in [4.0, 10, 20] { _ = try GaussianBlur.apply(other, sigma: sigma) }
        for (index, sigma) in [4.0, 10, 20].enumerated() {
            #expect(try GaussianBlur.apply(image, sigma: sigma) == first[index], "σ \(sigma) after other blurs")
        }
        // A blur of other pixels of the same size leaves its planes to the next: cleared before use.
        _ = try GaussianBlur.apply(try TestImages.random(width: 90, height: 70, seed: 12), sigma: 4)
        #expect(try GaussianBlur.apply(image, sigma: 4) == first[0], "σ 4 after a same-sized blur")
        // Two threads at once, each with its own planes.
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            let sigma = [4.0, 10, 20, 4.0][index]
            let blurred = try? GaussianBlur.apply(index % 2 == 0 ? image : other, sigma: sigma)
            results.set(index, blurred)
        }
        #expect(results.get(0) == first[0] && results.get(2) == first[2])
        let other10 = try GaussianBlur.apply(other, sigma: 10), other4 = try GaussianBlur.apply(other, sigma: 4)
        #expect(results.get(1) == other10 && results.get(3) == other4)
    }

    /// Results written by several threads.
    final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int: PixelBuffer] = [:]
        func set(_ index: Int, _ value: PixelBuffer?) { lock.lock(); values[index] = value; lock.unlock() }
        func get(_ index: Int) -> PixelBuffer? { lock.lock(); defer { lock.unlock() }; return values[index] }
    }

    @Test func sigmaZeroIsTheIdentity() throws {
        let image = try TestImages.random(width: 9, height: 7, seed: 3)
        #expect(try GaussianBlur.apply(image, sigma: 0) == image)
    }

    @Test(arguments: [1.0, 4, 12])
    func extentGrowsByThreeSigmaRoundedUp(sigma: Double) throws {
        let image = try TestImages.random(width: 10, height: 6, seed: 1)
        let blurred = try GaussianBlur.apply(image, sigma: sigma)
        let pad = Int((3 * sigma).rounded(.up))
        #expect(blurred.width == 10 + 2 * pad && blurred.height == 6 + 2 * pad)
    }

    @Test(arguments: [1.5, 6, 20])
    func constantStaysConstantAwayFromTheEdges(sigma: Double) throws {
        let flat = try PixelBuffer(width: 120, height: 120, straightRGBA: [UInt8]((0..<(120 * 120)).flatMap { _ in [90, 160, 30, 200] as [UInt8] }))
        let blurred = try GaussianBlur.apply(flat, sigma: sigma)
        let pad = GaussianBlur.outset(sigma: sigma), margin = 2 * pad
        for y in stride(from: pad + margin, to: pad + 120 - margin, by: 7) {
            for x in stride(from: pad + margin, to: pad + 120 - margin, by: 7) {
                #expect(blurred[x, y] == flat[0, 0])
            }
        }
    }

    @Test(arguments: [1.0, 3, 9])
    func totalAlphaIsConserved(sigma: Double) throws {
        let image = try TestImages.structured()
        let blurred = try GaussianBlur.apply(image, sigma: sigma)
        func alphaSum(_ b: PixelBuffer) -> Double { stride(from: 3, to: b.pixels.count, by: 4).reduce(0) { $0 + Double(b.pixels[$1]) } }
        let before = alphaSum(image), after = alphaSum(blurred)
        #expect(abs(after - before) / before < 0.005)
    }

    @Test func noDarkFringeOnTransparentImages() throws {
        // An opaque white square on transparent: every blurred pixel stays white once un-premultiplied.
        var bytes = [UInt8](repeating: 0, count: 20 * 20 * 4)
        for y in 5..<15 { for x in 5..<15 { let i = (y * 20 + x) * 4; bytes[i] = 255; bytes[i + 1] = 255; bytes[i + 2] = 255; bytes[i + 3] = 255 } }
        let blurred = try GaussianBlur.apply(try PixelBuffer(width: 20, height: 20, straightRGBA: bytes), sigma: 4)
        let straight = blurred.straightRGBA
        for i in stride(from: 0, to: straight.count, by: 4) where straight[i + 3] >= 16 {
            #expect(straight[i] >= 240, "pixel \(i / 4) alpha \(straight[i + 3]) red \(straight[i])")
        }
    }

    @Test(arguments: [1.5, 6, 20, 40])
    func aWindowIsThatPartOfTheWholeBlur(sigma: Double) throws {
        let image = try TestImages.structured()
        let whole = try GaussianBlur.apply(image, sigma: sigma)
        for window in [PixelWindow(x: 3, y: 5, width: 20, height: 11), PixelWindow(x: 0, y: 0, width: whole.width, height: 1),
                       PixelWindow(x: whole.width - 7, y: whole.height - 4, width: 7, height: 4)] {
            #expect(try GaussianBlur.apply(image, sigma: sigma, window: window) == whole.cropped(to: window), "\(window)")
        }
        #expect(throws: RasterError.self) { try GaussianBlur.apply(image, sigma: sigma, window: PixelWindow(x: -50, y: 0, width: 10, height: 10)) }
    }
}
