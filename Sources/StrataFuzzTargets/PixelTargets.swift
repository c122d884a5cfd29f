import Foundation
import StrataRaster

enum PixelTargets {
    static func decode(_ bytes: [UInt8]) {
        _ = try? PNGCodec.decode(bytes)
    }

    /// A differential target: an image from the bytes (size, then premultiplied pixels, the
    /// colour never above the alpha) through the fast encoder (every path this machine has) and
    /// the compact one, decoded by libpng, must be the image: premultiplied again from the
    /// straight values the encoders write.
    static func encoders(_ bytes: [UInt8]) {
        var reader = FuzzReader(bytes)
        let width = reader.int(1...70), height = reader.int(1...40)
        let opaque = reader.byte() & 1 == 1
        let level = reader.int(1...12)
        let source = reader.rest()
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        if !source.isEmpty {
            for offset in stride(from: 0, to: pixels.count, by: 4) {
                let alpha = opaque ? 255 : source[(offset + 3) % source.count]
                pixels[offset + 3] = alpha
                for channel in 0..<3 { pixels[offset + channel] = min(alpha, source[(offset + channel) % source.count]) }
            }
        }
        guard let image = try? PixelBuffer(width: width, height: height, premultipliedRGBA: pixels) else { fatalError("a valid image was refused") }
        // What the encoders mean: straight values by their rule, read back premultiplied.
        var straight = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBytes { source in
            straight.withUnsafeMutableBytes { target in
                StraightAlpha.unpremultiply(source, rowBytes: 4 * width, width: width, height: height, into: target)
            }
        }
        guard let expected = try? PixelBuffer(width: width, height: height, straightRGBA: straight) else { fatalError("straight image refused") }
        var options: [PNGCodec.EncodingOptions] = [.compact(level: level)]
        for path in PNGCodec.availableFastPaths {
            options.append(.fast(path: path))
        }
        let encoder = PNGEncoder()
        for option in options {
            guard let png = try? encoder.encode(image, options: option) else { fatalError("\(option.mode) could not encode a \(width)×\(height) image") }
            guard let decoded = try? PNGCodec.decode(png) else { fatalError("libpng refused the \(option.mode) encoder's PNG of \(width)×\(height)") }
            guard decoded.pixels == expected.pixels else { fatalError("the \(option.mode) encoder's PNG decodes to other pixels (\(width)×\(height), \(option.fastPath))") }
        }
    }
}
