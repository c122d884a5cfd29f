import Foundation
import StrataAnimation
import StrataEffects
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

    /// Prepares a scene's effects (snapshots) for rendering at `scale`.
    public static func effectsEngine(_ scene: Scene, clock: FrameClock? = nil, scale: Double) throws(StrataError) -> EffectsEngine {
        do {
            return try EffectsEngine(effects: scene.effects, timeline: scene.timeline, layers: scene.layers,
                                     clock: clock ?? scene.clock, scale: scale)
        } catch {
            throw StrataError(error)
        }
    }

    /// The displayed frame shown at `seconds`: the last one at or before it.
    public static func displayedIndex(_ clock: FrameClock, atSeconds seconds: Double) -> Int {
        let ticks = clock.displayedTicks
        return max(0, (ticks.lastIndex { clock.seconds(ofTick: $0) <= seconds + 1e-9 }) ?? 0)
    }

    /// The layers of displayed frame `index`: animations, then effects.
    public static func frameLayers(_ scene: Scene, engine: EffectsEngine?, displayedIndex index: Int, clock: FrameClock) -> [Layer] {
        if let engine, !scene.effects.isEmpty { return engine.frame(displayedIndex: index).layers }
        return scene.presentation(atSeconds: clock.seconds(ofTick: clock.displayedTicks[index])).layers
    }

    /// Renders `scene` as presented at `seconds` (0 by default), at `scale` if given. With effects,
    /// the frame is the displayed frame at or before `seconds`.
    ///
    /// - Returns: premultiplied RGBA pixels, the scene's size in points × scale.
    /// Pass `engine` (from `effectsEngine(_:scale:)`, same scale) when rendering several frames of
    /// a scene with effects, so that its snapshots are taken once.
    public static func renderFrame(_ scene: Scene, atSeconds seconds: Double = 0, scale: Double? = nil,
                                   engine prepared: EffectsEngine? = nil) throws(StrataError) -> PixelBuffer {
        let builder = RenderTreeBuilder(size: scene.size, scale: scale ?? scene.scale, background: scene.background)
        var engine = prepared
        if engine == nil && !scene.effects.isEmpty { engine = try effectsEngine(scene, scale: scale ?? scene.scale) }
        let (width, height) = builder.pixelSize
        do {
            try Limits.checkSurface(width: width, height: height)
        } catch {
            throw StrataError(.dataError, "\(scene.name): the canvas at this scale is too large: \(error)")
        }
        do {
            if let engine {
                let layers = frameLayers(scene, engine: engine, displayedIndex: displayedIndex(scene.clock, atSeconds: seconds), clock: scene.clock)
                return try Renderer.render(builder.build(layers))
            }
            return try Renderer.render(builder.build(scene.presentation(atSeconds: seconds).layers))
        } catch {
            throw StrataError(error)
        }
    }

    /// Rasterises a render tree with Cairo, reusing `resources` (one per thread) when given.
    public static func rasterize(_ tree: RenderTree, resources: RenderResources? = nil) throws(StrataError) -> PixelBuffer {
        do {
            return try Renderer.render(tree, resources: resources)
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

    /// Renders one still of `scene` at `seconds` to `url` (a PNG file), atomically.
    public static func renderStill(_ scene: Scene, to url: URL, atSeconds seconds: Double = 0, scale: Double? = nil,
                                   overwrite: Bool) throws(StrataError) {
        try AtomicFile.createDirectory(url.deletingLastPathComponent())
        if !overwrite && FileManager.default.fileExists(atPath: url.path) {
            throw StrataError(.cannotCreate, "\(url.path) exists; pass --overwrite to replace it")
        }
        let image = try renderFrame(scene, atSeconds: seconds, scale: scale)
        try AtomicFile.write(try encode(image), to: url, overwrite: overwrite)
    }
}
