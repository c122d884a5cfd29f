import Foundation
import StrataModel
import StrataRaster

/// Paths of the package, found from this file's location.
enum PackagePaths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scenes = root.appendingPathComponent("Scenes")
    static let snapshots = root.appendingPathComponent("Snapshots")
    /// Test artefacts (actual images and diffs of failures); ignored by git.
    static let artifacts = root.appendingPathComponent(".artifacts")

    /// A new empty temporary folder.
    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

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
