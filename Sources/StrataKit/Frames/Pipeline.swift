import Foundation
import StrataAnimation
import StrataLottie
import StrataModel
import StrataRaster
import StrataScene

/// The version printed by `strata --version`.
public let strataVersion = "0.4.0"

/// The pipeline: scene file → scene → render tree → pixels → PNG files.
public enum Pipeline {
    /// Loads a scene file, mapping its errors to exit statuses.
    ///
    /// - Parameter assets: the folder the scene's image paths resolve in (and may not leave);
    ///   nil for the scene file's own folder.
    /// - Parameter animation: which animation of a dotLottie archive (its manifest's first when nil).
    /// - Parameter values: value providers for a Lottie file (`LottieValueProvider`); a scene file
    ///   refuses them.
    /// - Parameter effects: seed effects to add, each an entry of a scene file's `effects:` list in
    ///   YAML (`SceneLoader.addingEffects`), naming layers of the loaded scene.
    /// - Parameter fonts: a folder of the user's font files for a Lottie file's texts whose glyphs
    ///   it lacks (`LottieUserFonts`); a scene file refuses it (it names its fonts itself).
    public static func loadScene(at path: String, assets: String? = nil, animation: String? = nil,
                                 values: [LottieValueProvider] = [], effects: [String] = [], fonts: String? = nil) throws(StrataError) -> Scene {
        let userFonts: LottieUserFonts?
        do { userFonts = try fonts.map { f throws(SceneError) in try LottieUserFonts(folder: f) } } catch { throw StrataError(.noInput, "\(error)") }
        let scene = try importScene(at: path, assets: assets, animation: animation, values: values, fonts: userFonts)
        do {
            return try SceneLoader.addingEffects(effects, to: scene)
        } catch {
            throw StrataError(error)
        }
    }

    private static func importScene(at path: String, assets: String?, animation: String?,
                                  values: [LottieValueProvider], fonts: LottieUserFonts?) throws(StrataError) -> Scene {
        let url = URL(fileURLWithPath: path)
        var data = try? Data(contentsOf: url, options: .mappedIfSafe)
        if let data, LottieImporter.isArchive(data), data.count > 256 << 20 {
            throw StrataError(.dataError, "\(path): a dotLottie file of \(data.count) bytes; at most \(256 << 20) are read")
        }
        do throws(SceneError) {
            if let data, LottieImporter.isArchive(data) {
                return try LottieImporter.decodeArchive(data, file: path, animation: animation, name: url.deletingPathExtension().lastPathComponent,
                                                        values: values, fonts: fonts)
            }
            // A JSON object is parsed once and told by its keys (a scene file written in JSON is
            // read again below, by the scene reader).
            var lottie: LottieDocument?
            if let bytes = data { lottie = try LottieImporter.parseIfLottie(bytes, file: path) }
            if let document = lottie {
                // The file's bytes let go before the layers are built.
                data = nil
                return try LottieImporter.decode(document, baseURL: URL(fileURLWithPath: assets ?? url.deletingLastPathComponent().path, isDirectory: true),
                                                 name: url.deletingPathExtension().lastPathComponent, values: values, fonts: fonts)
            }
            if !values.isEmpty { throw SceneError(file: path, keyPath: "", expected: "a Lottie file for the value and text providers (--set, --text)", found: "a scene file") }
            if fonts != nil { throw SceneError(file: path, keyPath: "", expected: "a Lottie file for --font (a scene file names its fonts itself)", found: "a scene file") }
            return try SceneLoader.load(contentsOf: url, assets: assets.map { URL(fileURLWithPath: $0, isDirectory: true) })
        } catch {
            throw StrataError(error)
        }
    }

    /// Reads value providers given as `KEYPATH=VALUE` (`strata … --set`; `LottieValueProvider`),
    /// then text providers given as `KEYPATH=TEXT` (`--text`), in that order.
    public static func valueProviders(parsing texts: [String], texts textProviders: [String] = []) throws(StrataError) -> [LottieValueProvider] {
        var providers: [LottieValueProvider] = []
        for text in texts {
            do {
                providers.append(try LottieValueProvider(parsing: text))
            } catch {
                throw StrataError(.usage, "--set \(text.prefix(80)): \(error)")
            }
        }
        for text in textProviders {
            do {
                providers.append(try LottieValueProvider(parsingText: text))
            } catch {
                throw StrataError(.usage, "--text \(text.prefix(80)): \(error)")
            }
        }
        return providers
    }

    /// Renders `scene` as presented at `seconds` (0 by default), at `scale` if given (see
    /// `FrameRenderer.render(atSeconds:)`). To render several frames of a scene, make one
    /// `FrameRenderer` and keep it: its effects are prepared once.
    ///
    /// - Returns: premultiplied RGBA pixels, the scene's size in points × scale.
    public static func renderFrame(_ scene: Scene, atSeconds seconds: Double = 0, scale: Double? = nil) throws(StrataError) -> PixelBuffer {
        try FrameRenderer(scene: scene, scale: scale).render(atSeconds: seconds).image
    }

    /// Encodes a frame as PNG bytes with the given options, with `encoder`'s memory when given (one
    /// per thread, for sequences: the same bytes, no allocation per frame).
    public static func encode(_ image: PixelBuffer, options: PNGCodec.EncodingOptions = .fast,
                              encoder: PNGEncoder? = nil) throws(StrataError) -> [UInt8] {
        do {
            return try (encoder ?? PNGEncoder()).encode(image, options: options)
        } catch {
            throw StrataError(error)
        }
    }

    /// The file name of frame `index`: `frame-00000.png` for the default pattern.
    public static func frameFileName(_ index: Int, prefix: String = "frame-") -> String {
        let digits = String(index)
        return prefix + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Renders one still of `scene` at `seconds` to `url` (a PNG file), atomically.
    public static func renderStill(_ scene: Scene, to url: URL, atSeconds seconds: Double = 0, scale: Double? = nil,
                                   encoding: PNGCodec.EncodingOptions = .fast, overwrite: Bool) throws(StrataError) {
        try AtomicFile.createDirectory(url.deletingLastPathComponent())
        if !overwrite && FileManager.default.fileExists(atPath: url.path) {
            throw StrataError(.cannotCreate, "\(url.path) exists; pass --overwrite to replace it")
        }
        let image = try renderFrame(scene, atSeconds: seconds, scale: scale)
        try AtomicFile.write(try encode(image, options: encoding), to: url, overwrite: overwrite)
    }
}
