import Foundation
import StrataEffects
import StrataKit
import StrataRaster
import StrataScene
import StrataRender
import StrataAnimation

/// What the studio shows: the scene it was started with, re-read when the file or one of its
/// assets changes (the last good scene is kept while the file does not read), and its frames
/// rendered by the real renderer — the bytes `strata frame` writes for that frame and curve.
///
/// Rendering runs on a pool of `workers` threads, never on the server's tasks; rendered frames are
/// kept (by scene generation, frame and curves) up to `cacheLimit`.
public final class StudioSession: @unchecked Sendable {
    /// The scene file, as given.
    public let sceneURL: URL
    /// The scene's path as given (for the command lines the page shows).
    public let scenePath: String
    /// The folder its assets resolve in (default: the scene's).
    public let assetsPath: String?
    /// Pixels per point; nil keeps the scene's.
    public let scale: Double?
    /// How the file is read and shaped besides: `--animation`, `--set`, `--effect`, `--fit`/`--size`/`--background`.
    public let inputs: Inputs

    /// What `strata studio` takes besides the scene, as `strata render` takes it, so that the
    /// exported command draws what the page shows.
    public struct Inputs: Sendable {
        /// Which animation of a dotLottie file (nil: its manifest's first).
        public var animation: String?
        /// Value providers for a Lottie file, as written (`KEYPATH=VALUE`).
        public var values: [String]
        /// Text providers for a Lottie file, as written (`KEYPATH=TEXT`).
        public var texts: [String]
        /// Seed effects added to the scene, as written (entries of a scene file's `effects:`).
        public var effects: [String]
        /// The canvas (`--fit`, `--size`, `--background`).
        public var shape: OutputShape
        /// A folder of the user's font files (`--font`).
        public var fonts: String?

        public init(animation: String? = nil, values: [String] = [], texts: [String] = [], effects: [String] = [], shape: OutputShape = OutputShape(),
                    fonts: String? = nil) {
            self.animation = animation
            self.values = values
            self.texts = texts
            self.effects = effects
            self.shape = shape
            self.fonts = fonts
        }
    }
    /// The newest seek of each client (its `client` and `seek` numbers): an older one still
    /// waiting for a worker is dropped instead of rendered.
    private var newestSeek: [String: Int] = [:]
    let lock = NSLock()
    private var scene: Scene?
    private var renderer: FrameRenderer?
    private var error: String?
    var generation = 0
    private var watched: [String: FileStamp] = [:]
    /// The frames shown, as a sink of the renders (the last `cacheLimit`).
    let cache: StudioFrameCache
    /// Render resources by scene generation, settings and frame (the last few): a frame drawn
    /// again with another curve restores what lies under the overlay's layer from the kept base
    /// and draws only the layers from it on (RenderResources' base; the same bytes either way).
    private var resources: [ResourceKey: RenderResources] = [:]
    private var resourceOrder: [ResourceKey] = []
    private var resourcesInUse: Set<ResourceKey> = []
    static let keptResources = 3

    struct ResourceKey: Hashable {
        var generation: Int
        var settings: Settings
        var frame: Int
    }

    /// Fit measurements per overlay, by what they were made for (the last few).
    var fits: [String: [Tuner.FrameError]] = [:]
    /// Renderers of "what if" clocks for the current generation (a few at most).
    var variants: [Settings: (Scene, FrameRenderer)] = [:]
    let cacheLimit = 64
    /// The render threads, taking jobs per client and kind (`StudioRenderQueue`).
    let queue: StudioRenderQueue

    struct FileStamp: Equatable {
        var modified: Date?
        var size: Int?
    }

    /// A rendered frame: PNG bytes and their SHA-256 (hex); for a difference, the fit's error of
    /// the first overlay on that frame (`fitError`, as `strata tune` measures it).
    public struct Rendered: Sendable {
        public var png: [UInt8]
        public var sha256: String
        public var meanError: Double? = nil
        /// True when what lies under the changed layers came from the kept base (only the layers
        /// from the overlay's on were drawn).
        public var restoredBase = false
    }

