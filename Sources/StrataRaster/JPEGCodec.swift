import CStrataJPEG
import StrataPixels

/// Decodes JPEG images through libjpeg-turbo: baseline and progressive, grey, RGB and YCbCr, 8
/// bits per sample, turned upright by their EXIF orientation as browsers show them
/// (`image-orientation: from-image`). Strata writes only PNG; JPEG is read because Lottie files and
/// scenes carry it.
public enum JPEGCodec {
    /// Decoded pixels per byte of JPEG at most (4 bytes of RGBA each): a file that claims more is
    /// refused before any pixel memory is allocated. A uniform 8×8 block costs at least a few bits,
    /// so no real JPEG comes near it; a few hundred bytes claiming 16384×4096 pixels do.
    public static let maximumPixelsPerByte = 1024

    /// Whether `data` starts as a JPEG file does (`FF D8 FF`), whatever a file name or MIME type says.
    public static func isJPEG(_ data: [UInt8]) -> Bool {
        data.count >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF
    }

    /// The headers' facts: size as stored, orientation (1…8), whether progressive.
    public struct Header: Sendable, Equatable {
        public var width: Int
        public var height: Int
        public var orientation: Int
        public var isProgressive: Bool
    }

    /// Reads the headers; throws for a file that is not JPEG or is refused (12-bit, CMYK).
    public static func header(_ data: [UInt8]) throws(RasterError) -> Header {
        var info = strata_jpeg_info()
        let status = data.withUnsafeBufferPointer { strata_jpeg_read_header($0.baseAddress, $0.count, &info) }
        guard status == 0 else { throw .invalidPNG(message(info)) }
        return Header(width: Int(info.width), height: Int(info.height), orientation: Int(info.orientation), isProgressive: info.progressive != 0)
    }

    /// Decodes a JPEG to an opaque pixel buffer, upright. The size in the header is checked against
    /// `Limits` and against `maximumPixelsPerByte` before any pixel memory is allocated; a 12-bit,
    /// CMYK, truncated or corrupt file throws `RasterError.invalidPNG` naming what was wrong.
    public static func decode(_ data: [UInt8]) throws(RasterError) -> PixelBuffer {
        let header = try header(data)
        try Limits.checkSurface(width: header.width, height: header.height)
        guard header.width * header.height <= maximumPixelsPerByte * data.count else {
            throw .tooLarge("a JPEG of \(data.count) bytes claiming \(header.width)×\(header.height) pixels (more than \(maximumPixelsPerByte) pixels per byte)")
        }
        var rgba = [UInt8](repeating: 0, count: header.width * header.height * 4)
        var info = strata_jpeg_info()
        let status = data.withUnsafeBufferPointer { input in
            rgba.withUnsafeMutableBufferPointer { output in
                strata_jpeg_decode_rgba(input.baseAddress, input.count, output.baseAddress, output.count, &info)
            }
        }
        guard status == 0 else { throw .invalidPNG(message(info)) }
        let (pixels, width, height) = upright(rgba, width: header.width, height: header.height, orientation: header.orientation)
        return try PixelBuffer(width: width, height: height, straightRGBA: pixels)
    }

    /// The message libjpeg (or the shim) left.
    static func message(_ info: strata_jpeg_info) -> String {
        var copy = info.message
        let text = withUnsafeBytes(of: &copy) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        return text.isEmpty ? "cannot decode the JPEG image" : "JPEG: " + text
    }

    /// RGBA rows as stored, turned as EXIF `orientation` says (1 upright … 8): the picture a viewer
    /// shows. Orientations 5…8 swap width and height.
    public static func upright(_ pixels: [UInt8], width: Int, height: Int, orientation: Int) -> ([UInt8], Int, Int) {
        guard (2...8).contains(orientation) else { return (pixels, width, height) }
        let swaps = orientation >= 5
        let outWidth = swaps ? height : width, outHeight = swaps ? width : height
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        // Where the shown pixel (x, y) is stored.
                        let (sx, sy): (Int, Int) = switch orientation {
                        case 2: (width - 1 - x, y)
                        case 3: (width - 1 - x, height - 1 - y)
                        case 4: (x, height - 1 - y)
                        case 5: (y, x)
                        case 6: (y, height - 1 - x)
                        case 7: (width - 1 - y, height - 1 - x)
                        default: (width - 1 - y, x)   // 8
                        }
                        let from = (sy * width + sx) * 4, to = (y * outWidth + x) * 4
                        target[to] = source[from]
                        target[to + 1] = source[from + 1]
                        target[to + 2] = source[from + 2]
                        target[to + 3] = source[from + 3]
                    }
                }
            }
        }
        return (out, outWidth, outHeight)
    }
}

/// Decodes an image by what its bytes are — PNG, JPEG or WebP — whatever its name or MIME type says.
public enum ImageCodec {
    /// The formats Strata reads, for messages.
    public static let formats = "PNG, JPEG or WebP"

    /// Whether `data` starts as one of the formats Strata reads.
    public static func isImage(_ data: [UInt8]) -> Bool {
        data.starts(with: [0x89, 0x50, 0x4E, 0x47]) || JPEGCodec.isJPEG(data) || WebPCodec.isWebP(data)
    }

    /// Decodes PNG, JPEG or WebP bytes to a premultiplied buffer (limits checked before allocation).
    public static func decode(_ data: [UInt8]) throws(RasterError) -> PixelBuffer {
        if JPEGCodec.isJPEG(data) { return try JPEGCodec.decode(data) }
        if WebPCodec.isWebP(data) { return try WebPCodec.decode(data) }
        return try PNGCodec.decode(data)
    }
}
