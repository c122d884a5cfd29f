import Foundation
import StrataModel
import StrataRaster

/// Paths of the package (`TestPaths`, under the name the stage tests have always used).
public typealias PackagePaths = TestPaths


/// A solid image, for tests.
public func solidImage(width: Int, height: Int, r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) throws -> PixelBuffer {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width * height * 4)
    for _ in 0..<(width * height) { bytes += [r, g, b, a] }
    return try PixelBuffer(width: width, height: height, straightRGBA: bytes)
}

/// A coloured layer occupying `frame`.
public func box(_ name: String, _ frame: Rect, _ color: Color, opacity: Double = 1) -> Layer {
    var layer = Layer(name: name, frame: frame)
    layer.backgroundColor = color
    layer.opacity = opacity
    return layer
}

/// Test images shared by the compositing and warp tests.
public enum TestPixels {
    /// Random premultiplied pixels from `seed`: a quarter transparent, a quarter opaque, the rest
    /// in between (each colour channel at most its alpha).
    public static func random(width: Int, height: Int, seed: UInt32) throws -> PixelBuffer {
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

/// Test images: premultiplied, with structure that a blur must get right.
public enum TestImages {
    public static func random(width: Int, height: Int, seed: UInt32) throws -> PixelBuffer {
        var state = seed
        var bytes: [UInt8] = []
        for _ in 0..<(width * height) {
            var pixel: [UInt8] = []
            for _ in 0..<4 {
                state ^= state << 13; state ^= state >> 17; state ^= state << 5
                pixel.append(UInt8(truncatingIfNeeded: state))
            }
            bytes += pixel
        }
        return try PixelBuffer(width: width, height: height, straightRGBA: bytes)
    }

    /// A dot, a one-pixel line, a hard edge, a checkerboard and a translucent block.
    public static func structured(width: Int = 48, height: Int = 40) throws -> PixelBuffer {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        func set(_ x: Int, _ y: Int, _ p: [UInt8]) {
            guard x < width, y < height else { return }
            let i = (y * width + x) * 4
            for c in 0..<4 { bytes[i + c] = p[c] }
        }
        set(5, 5, [255, 255, 255, 255])
        for y in 0..<height { set(12, y, [255, 0, 0, 255]) }
        for y in 0..<height { for x in 30..<max(30, width) { set(x, y, [0, 0, 255, 255]) } }
        for y in 20..<32 { for x in 14..<26 where (x + y) % 2 == 0 { set(x, y, [0, 255, 0, 255]) } }
        for y in 34..<max(34, height) { for x in 0..<20 { set(x, y, [200, 100, 0, 128]) } }
        return try PixelBuffer(width: width, height: height, straightRGBA: bytes)
    }
}
