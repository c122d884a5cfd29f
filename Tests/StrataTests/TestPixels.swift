import StrataModel

/// Test images shared by the compositing and warp tests.
enum TestPixels {
    /// Random premultiplied pixels from `seed`: a quarter transparent, a quarter opaque, the rest
    /// in between (each colour channel at most its alpha).
    static func random(width: Int, height: Int, seed: UInt32) throws -> PixelBuffer {
        var state = seed
        func next() -> UInt32 { state ^= state << 13; state ^= state >> 17; state ^= state << 5; return state }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for p in 0..<(width * height) {
            let kind = next() % 4
            let alpha: UInt32 = kind == 0 ? 0 : kind == 1 ? 255 : next() % 256
            for c in 0..<3 { pixels[4 * p + c] = UInt8(alpha == 0 ? 0 : next() % (alpha + 1)) }
            pixels[4 * p + 3] = UInt8(alpha)
        }
        return try PixelBuffer(width: width, height: height, premultipliedRGBA: pixels)
    }
}
