import Foundation
import StrataRaster
import StrataTestSupport
import Testing

/// JPEG through libjpeg-turbo (Tests/Fixtures/jpeg, made by its make.py): every fixture shows a
/// 32×24 picture in four quadrants — red top left, green top right, blue bottom left, white bottom
/// right — as a browser displays it.
@Suite("JPEG decoding")
struct JPEGCodecTests {
    static let folder = TestPaths.root.appendingPathComponent("Tests/Fixtures/jpeg")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// The quadrants, sampled at their centres, within JPEG's error (quality 95, no subsampling).
    static func expectQuadrants(_ image: PixelBuffer, grey: Bool = false, _ name: String) {
        #expect(image.width == 32 && image.height == 24, "\(name): \(image.width)×\(image.height)")
        guard image.width == 32 && image.height == 24 else { return }
        let expected: [(Int, Int, (Int, Int, Int))] = [(8, 6, (255, 0, 0)), (24, 6, (0, 160, 0)), (8, 18, (0, 0, 255)), (24, 18, (255, 255, 255))]
        for (x, y, colour) in expected {
            let pixel = image[x, y]
            var want = colour
            if grey {  // ITU-R 601 luma, as Pillow converts
                let luma = Int((Double(colour.0) * 0.299 + Double(colour.1) * 0.587 + Double(colour.2) * 0.114).rounded())
                want = (luma, luma, luma)
            }
            let error = max(abs(Int(pixel.r) - want.0), abs(Int(pixel.g) - want.1), abs(Int(pixel.b) - want.2))
            #expect(error <= 6 && pixel.a == 255, "\(name) at \(x),\(y): \(pixel), expected \(want)")
        }
    }

    @Test func baselineProgressiveAndGreyDecode() throws {
        Self.expectQuadrants(try JPEGCodec.decode(try Self.bytes("quadrants.jpg")), "baseline")
        let progressive = try Self.bytes("quadrants-progressive.jpg")
        #expect(try JPEGCodec.header(progressive).isProgressive)
        Self.expectQuadrants(try JPEGCodec.decode(progressive), "progressive")
        Self.expectQuadrants(try JPEGCodec.decode(try Self.bytes("quadrants-grey.jpg")), grey: true, "grey")
    }

    /// Stored under each EXIF orientation so that each shows the same picture, as browsers apply it.
    @Test(arguments: 1...8) func exifOrientationIsAppliedAsBrowsersDo(orientation: Int) throws {
        let data = try Self.bytes("orientation-\(orientation).jpg")
        #expect(try JPEGCodec.header(data).orientation == orientation)
        Self.expectQuadrants(try JPEGCodec.decode(data), "orientation \(orientation)")
    }

    @Test func refusedJPEGSayWhy() throws {
        for (name, words) in [("cmyk.jpg", "CMYK"), ("twelve-bit.jpg", "12-bit JPEG"), ("truncated.jpg", "ends early")] {
            do {
                _ = try JPEGCodec.decode(try Self.bytes(name))
                Issue.record("\(name) decoded")
            } catch {
                #expect("\(error)".contains(words), "\(name): \(error)")
            }
        }
        // A header claiming far more pixels than its bytes can hold: refused before allocating.
        var huge = try Self.bytes("quadrants.jpg")
        let frame = try #require(huge.indices.dropLast().first { huge[$0] == 0xFF && huge[$0 + 1] == 0xC0 })
        huge[frame + 5] = 0x40; huge[frame + 6] = 0x00  // height 16384
        huge[frame + 7] = 0x10; huge[frame + 8] = 0x00  // width 4096
        do {
            _ = try JPEGCodec.decode(huge)
            Issue.record("a 4096×16384 JPEG of \(huge.count) bytes decoded")
        } catch {
            #expect("\(error)".contains("pixels per byte"), "\(error)")
        }
        #expect(throws: RasterError.self) { try JPEGCodec.decode([0xFF, 0xD8, 0xFF, 0xE0, 0, 2]) }
        #expect(throws: RasterError.self) { try JPEGCodec.decode(Array(repeating: 0xFF, count: 64)) }
    }

    /// ImageCodec tells formats apart by their bytes.
    @Test func imageCodecSniffsTheBytes() throws {
        let jpeg = try Self.bytes("quadrants.jpg")
        #expect(ImageCodec.isImage(jpeg) && JPEGCodec.isJPEG(jpeg))
        Self.expectQuadrants(try ImageCodec.decode(jpeg), "sniffed")
        let png = try PNGCodec.encode(try ImageCodec.decode(jpeg))
        #expect(try ImageCodec.decode(png).width == 32)
        #expect(!ImageCodec.isImage(Array("GIF89a".utf8)))
    }
}
