/// A 4×5 colour matrix applied to straight (un-premultiplied) RGBA in 0…1, row-major:
/// out[c] = m[5c]·r + m[5c+1]·g + m[5c+2]·b + m[5c+3]·a + m[5c+4], clamped to 0…1
/// (`CIColorMatrix`, SVG feColorMatrix). The image stays premultiplied outside this function.
public enum ColorMatrix {
    /// Rec. 709 luma weights, used for saturation.
    static let luma: (r: Double, g: Double, b: Double) = (0.2126, 0.7152, 0.0722)

    /// The identity.
    public static let identity: [Double] = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]

    /// Saturation s: 1 is the identity, 0 grey.
    public static func saturation(_ s: Double) -> [Double] {
        let (lr, lg, lb) = luma
        return [lr * (1 - s) + s, lg * (1 - s), lb * (1 - s), 0, 0,
                lr * (1 - s), lg * (1 - s) + s, lb * (1 - s), 0, 0,
                lr * (1 - s), lg * (1 - s), lb * (1 - s) + s, 0, 0,
                0, 0, 0, 1, 0]
    }

    /// Adds b to each colour channel.
    public static func brightness(_ b: Double) -> [Double] {
        [1, 0, 0, 0, b, 0, 1, 0, 0, b, 0, 0, 1, 0, b, 0, 0, 0, 1, 0]
    }

    /// Scales colours by c around 0.5.
    public static func contrast(_ c: Double) -> [Double] {
        let offset = 0.5 * (1 - c)
        return [c, 0, 0, 0, offset, 0, c, 0, 0, offset, 0, 0, c, 0, offset, 0, 0, 0, 1, 0]
    }

    /// Mixes colours towards (r, g, b) by `amount`, keeping alpha.
    public static func tint(red: Double, green: Double, blue: Double, amount t: Double) -> [Double] {
        [1 - t, 0, 0, 0, red * t, 0, 1 - t, 0, 0, green * t, 0, 0, 1 - t, 0, blue * t, 0, 0, 0, 1, 0]
    }

    /// The image with `matrix` applied to every pixel's straight colour.
    public static func apply(_ image: PixelBuffer, matrix: [Double]) throws(RasterError) -> PixelBuffer {
        guard matrix.count == 20 else { throw .invalidArgument("a colour matrix has 20 values, found \(matrix.count)") }
        let m = matrix.map(Float.init)
        var straight = image.straightRGBA
        straight.withUnsafeMutableBufferPointer { bytes in
            var i = 0
            while i < bytes.count {
                let r = Float(bytes[i]) / 255, g = Float(bytes[i + 1]) / 255, b = Float(bytes[i + 2]) / 255, a = Float(bytes[i + 3]) / 255
                for c in 0..<4 {
                    let value = m[5 * c] * r + m[5 * c + 1] * g + m[5 * c + 2] * b + m[5 * c + 3] * a + m[5 * c + 4]
                    bytes[i + c] = UInt8(saturating: min(max(value, 0), 1) * 255 + 0.5)
                }
                i += 4
            }
        }
        return try PixelBuffer(width: image.width, height: image.height, straightRGBA: straight)
    }
}
