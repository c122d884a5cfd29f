import Foundation
import StrataKit
import StrataModel
import StrataRaster

/// A bitmap (`CGImage`): premultiplied 8-bit RGBA pixels (a Strata `PixelBuffer`), from a PNG,
/// JPEG or WebP file (`CGImage.load(contentsOfFile:)`, `UIImage(contentsOfFile:)`) or a render.
public final class CGImage: Hashable, @unchecked Sendable {
    /// The pixels, premultiplied RGBA.
    public let pixels: PixelBuffer
    public var width: Int { pixels.width }
    public var height: Int { pixels.height }
    public var bitsPerComponent: Int { 8 }
    public var bitsPerPixel: Int { 32 }
    public var bytesPerRow: Int { pixels.width * 4 }

    public init(pixels: PixelBuffer) { self.pixels = pixels }

    /// Decodes a PNG, JPEG or WebP file by its bytes (limits checked before any allocation).
    /// - Throws: `StrataError` naming the file and what is wrong.
    public static func load(contentsOfFile path: String) throws(StrataError) -> CGImage {
        let url = URL(fileURLWithPath: path)
        guard let bytes = try AtomicFile.readRegularFile(url) else {
            throw StrataError(.noInput, "\(path): expected an image file, found no file")
        }
        do {
            return CGImage(pixels: try ImageCodec.decode(bytes))
        } catch {
            throw StrataError(.dataError, "\(path): expected a \(ImageCodec.formats) image, found \(error)")
        }
    }

    /// The image as PNG bytes (8-bit RGBA, or RGB when opaque).
    public func pngData() throws(StrataError) -> [UInt8] {
        do { return try PNGCodec.encode(pixels) } catch { throw StrataError(.software, "encoding a PNG: \(error)") }
    }

    /// Writes the image as a PNG file, atomically.
    public func writePNG(to url: URL, overwrite: Bool = true) throws(StrataError) {
        try AtomicFile.write(try pngData(), to: url, overwrite: overwrite)
    }

    public static func == (lhs: CGImage, rhs: CGImage) -> Bool { lhs === rhs || lhs.pixels == rhs.pixels }
    public func hash(into hasher: inout Hasher) { hasher.combine(width); hasher.combine(height) }
}
