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
    ///
    /// One pass over the premultiplied bytes: each pixel is un-premultiplied as `straightRGBA`
    /// does, mapped in `Float` with the terms in a fixed order, and premultiplied again as
    /// `PixelBuffer(straightRGBA:)` does. A pixel equal to the one before it (runs of a matte's
    /// solid colour, transparent margins) takes the same result without the arithmetic, which is
    /// a function of the pixel alone, so the bytes are those of mapping every pixel.
    public static func apply(_ image: PixelBuffer, matrix: [Double]) throws(RasterError) -> PixelBuffer {
        guard matrix.count == 20 else { throw .invalidArgument("a colour matrix has 20 values, found \(matrix.count)") }
        let m = matrix.map(Float.init)
        var result = image.pixels
        // Each pixel read and written as one little-endian word: the loop compares and stores a
        // word, not four bytes.
        result.withUnsafeMutableBytes { raw in
            var lastInput: UInt32 = 0, lastOutput: UInt32 = 0, started = false
            var offset = 0
            while offset + 4 <= raw.count {
                let input = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                if !started || input != lastInput {
                    let out = mapped((UInt8(truncatingIfNeeded: input), UInt8(truncatingIfNeeded: input >> 8),
                                      UInt8(truncatingIfNeeded: input >> 16), UInt8(truncatingIfNeeded: input >> 24)), m)
                    lastInput = input
                    lastOutput = UInt32(out.0) | UInt32(out.1) << 8 | UInt32(out.2) << 16 | UInt32(out.3) << 24
                    started = true
                }
                raw.storeBytes(of: lastOutput.littleEndian, toByteOffset: offset, as: UInt32.self)
                offset += 4
            }
        }
        return try PixelBuffer(width: image.width, height: image.height, premultipliedRGBA: result)
    }

    /// One premultiplied pixel mapped by `m` (20 entries), premultiplied again.
    @inline(__always)
    private static func mapped(_ pixel: (UInt8, UInt8, UInt8, UInt8), _ m: [Float]) -> (UInt8, UInt8, UInt8, UInt8) {
        let alpha = UInt32(pixel.3)
        func straight(_ channel: UInt8) -> UInt8 {
            if alpha == 0 { return 0 }
            if alpha == 255 { return channel }
            return UInt8(Swift.min(255, (UInt32(channel) * 255 + alpha / 2) / alpha))
        }
        let r = Float(straight(pixel.0)) / 255, g = Float(straight(pixel.1)) / 255, b = Float(straight(pixel.2)) / 255, a = Float(pixel.3) / 255
        func row(_ c: Int) -> UInt8 {
            let value = m[5 * c] * r + m[5 * c + 1] * g + m[5 * c + 2] * b + m[5 * c + 3] * a + m[5 * c + 4]
            return UInt8(saturating: min(max(value, 0), 1) * 255 + 0.5)
        }
        let outAlpha = row(3)
        func premultiplied(_ channel: UInt8) -> UInt8 {
            outAlpha == 255 ? channel : UInt8((UInt32(channel) * UInt32(outAlpha) + 127) / 255)
        }
        return (premultiplied(row(0)), premultiplied(row(1)), premultiplied(row(2)), outAlpha)
    }
}