    /// Why a request cannot be answered, and the reason in words; the server says it in HTTP.
    public struct RequestError: Error, Sendable {
        public enum Kind: Sendable {
            /// A parameter is not what it must be.
            case invalid
            /// The scene does not read (its error is shown instead).
            case noScene
            /// A newer seek of the same client came first.
            case superseded
            /// The render failed.
            case failed
            /// The client has as many renders waiting as it may.
            case busy
        }

        public var kind: Kind
        public var reason: String

        public init(_ kind: Kind, reason: String) {
            self.kind = kind
            self.reason = reason
        }
    }

    /// Opens the scene at `path`; a scene that does not read is shown as its error until it does.
    public init(scenePath path: String, assets: String? = nil, scale: Double? = nil, inputs: Inputs = Inputs(),
                workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        sceneURL = URL(fileURLWithPath: path).standardizedFileURL
        scenePath = path
        assetsPath = assets
        self.scale = scale
        self.inputs = inputs
        queue = StudioRenderQueue(workers: workers)
        cache = StudioFrameCache(limit: cacheLimit)
        _ = reloadIfChanged(force: true)
    }

    // MARK: - Reloading

    /// The files a change of which re-reads the scene: the scene and the assets it read.
    private func stamps(of scene: Scene?) -> [String: FileStamp] {
        var paths = [sceneURL.path]
        let root = assetsPath.map { URL(fileURLWithPath: $0) } ?? sceneURL.deletingLastPathComponent()
        for name in scene?.source?.assets.keys.sorted() ?? [] { paths.append(root.appendingPathComponent(name).path) }
        var result: [String: FileStamp] = [:]
        for path in paths {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            result[path] = FileStamp(modified: attributes?[.modificationDate] as? Date, size: attributes?[.size] as? Int)
        }
        return result
    }

    /// Re-reads the scene when its file or an asset changed (or when `force`); true when it did.
    @discardableResult
    public func reloadIfChanged(force: Bool = false) -> Bool {
        lock.lock()
        let current = scene
        let old = watched
        lock.unlock()
        let now = stamps(of: current)
        guard force || now != old else { return false }
        var loaded: Scene? = nil
        var problem: String? = nil
        var made: FrameRenderer? = nil
        do {
            let read = try Pipeline.loadScene(at: sceneURL.path, assets: assetsPath, animation: inputs.animation,
                                              values: try Pipeline.valueProviders(parsing: inputs.values, texts: inputs.texts), effects: inputs.effects, fonts: inputs.fonts)
            let scene = inputs.shape.applied(to: read)
            made = try FrameRenderer(scene: scene, scale: scale)
            loaded = scene
        } catch {
            problem = "\(error)"
        }
        lock.lock()
        defer { lock.unlock() }
        if let loaded, let made {
            scene = loaded
            renderer = made
            error = nil
        } else {
            error = problem
        }
        watched = stamps(of: loaded ?? scene)
        generation += 1
        cache.reset(generation: generation)
        variants.removeAll()
        fits.removeAll()
        resources.removeAll()
        resourceOrder.removeAll()
        return true
    }

    // MARK: - What the page reads

    /// The scene's description for the page, as JSON-ready values.
    public func summary(settings: Settings = .scene) throws(RequestError) -> [String: Any] {
        let (error, generation) = lock.withLock { (self.error, self.generation) }
        var result: [String: Any] = ["generation": generation, "file": sceneURL.lastPathComponent, "path": scenePath]
        if let scale { result["scale"] = scale }
        if let error { result["error"] = error }
        let (scene, renderer, _) = try current(settings)
        guard let scene, let renderer else { return result }
        let frames = renderer.frames
        result["name"] = scene.name
        result["description"] = scene.description
        result["width"] = renderer.pixelSize.width
        result["height"] = renderer.pixelSize.height
        result["fps"] = scene.clock.framesPerSecond
        result["frameCount"] = frames.count
        result["times"] = (0..<frames.count).map { frames.seconds(ofFrame: $0) }
        result["tickCount"] = scene.clock.tickCount
        result["droppedTicks"] = (0..<scene.clock.tickCount).filter { scene.clock.droppedFrames.drops($0) }
        result["displayedTicks"] = scene.clock.displayedTicks
        result["layers"] = Self.layerList(scene)
        result["overlays"] = scene.effects.motionBlurOverlays.map { overlay -> [String: Any] in
            var entry: [String: Any] = ["id": overlay.id, "curve": overlay.curve.description, "radius": overlay.radius,
                                        "angle": overlay.angle, "samples": overlay.samples, "layer": Self.layerReference(overlay.layer, in: scene)]
            if let rate = overlay.referenceRate { entry["referenceRate"] = rate }
            return entry
        }
        return result
    }

