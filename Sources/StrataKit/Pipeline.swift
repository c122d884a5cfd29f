import Foundation
import StrataModel
import StrataRaster
import StrataRender
import StrataScene

/// The version printed by `strata --version`.
public let strataVersion = "0.1.0"

/// The pipeline: scene file → scene → render tree → pixels → PNG files.
public enum Pipeline {
    /// Loads a scene file, mapping its errors to exit statuses.
    public static func loadScene(at path: String) throws(StrataError) -> Scene {
        do {
            return try SceneLoader.load(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw StrataError(error)
        }
    }

    /// Renders one frame of `scene` (static scenes have one), at `scale` if given.
    ///
    /// - Returns: premultiplied RGBA pixels, the scene's size in points × scale.
    public static func renderFrame(_ scene: Scene, scale: Double? = nil) throws(StrataError) -> PixelBuffer {
        let builder = RenderTreeBuilder(size: scene.size, scale: scale ?? scene.scale, background: scene.background)
        let (width, height) = builder.pixelSize
        do {
            try RasterLimits.check(width: width, height: height)
        } catch {
            throw StrataError(.dataError, "\(scene.name): the canvas at this scale is too large: \(error)")
        }
        do {
            return try Renderer.render(builder.build(scene.layers))
        } catch {
            throw StrataError(error)
        }
    }

    /// Encodes a frame as PNG bytes with the given options.
    public static func encode(_ image: PixelBuffer, options: PNGCodec.EncodingOptions = .fast) throws(StrataError) -> [UInt8] {
        do {
            return try PNGCodec.encode(image, options: options)
        } catch {
            throw StrataError(error)
        }
    }

    /// The file name of frame `index`: `frame-00000.png` for the default pattern.
    public static func frameFileName(_ index: Int, prefix: String = "frame-") -> String {
        let digits = String(index)
        return prefix + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Renders the frames of `scene` into `directory` as `frame-00000.png …` (one frame for a
    /// static scene), atomically, refusing to replace existing frames unless `overwrite`.
    ///
    /// - Returns: the URLs of the written files.
    @discardableResult
    public static func renderSequence(_ scene: Scene, to directory: URL, scale: Double? = nil, overwrite: Bool,
                                      options: PNGCodec.EncodingOptions = .fast) throws(StrataError) -> [URL] {
        try AtomicFile.createDirectory(directory)
        let url = directory.appendingPathComponent(frameFileName(0))
        if !overwrite && FileManager.default.fileExists(atPath: url.path) {
            throw StrataError(.cannotCreate, "\(url.path) exists; pass --overwrite to replace it")
        }
        let image = try renderFrame(scene, scale: scale)
        try AtomicFile.write(try encode(image, options: options), to: url, overwrite: overwrite)
        return [url]
    }

    /// Renders one still of `scene` to `url` (a PNG file), atomically.
    public static func renderStill(_ scene: Scene, to url: URL, scale: Double? = nil, overwrite: Bool) throws(StrataError) {
        try AtomicFile.createDirectory(url.deletingLastPathComponent())
        if !overwrite && FileManager.default.fileExists(atPath: url.path) {
            throw StrataError(.cannotCreate, "\(url.path) exists; pass --overwrite to replace it")
        }
        let image = try renderFrame(scene, scale: scale)
        try AtomicFile.write(try encode(image), to: url, overwrite: overwrite)
    }
}
