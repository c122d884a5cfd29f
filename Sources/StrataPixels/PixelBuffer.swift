/// An 8-bit RGBA image with **premultiplied** alpha, rows top to bottom, 4 bytes per pixel in
/// the order R, G, B, A, no padding between rows.
///
/// Premultiplied means each colour byte is already multiplied by alpha/255, so filtering and
/// compositing work on these values directly (no dark fringes on transparent images).
public struct PixelBuffer: Hashable, Sendable {
    /// Width, in pixels.
    public let width: Int
    /// Height, in pixels.
    public let height: Int
    /// `width × height × 4` bytes: premultiplied R, G, B, A per pixel.
    public var pixels: [UInt8]

    /// Creates a transparent buffer; the size must be within `Limits`.
    public init(width: Int, height: Int) throws(RasterError) {
        try Limits.checkSurface(width: width, height: height)
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Wraps premultiplied RGBA bytes; `pixels.count` must be `width × height × 4`.
    public init(width: Int, height: Int, premultipliedRGBA pixels: [UInt8]) throws(RasterError) {
        try Limits.checkSurface(width: width, height: height)
        guard pixels.count == width * height * 4 else {
            throw .invalidArgument("expected \(width * height * 4) bytes for \(width)×\(height) pixels, found \(pixels.count)")
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Creates a buffer from straight-alpha RGBA bytes, premultiplying them (rounded to nearest).
    public init(width: Int, height: Int, straightRGBA: [UInt8]) throws(RasterError) {
        var premultiplied = straightRGBA
        premultiplied.withUnsafeMutableBufferPointer { bytes in
            var index = 0
            while index + 3 < bytes.count {
                let alpha = UInt32(bytes[index + 3])
                if alpha != 255 {
                    for channel in 0..<3 {
                        bytes[index + channel] = UInt8((UInt32(bytes[index + channel]) * alpha + 127) / 255)
                    }
                }
                index += 4
            }
        }
        try self.init(width: width, height: height, premultipliedRGBA: premultiplied)
    }

    /// The straight-alpha RGBA bytes of the image (colour of a fully transparent pixel is 0).
    public var straightRGBA: [UInt8] {
        var result = pixels
        result.withUnsafeMutableBufferPointer { bytes in
            var index = 0
            while index + 3 < bytes.count {
                let alpha = UInt32(bytes[index + 3])
                if alpha == 0 {
                    bytes[index] = 0; bytes[index + 1] = 0; bytes[index + 2] = 0
                } else if alpha != 255 {
                    for channel in 0..<3 {
                        let value = (UInt32(bytes[index + channel]) * 255 + alpha / 2) / alpha
                        bytes[index + channel] = UInt8(Swift.min(255, value))
                    }
                }
                index += 4
            }
        }
        return result
    }

    /// The premultiplied RGBA bytes of pixel (x, y).
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
