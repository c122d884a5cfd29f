import StrataTestSupport
import Foundation
import Testing
import StrataRaster

@Suite("PNG codec")
struct PNGCodecTests {
    func gradientImage(width: Int = 37, height: Int = 23) throws -> PixelBuffer {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                bytes += [UInt8(x * 255 / width), UInt8(y * 255 / height), 128, UInt8((x + y) % 256)]
            }
        }
        return try PixelBuffer(width: width, height: height, straightRGBA: bytes)
    }

    /// The chunk types of a PNG file, in order.
    func chunkTypes(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            types.append(String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }

    static let allOptions: [PNGCodec.EncodingOptions] = PNGCodec.EncodingOptions.Filter.allCases.flatMap { filter in
        PNGCodec.EncodingOptions.Strategy.allCases.map { PNGCodec.EncodingOptions(compressionLevel: 1, strategy: $0, filter: filter) }
    } + [.small, PNGCodec.EncodingOptions(compressionLevel: 0, strategy: .default, filter: .none)]

    @Test(arguments: allOptions)
    func roundTripKeepsStraightPixels(options: PNGCodec.EncodingOptions) throws {
        let image = try gradientImage()
        let decoded = try PNGCodec.decode(try PNGCodec.encode(image, options: options))
        #expect(decoded.width == image.width && decoded.height == image.height)
        // Un-premultiplying and premultiplying again returns the same premultiplied bytes.
        #expect(decoded.pixels == image.pixels)
    }

    @Test func encodingIsDeterministicAndHasNoTimeOrTextChunks() throws {
        let image = try gradientImage()
        let first = try PNGCodec.encode(image), second = try PNGCodec.encode(image)
        #expect(first == second)
        #expect(chunkTypes(first) == ["IHDR", "IDAT", "IEND"])
        // 8-bit RGBA: bit depth 8, colour type 6.
        #expect(first[24] == 8 && first[25] == 6)
    }

    @Test func opaqueImagesAreRGBUnlessAlphaIsKept() throws {
        var image = try PixelBuffer(width: 37, height: 9)
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            image.pixels.replaceSubrange(index..<(index + 4), with: [UInt8(index % 256), UInt8(index / 7 % 256), 77, 255])
        }
        var keep = PNGCodec.EncodingOptions.fast
        keep.keepsAlpha = true
        var keepCompact = PNGCodec.EncodingOptions.compact
        keepCompact.keepsAlpha = true
        for (options, colourType) in [(PNGCodec.EncodingOptions.fast, UInt8(2)), (.compact, 2), (keep, 6), (keepCompact, 6), (.zlibRLE, 6)] {
            let png = try PNGCodec.encode(image, options: options)
            #expect(png[24] == 8 && png[25] == colourType, "\(options.mode), keepsAlpha \(options.keepsAlpha)")
            #expect(try PNGCodec.decode(png) == image, "\(options.mode): the same RGBA pixels")
        }
        // One translucent pixel: RGBA.
        image.pixels[4 * 100 + 3] = 254
        #expect(try PNGCodec.encode(image)[25] == 6)
        #expect(try PNGCodec.decode(try PNGCodec.encode(image)) == image)
    }

    @Test func everyRowFilterRoundTripsOnTranslucentNoise() throws {
        // Random straight pixels with every alpha, including 0 and 255, on odd sizes.
        var state: UInt32 = 2_463_534_242
        var bytes: [UInt8] = []
        for _ in 0..<(29 * 17 * 4) {
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            bytes.append(UInt8(truncatingIfNeeded: state))
        }
        let image = try PixelBuffer(width: 29, height: 17, straightRGBA: bytes)
        for options in Self.allOptions {
            #expect(try PNGCodec.decode(try PNGCodec.encode(image, options: options)) == image, "\(options)")
        }
        // Tiny images: 1×1 and one row.
        let dot = try PixelBuffer(width: 1, height: 1, straightRGBA: [10, 20, 30, 40])
        #expect(try PNGCodec.decode(try PNGCodec.encode(dot)) == dot)
    }

    @Test func headerOverTheLimitIsRejectedBeforeDecoding() throws {
        var png = try PNGCodec.encode(try gradientImage(width: 4, height: 4))
        // Claim 20,000 × 4 pixels in IHDR: rejected from the header alone.
        png[16] = 0; png[17] = 0; png[18] = 0x4E; png[19] = 0x20
        #expect(throws: RasterError.self) { try PNGCodec.decode(png) }
        do {
            _ = try PNGCodec.decode(png)
        } catch {
            #expect(error == .tooLarge("20000×4 pixels has a side over the limit of 16384 px"))
        }
    }

    @Test func garbageAndTruncatedDataAreErrorsNotCrashes() throws {
        #expect(throws: RasterError.self) { try PNGCodec.decode(Array("hello".utf8)) }
        let png = try PNGCodec.encode(try gradientImage())
        #expect(throws: RasterError.self) { try PNGCodec.decode(Array(png.prefix(png.count / 2))) }
    }

    @Test func compressionLevelIsChecked() throws {
        let options = PNGCodec.EncodingOptions(compressionLevel: 12, strategy: .rle, filter: .paeth)
        #expect(throws: RasterError.self) { try PNGCodec.encode(try gradientImage(), options: options) }
    }

    @Test func limitsAreCheckedBeforeAllocating() {
        #expect(throws: RasterError.self) { try PixelBuffer(width: 16_385, height: 1) }
        #expect(throws: RasterError.self) { try PixelBuffer(width: 10_000, height: 10_000) }
        #expect(throws: RasterError.self) { try PixelBuffer(width: 0, height: 10) }
    }
}
