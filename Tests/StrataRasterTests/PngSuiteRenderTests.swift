import StrataTestSupport
import CPNG
import Foundation
import Testing
import StrataKit
import StrataRaster

/// Every valid PngSuite image, used as a layer's contents in a scene file, is rendered as libpng
/// decodes it: the frame (the image at 1:1 on a transparent canvas of its size) has exactly the
/// pixels of libpng's simplified API reading the file as 8-bit sRGB RGBA, premultiplied. (The one
/// documented departure from libpng, a 16-bit file that names no colour space, does not occur in
/// PngSuite — every 16-bit file there has gAMA; HostileInputTests covers it.)
@Suite("PngSuite as layer contents")
struct PngSuiteRenderTests {
    static let folder = PackagePaths.root.appendingPathComponent("Tests/Fixtures/pngsuite")

    /// libpng's own decode of `bytes`: straight RGBA, 8 bits, sRGB.
    static func libpngReference(_ bytes: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        var image = png_image()
        image.version = strata_png_image_version()
        let began = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        try #require(began != 0)
        let width = Int(image.width), height = Int(image.height)
        image.format = strata_png_format_rgba()
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let finished = rgba.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil) }
        try #require(finished != 0)
        return (width, height, rgba)
    }

    /// Whether a file is 16-bit without gAMA, sRGB, iCCP or cHRM (the sRGB reading applies).
    static func isUntaggedSixteenBit(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 24, bytes[24] == 16 else { return false }
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if ["gAMA", "sRGB", "iCCP", "cHRM"].contains(type) { return false }
            offset += 12 + length
        }
        return true
    }

    @Test func everyValidImageRendersAsLibpngDecodesIt() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".png") && !$0.hasPrefix("x") }.sorted()
        #expect(files.count == 161)
        let work = PackagePaths.temporaryDirectory()
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(file)))
            #expect(!Self.isUntaggedSixteenBit(bytes), "\(file): libpng and Strata differ on purpose here")
            let reference = try Self.libpngReference(bytes)
            let expected = try PixelBuffer(width: reference.width, height: reference.height, straightRGBA: reference.rgba)
            try Data(bytes).write(to: work.appendingPathComponent(file))
            let scene = work.appendingPathComponent("\(file).yaml")
            try """
                version: 1
                description: PngSuite's \(file) at 1:1 on a transparent canvas of its size.
                size: [\(reference.width), \(reference.height)]
                layers:
                  - {frame: [0, 0, \(reference.width), \(reference.height)], contents: \(file)}
                """.write(to: scene, atomically: true, encoding: .utf8)
            let loaded = try Pipeline.loadScene(at: scene.path)
            let frame = try FrameRenderer(scene: loaded).render(displayedIndex: 0).image
            #expect(frame.width == expected.width && frame.height == expected.height, "\(file)")
            let differing = zip(frame.pixels, expected.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "\(file): \(differing) bytes differ from libpng's decode")
        }
    }
}
