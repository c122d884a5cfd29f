import Foundation
import StrataAnimation
import StrataEffects
import StrataRaster
import StrataScene

/// `manifest.json`: what a frame sequence holds (docs/manifest.md).
public struct Manifest: Codable, Hashable, Sendable {
    /// One animated layer in one frame.
    public struct LayerState: Codable, Hashable, Sendable {
        /// Scene key path of the layer, e.g. `layers[0].sublayers[1]`.
        public var path: String
        /// The layer's name, when it has one.
        public var name: String?
        /// Presentation position [x, y], in points.
        public var position: [Double]
        /// Presentation opacity, 0…1.
        public var opacity: Double
    }

    /// One displayed frame.
    public struct Frame: Codable, Hashable, Sendable {
        /// Displayed frame number: the file is `frame-<index>.png`.
        public var index: Int
        /// The clock tick it shows (differs from `index` after dropped ticks).
        public var tick: Int
        /// Its time, in seconds: tick / fps.
        public var time: Double
        /// The file name.
        public var file: String
        /// Every animated layer, in tree order.
        public var layers: [LayerState]
        /// Every motion-blur overlay: id, delta (points since the previous displayed frame; absent
        /// on the first tick and while off), opacity, enabled.
        public var overlays: [OverlayState]?

        /// Throws a data error naming the first layer or overlay whose recorded value is not finite.
        func checkFinite(scene: String) throws(StrataError) {
            for layer in layers where !(layer.position + [layer.opacity]).allSatisfy(\.isFinite) {
                throw StrataError(.dataError, "\(scene): frame \(index): \(layer.path)\(layer.name.map { " (\($0))" } ?? "") is presented at position \(layer.position) with opacity \(layer.opacity), which is not finite; check its animations and motion effects")
            }
            for overlay in overlays ?? [] where !overlay.opacity.isFinite || !(overlay.delta ?? 0).isFinite {
                throw StrataError(.dataError, "\(scene): frame \(index): the overlay \(overlay.id) has delta \(overlay.delta.map { "\($0)" } ?? "none") and opacity \(overlay.opacity), which is not finite; check the motion of its layer")
            }
        }
    }

    public var scene: String
    /// What decided the frames' bytes: scene and asset digests, tool version, settings; absent
    /// in manifests written before fingerprints (docs/farm.md).
    public var fingerprint: RunFingerprint?
    /// The PNG mode the frames were written with (`fast`, `compact`); absent in older manifests.
    public var png: String?
    public var fps: Double
    /// Canvas size in points.
    public var size: [Double]
    public var scale: Double
    /// Frame size in pixels.
    public var pixelSize: [Int]
    /// Number of displayed frames.
    public var frameCount: Int
    /// Number of clock ticks, dropped ones included.
    public var tickCount: Int
    /// Ticks that were dropped (not displayed).
    public var droppedTicks: [Int]
    /// True when every frame is opaque (the scene's background is, and no layer blends with xor):
    /// videos of it are encoded without alpha. Absent in older manifests (read as not opaque).
    public var opaque: Bool?
    public var frames: [Frame]

    /// The manifest of the frames `renderer` draws: every displayed frame, whatever range is
    /// rendered, so that split runs write the same manifest. Each frame records the presentation
    /// the renderer draws (`FrameRenderer.presentation(displayedIndex:)`), motion effects included,
    /// for every layer that animations or motion effects move.
    public static func make(_ renderer: FrameRenderer, encoding: PNGCodec.EncodingOptions = .fast) -> Manifest {
        make(renderer, fingerprint: RunFingerprint(scene: renderer.scene, fps: renderer.clock.framesPerSecond, scale: renderer.scale,
                                                   encoding: encoding, groundTruth: nil))
    }