    /// Curves asked for by overlay id, parsed and checked against the scene (`CurveOverrides`);
    /// an unknown id or a curve that does not parse is a 400.
    func parseCurves(_ requested: [String: String], scene: Scene) throws(RequestError) -> CurveOverrides {
        do { return try CurveOverrides(texts: requested).checked(against: scene) } catch {
            throw RequestError(.invalid, reason: error.message)
        }
    }

    /// Per frame and overlay: displacement and opacity (with the curves asked for instead of the
    /// scene's), for the charts (`FrameRenderer.overlaySeries`).
    public func curves(_ requested: [String: String], settings: Settings = .scene) throws(RequestError) -> [String: Any] {
        let (scene, renderer, generation) = try current(settings)
        guard let scene, let renderer else { throw RequestError(.noScene, reason: "the scene does not read; see its error") }
        let series = renderer.overlaySeries(try parseCurves(requested, scene: scene)).map { overlay -> [String: Any] in
            ["id": overlay.id, "curve": overlay.curve.description, "delta": overlay.deltas.map { $0.map { $0 as Any } ?? NSNull() },
             "opacity": overlay.opacities]
        }
        return ["generation": generation, "overlays": series]
    }

    /// Frame `index` as PNG bytes with the curves asked for: the bytes `strata frame` writes for the
    /// scene with those curves at that frame's time. Rendered on the pool; kept while the scene stays.
    public func frame(_ index: Int, curves requested: [String: String], settings: Settings = .scene,
                      overlays: Bool = true, view: FrameView = .frame, client: (id: String, seek: Int)? = nil) async throws(RequestError) -> Rendered {
        if let client { noteSeek(client) }
        let (scene, renderer, generation) = try current(settings)
        guard let scene, let renderer else { throw RequestError(.noScene, reason: "the scene does not read; see its error") }
        guard index >= 0, index < renderer.frames.count else {
            throw RequestError(.invalid, reason: "frame: expected a displayed frame 0…\(renderer.frames.count - 1), found \(index)")
        }
        let curves = try parseCurves(requested, scene: scene)
        let key = StudioFrameCache.Key(generation: generation, frame: index, curves: requested, settings: settings, overlays: overlays, view: view)
        if let hit = cache.frame(for: key) { return hit }
        let result: Result<Rendered, RequestError> = await withCheckedContinuation { continuation in
            let priority: StudioRenderQueue.Priority
            if case .frame = view { priority = .seek } else { priority = .background }
            let accepted = queue.submit(client: client?.id ?? "", priority: priority) {
                if let client, self.isStale(client) {
                    continuation.resume(returning: .failure(RequestError(.superseded, reason: "superseded by a newer seek of the same client")))
                    return
                }
                do {
                    var forced = curves.opacities(renderer, displayedIndex: index)
                    if !overlays {
                        for overlay in scene.effects.motionBlurOverlays { forced[overlay.id] = 0 }
                    }
                    var meanError: Double? = nil
                    let resourceKey = ResourceKey(generation: generation, settings: settings, frame: index)
                    let kept = self.checkOutResources(resourceKey)
                    defer { self.checkInResources(kept, for: resourceKey) }
                    let restoresBefore = kept.baseRestores
                    let frame: FrameRenderer.RenderedFrame
                    switch view {
                    case .frame:
                        frame = try renderer.render(.displayed(index, overlayOpacity: forced), resources: kept)
                    case .truth(let shutter, let subframes):
                        let truth = try GroundTruth(shutterDegrees: shutter, subframes: subframes).render(renderer, displayedIndex: index)
                        frame = FrameRenderer.RenderedFrame(pixels: .image(truth), presentation: renderer.presentation(displayedIndex: index))
                    case .difference(let shutter, let subframes):
                        let shown = try renderer.render(displayedIndex: index, overlayOpacity: forced, resources: kept)
                        let truth = try GroundTruth(shutterDegrees: shutter, subframes: subframes).render(renderer, displayedIndex: index)
                        frame = FrameRenderer.RenderedFrame(pixels: .image(try Self.difference(shown.image, truth)), presentation: shown.presentation)
                        meanError = try Self.fitError(renderer, curves: curves, frame: index, truth: truth)
                    }
                    let slot = self.cache.slot(for: key, meanError: meanError, restoredBase: kept.baseRestores > restoresBefore)
                    try self.cache.take(frame, slot: slot, worker: 0)
                    guard let rendered = self.cache.result(of: slot) else { throw RequestError(.failed, reason: "frame \(index) was not kept") }
                    continuation.resume(returning: .success(rendered))
                } catch {
                    continuation.resume(returning: .failure(RequestError(.failed, reason: "rendering frame \(index): \(error)")))
                }
            }
            if !accepted {
                continuation.resume(returning: .failure(RequestError(.busy, reason: "this client has \(StudioRenderQueue.maximumPending) renders waiting; try again")))
            }
        }
        return try result.get()
    }

