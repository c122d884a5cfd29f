import CWebP
import StrataPixels

/// Decodes WebP images (lossy, lossless, with or without alpha) through libwebp. Strata writes
/// only PNG; WebP is read because Lottie files embed it and lottie-ios draws it.
public enum WebPCodec {
    /// Whether `data` starts as a WebP file does (`RIFF`, a size, `WEBP`).
    public static func isWebP(_ data: [UInt8]) -> Bool {
        data.count >= 12 && data[0..<4].elementsEqual("RIFF".utf8) && data[8..<12].elementsEqual("WEBP".utf8)
    }

    /// Decodes a still WebP image to a premultiplied pixel buffer. The size in the header is
    /// checked against `Limits` before any pixel memory is allocated; an animated WebP, a
    /// truncated or a corrupt file throws `RasterError.invalidPNG` naming what was wrong.
    public static func decode(_ data: [UInt8]) throws(RasterError) -> PixelBuffer {
        guard isWebP(data) else { throw .invalidPNG("not a WebP image (no RIFF…WEBP header)") }
        var features = WebPBitstreamFeatures()
        let status = data.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        guard status == VP8_STATUS_OK else { throw .invalidPNG("cannot read the WebP header (libwebp status \(status.rawValue))") }
        guard features.has_animation == 0 else { throw .invalidPNG("an animated WebP image (only still images are drawn)") }
        let width = Int(features.width), height = Int(features.height)
        try Limits.checkSurface(width: width, height: height)
        var straight = [UInt8](repeating: 0, count: width * height * 4)
        let decoded = data.withUnsafeBufferPointer { input in
            straight.withUnsafeMutableBufferPointer { output in
                WebPDecodeRGBAInto(input.baseAddress, input.count, output.baseAddress, output.count, Int32(width * 4))
            }
        }
        guard decoded != nil else { throw .invalidPNG("cannot decode the WebP image (\(width)×\(height)): truncated or corrupt") }
        return try PixelBuffer(width: width, height: height, straightRGBA: straight)
    }
}