    /// The manifest of the frames `renderer` draws for the run `fingerprint`.
    /// Frames are evaluated on up to `jobs` threads; the manifest is the same for any number.
    public static func make(_ renderer: FrameRenderer, fingerprint: RunFingerprint,
                            jobs: Int = ProcessInfo.processInfo.activeProcessorCount) -> Manifest {
        let scene = renderer.scene, clock = renderer.clock
        let recorder = FrameRecorder(renderer)
        return Manifest(scene: scene.name, fingerprint: fingerprint, png: fingerprint.png.split(separator: "-").first.map(String.init), fps: clock.framesPerSecond, size: [scene.size.width, scene.size.height], scale: renderer.scale,
                        pixelSize: [renderer.pixelSize.width, renderer.pixelSize.height], frameCount: renderer.frames.count,
                        tickCount: clock.tickCount, droppedTicks: (0..<clock.tickCount).filter { clock.droppedFrames.drops($0) },
                        opaque: scene.isOpaque,
                        frames: ParallelMap.map(renderer.frames.count, jobs: jobs) { recorder.frame($0) })
    }

    /// Records one displayed frame as the renderer draws it.
    struct FrameRecorder: Sendable {
        let renderer: FrameRenderer
        let paths: [LayerPath]
        /// With nothing moving and no overlay, a frame records only its index and time.
        let recordsPresentation: Bool

        init(_ renderer: FrameRenderer) {
            self.renderer = renderer
            paths = renderer.scene.movedLayerPaths
            recordsPresentation = !paths.isEmpty || !renderer.scene.effects.motionBlurOverlays.isEmpty
        }

        /// Throws what `frame(index, presentation:).checkFinite(scene:)` throws, without making the
        /// frame's record unless something is not finite (`validate` checks every frame).
        func checkFinite(_ index: Int, presentation: FrameRenderer.Presentation, scene: String) throws(StrataError) {
            guard recordsPresentation else { return }
            let tree = PresentationTree(layers: presentation.layers, seconds: presentation.seconds)
            let finite = paths.allSatisfy { path in
                guard let layer = tree.layer(at: path) else { return true }
                return layer.position.x.isFinite && layer.position.y.isFinite && layer.opacity.isFinite
            } && presentation.overlays.allSatisfy { $0.opacity.isFinite && ($0.delta ?? 0).isFinite }
            if !finite { try frame(index, presentation: presentation).checkFinite(scene: scene) }
        }

        /// Frame `index`, from `presentation` when the caller has it already.
        func frame(_ index: Int, presentation given: FrameRenderer.Presentation? = nil) -> Frame {
            guard recordsPresentation else {
                return Frame(index: index, tick: renderer.frames.tick(ofFrame: index), time: renderer.frames.seconds(ofFrame: index),
                             file: Pipeline.frameFileName(index), layers: [], overlays: nil)
            }
            let presentation = given ?? renderer.presentation(displayedIndex: index)
            let tree = PresentationTree(layers: presentation.layers, seconds: presentation.seconds)
            let layers = paths.compactMap { path -> LayerState? in
                guard let layer = tree.layer(at: path) else { return nil }
                return LayerState(path: path.description, name: layer.name, position: [layer.position.x, layer.position.y],
                                  opacity: layer.opacity)
            }
            return Frame(index: index, tick: renderer.frames.tick(ofFrame: index), time: presentation.seconds,
                         file: Pipeline.frameFileName(index), layers: layers,
                         overlays: presentation.overlays.isEmpty ? nil : presentation.overlays)
        }
    }