    func current(_ settings: Settings = .scene) throws(RequestError) -> (Scene?, FrameRenderer?, Int) {
        let (scene, renderer, generation, variant) = lock.withLock { (self.scene, self.renderer, self.generation, variants[settings]) }
        guard settings != .scene, let scene else { return (scene, renderer, generation) }
        if let variant { return (variant.0, variant.1, generation) }
        var changed: Scene
        do { changed = try settings.tweaks.applied(to: scene) } catch { throw RequestError(.invalid, reason: error.message) }
        let clock = settings.framesPerSecond.map { changed.clock.retimed(framesPerSecond: $0) } ?? changed.clock
        guard clock.tickCount <= Limits.maximumFrames else {
            throw RequestError(.invalid, reason: "fps: \(clock.tickCount) ticks is over the limit of \(Limits.maximumFrames)")
        }
        changed.clock = clock
        let made: FrameRenderer
        do {
            made = try FrameRenderer(scene: changed, scale: scale)
        } catch {
            throw RequestError(.invalid, reason: "that clock cannot render: \(error)")
        }
        lock.withLock {
            if generation == self.generation {
                if variants.count >= 4 { variants.removeAll() }
                variants[settings] = (changed, made)
            }
        }
        return (changed, made, generation)
    }

    /// The resources kept for `key`, for this render alone (a fresh set when another render holds them).
    private func checkOutResources(_ key: ResourceKey) -> RenderResources {
        lock.withLock {
            if let kept = resources[key], !resourcesInUse.contains(key) {
                resourcesInUse.insert(key)
                return kept
            }
            return RenderResources(imageBudgetBytes: 32 << 20)
        }
    }

    private func checkInResources(_ kept: RenderResources, for key: ResourceKey) {
        lock.withLock {
            if resources[key] === kept { resourcesInUse.remove(key) }  // only the kept set was marked
            guard key.generation == generation else { return }
            if resources[key] == nil {
                resources[key] = kept
                resourceOrder.append(key)
                if resourceOrder.count > Self.keptResources { resources[resourceOrder.removeFirst()] = nil }
            }
        }
    }

    private func noteSeek(_ client: (id: String, seek: Int)) {
        lock.withLock {
            if newestSeek.count > 10_000 { newestSeek.removeAll() }  // bounded however many clients come
            newestSeek[client.id] = max(newestSeek[client.id] ?? client.seek, client.seek)
        }
    }

    private func isStale(_ client: (id: String, seek: Int)) -> Bool {
        lock.withLock { (newestSeek[client.id] ?? client.seek) > client.seek }
    }
}
