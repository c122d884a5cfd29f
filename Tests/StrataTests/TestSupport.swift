import Foundation
@_exported import StrataTestSupport
import StrataModel
import StrataRaster

/// Paths of the package (StrataTestSupport's, under the name these tests have always used).
typealias PackagePaths = TestPaths

/// A solid image, for tests.
func solidImage(width: Int, height: Int, r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) throws -> PixelBuffer {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width * height * 4)
    for _ in 0..<(width * height) { bytes += [r, g, b, a] }
    return try PixelBuffer(width: width, height: height, straightRGBA: bytes)
}

/// A coloured layer occupying `frame`.
func box(_ name: String, _ frame: Rect, _ color: Color, opacity: Double = 1) -> Layer {
    var layer = Layer(name: name, frame: frame)
    layer.backgroundColor = color
    layer.opacity = opacity
    return layer
}