    /// `curve.csv`: one row per displayed frame — frame, time, and per overlay its delta and opacity
    /// (columns `<id>.delta`, `<id>.opacity`; delta empty on the first tick and while off).
    public func curveCSV() -> String {
        let ids = frames.first?.overlays?.map(\.id) ?? []
        var lines = ["frame,time," + ids.map { "\($0).delta,\($0).opacity" }.joined(separator: ",")]
        for frame in frames {
            var fields = ["\(frame.index)", Self.number(frame.time)]
            for state in frame.overlays ?? [] {
                fields.append(state.delta.map(Self.number) ?? "")
                fields.append(Self.number(state.opacity))
            }
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A number with up to 6 decimals, no trailing zeros (as in the CSV files).
    public static func number(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// The manifest as JSON with sorted keys (the same scene gives the same bytes).
    public func encoded() throws(StrataError) -> [UInt8] {
        [UInt8](try encodedData())
    }

    /// `encoded()` as Data, without the copies (a 1,000-frame manifest is megabytes): JSON with
    /// sorted keys, pretty-printed as JSONEncoder prints it. The frames are written by
    /// `ManifestJSON` (JSONEncoder took ~0.3 ms a frame of 40 layers) into the document
    /// JSONEncoder writes for the rest: the same bytes (tested against JSONEncoder).
    public func encodedData() throws(StrataError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var outline = self
        outline.frames = []
        let document: Data
        do {
            document = try encoder.encode(outline)
        } catch {
            throw StrataError(.software, "cannot encode the manifest: \(error)")
        }
        // The empty array as JSONEncoder writes it at the top level: where the frames go.
        let empty = Data("\"frames\" : [\n\n  ]".utf8)
        guard !frames.isEmpty, let slot = document.range(of: empty) else { return document + [0x0A] }
        var json = ManifestJSON()
        json.bytes.reserveCapacity(document.count + frames.count * 4096)
        json.bytes.append(contentsOf: document[..<slot.lowerBound])
        json.bytes.append(contentsOf: "\"frames\" : ".utf8)
        json.array(frames, indent: 2) { json, frame, indent in json.frame(frame, indent: indent) }
        json.bytes.append(contentsOf: document[slot.upperBound...])
        json.bytes.append(0x0A)
        return Data(json.bytes)
    }
}

extension Manifest {
    /// A decoding error as the key path, what was expected and what was found — not Swift's
    /// `DecodingError` debug text.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ keys: [any CodingKey]) -> String {
            let text = keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : text.isEmpty ? "the top level" : text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(Self.kind(of: type)), found another type"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(Self.kind(of: type)), found null"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): expected a value, found nothing"
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)): expected JSON, found data that is not (\(context.debugDescription))"
        @unknown default:
            return "\(error.localizedDescription)"
        }
    }

    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "\(type)".hasPrefix("Array") ? "a list" : "an object (\(type))"
        }
    }

    /// `directory`'s manifest.json, checked as input: frames named in order (only the folder's
    /// own frame files: a manifest must not send a reader elsewhere on the machine), ticks rising
    /// from 0 within the clock, sizes and counts within `Limits`. Throws `missing(url)` when there
    /// is no file, and a data error naming the file and the field otherwise.
    static func read(in directory: URL, missing: (URL) -> StrataError) throws(StrataError) -> Manifest {
        let url = directory.appendingPathComponent("manifest.json")
        guard let bytes = try AtomicFile.readRegularFile(url, limit: 256 << 20) else { throw missing(url) }
        let manifest: Manifest
        do { manifest = try JSONDecoder().decode(Manifest.self, from: Data(bytes)) } catch {
            throw StrataError(.dataError, "\(url.path) is not a Strata manifest: \(Self.describe(error))")
        }
        func bad(_ what: String) -> StrataError { StrataError(.dataError, "\(url.path) is not a Strata manifest: \(what)") }
        guard manifest.fps.isFinite, manifest.fps > 0, manifest.fps <= 1000 else { throw bad("fps is \(manifest.fps), expected a number in (0, 1000]") }
        guard manifest.tickCount >= 1, manifest.tickCount <= Limits.maximumFrames else {
            throw bad("tickCount is \(manifest.tickCount), expected 1…\(Limits.maximumFrames)")
        }
        guard manifest.frames.count == manifest.frameCount, manifest.frameCount >= 1 else {
            throw bad("frameCount is \(manifest.frameCount) but it lists \(manifest.frames.count) frames")
        }
        guard manifest.pixelSize.count == 2, manifest.pixelSize.allSatisfy({ $0 >= 1 && $0 <= Limits.maximumSide }),
              manifest.pixelSize[0] * manifest.pixelSize[1] <= Limits.maximumPixels else {
            throw bad("pixelSize is \(manifest.pixelSize), expected two sides within the canvas limits")
        }
        var previous = -1
        for (slot, frame) in manifest.frames.enumerated() {
            guard frame.index == slot, frame.file == Pipeline.frameFileName(slot) else {
                throw bad("frames[\(slot)] is \(frame.file.prefix(80)) (index \(frame.index)), expected \(Pipeline.frameFileName(slot))")
            }
            guard frame.tick > previous, frame.tick < manifest.tickCount, slot > 0 || frame.tick == 0 else {
                throw bad("frames[\(slot)] shows tick \(frame.tick), expected ticks rising from 0 below tickCount \(manifest.tickCount)")
            }
            previous = frame.tick
        }
        return manifest
    }
}
