import Foundation
import StrataAnimation
import StrataEffects
import StrataModel
import StrataRaster
import StrataRender
import StrataScene

/// Renders the frames of one scene at one clock and scale: the only place in StrataKit that
/// assembles a frame.
///
/// Built once (it checks the canvas against `Limits`, makes the render-tree builder and prepares
/// the scene's effects, which snapshots and blurs the layers they need), then asked for frames in
/// any order and from any thread: every frame is a pure function of the scene and its displayed
/// index, so the bytes never depend on order, threads or how a run is split.
///
///     let renderer = try FrameRenderer(scene: scene)
///     let frame = try renderer.render(displayedIndex: 12)
///     frame.image          // premultiplied RGBA, scene size × scale pixels
///     frame.presentation   // what was drawn: every layer where it is drawn, overlay states
public struct FrameRenderer: Sendable {
    /// What a displayed frame shows before it is drawn: the scene animated to the frame's time with
    /// its motion effects applied (so every layer is where it is drawn), and the motion-blur
    /// overlays' states.
    public struct Presentation: Sendable {
        /// The displayed frame's index.
        public var displayedIndex: Int
        /// Its time, in seconds.
        public var seconds: Double
        /// The presented layers. Drawing adds the overlays' sublayers (and hides the sublayers a
        /// blur overlay covers); it moves no layer.
        public var layers: [Layer]
        /// Every motion-blur overlay's state on this frame, in the scene's order.
        public var overlays: [OverlayState]
    }

    /// A rendered frame and the presentation it drew.
    public struct Frame: Sendable {
        /// The pixels: premultiplied RGBA, `pixelSize`.
        public var image: PixelBuffer
        /// What was drawn.
        public var presentation: Presentation
    }

    /// The scene.
    public let scene: Scene
    /// The clock the frames follow (the scene's, or one given for a different rate).
    public let clock: FrameClock
    /// The clock's displayed frames: index ↔ tick ↔ seconds.
    public let frames: DisplayedFrames
    /// Pixels per point.
    public let scale: Double
    /// The frame size in pixels (points × scale, rounded up).
    public let pixelSize: (width: Int, height: Int)
    private let builder: RenderTreeBuilder
    let engine: EffectsEngine?

    /// Prepares `scene` for rendering with `clock` (default: the scene's) at `scale` (default: the
    /// scene's).
    ///
    /// - Throws: `.dataError` when the canvas at this scale breaks `Limits`; `.software` when the
    ///   scene has text and Strata's fonts are not installed; the errors of preparing the effects
    ///   (snapshots and their blurs).
    public init(scene: Scene, clock: FrameClock? = nil, scale: Double? = nil) throws(StrataError) {
        let scale = scale ?? scene.scale
        var builder = RenderTreeBuilder(size: scene.size, scale: scale, background: scene.background)
        builder.curveTolerance = scene.curveTolerance
        let (width, height) = builder.pixelSize
        do {
            try Limits.checkSurface(width: width, height: height)
        } catch {
            throw StrataError(.dataError, "\(scene.origin): the canvas at scale \(Manifest.number(scale)) is too large: \(error)")
        }
        if let problem = InstalledResources.problem(drawing: scene.layers) {
            throw StrataError(.software, "\(scene.origin): \(problem)")
        }
        let clock = clock ?? scene.clock
        var engine: EffectsEngine?
        if !scene.effects.isEmpty {
            do {
                engine = try EffectsEngine(effects: scene.effects, timeline: scene.timeline, layers: scene.layers, clock: clock, scale: scale,
                                           rasterizer: CairoSnapshotRasterizer(curveTolerance: scene.curveTolerance))
            } catch {
                throw StrataError(error.exceedsLimits ? .dataError : .software, "\(scene.origin) at scale \(Manifest.number(scale)): \(error)")
            }
        }
        self.scene = scene
        self.clock = clock
        self.frames = clock.displayedFrames
        self.scale = scale
        self.pixelSize = (width, height)
        self.builder = builder
        self.engine = engine
    }

    /// A renderer for a still picture made of `layers` (a chart, a contact sheet): one frame at
    /// time 0 on a canvas of `size` points.
    public init(layers: [Layer], size: Size, scale: Double = 1, background: Color?) throws(StrataError) {
        try self.init(scene: Scene(name: "picture", description: "", size: size, scale: scale, background: background, layers: layers))
    }

    /// The prepared effects, nil for a scene without effects.
    public var effects: EffectsEngine? { engine }

    // MARK: - Presentations (no pixels)

    /// Displayed frame `index` as presented. `overlayOpacity` forces the opacity of the named
    /// motion-blur overlays (for tuning).
    public func presentation(displayedIndex index: Int, overlayOpacity: [String: Double] = [:]) -> Presentation {
        presentation(displayedIndex: index, overlayOpacity: overlayOpacity, skippingUnseen: false)
    }

    /// `presentation(displayedIndex:overlayOpacity:)`; with `skippingUnseen`, in a scene without
    /// effects, what cannot be drawn is left unevaluated (`PresentationTree`'s `skippingUnseen`).
    func presentation(displayedIndex index: Int, overlayOpacity: [String: Double], skippingUnseen: Bool) -> Presentation {
        let seconds = frames.seconds(ofFrame: index)
        guard let engine else {
            let layers = PresentationTree(evaluating: scene.layers, atSeconds: seconds, skippingUnseen: skippingUnseen).layers
            return Presentation(displayedIndex: index, seconds: seconds, layers: layers, overlays: [])
        }
        let presented = engine.presentation(displayedIndex: index, opacityOverride: overlayOpacity)
        return Presentation(displayedIndex: index, seconds: seconds, layers: presented.layers, overlays: presented.overlays)
    }

    /// The scene at the instant `seconds`: animations and motion effects, without overlays — what a
    /// camera would see (ground truth samples instants between frames).
    public func instant(atSeconds seconds: Double) -> [Layer] {
        engine?.instant(atSeconds: seconds) ?? scene.presentation(atSeconds: seconds).layers
    }

    /// Checks every displayed frame without drawing a pixel: its presentation is finite (what the
    /// manifest records) and every surface it would allocate fits `Limits`. Throws a data error
    /// naming the frame and the layer; `strata validate` and `render` call it before any frame.
    /// Frames are checked on up to `jobs` threads; the error is that of the first frame at fault
    /// whatever their number.
    public func checkRenderable(jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws(StrataError) {
        // Each frame is evaluated once for both checks. A value that is not finite is reported
        // before any size (the first frame with one), and a frame with one is not sized.
        let recorder = Manifest.FrameRecorder(self)
        // Surfaces are checked on trees whose 3-D planes are left whole and unsorted: a part of a
        // plane needs no more than the plane, and sorting thousands of them is most of the work.
        let checker = { var checker = builder; checker.ordersPlanes = false; return checker }()
        // Without animations or effects every frame presents the same layers: one is checked.
        let checked = engine == nil && scene.timeline.animatedPaths.isEmpty ? 1 : frames.count
        let problems = ParallelMap.map(checked, jobs: jobs) { index -> (finite: StrataError?, size: StrataError?) in
            do throws(StrataError) {
                // Per-layer motion blur's limits are checked, its samples not drawn.
                let (presented, layers) = try drawnLayers(displayedIndex: index, drawingMotionBlur: false)
                do throws(StrataError) {
                    try recorder.checkFinite(index, presentation: presented, scene: scene.origin)
                } catch {
                    return (error, nil)
                }
                guard let problem = checker.build(layers).overLimits() else { return (nil, nil) }
                return (nil, StrataError(.dataError, "\(scene.origin): frame \(index): \(problem)"))
            } catch {
                return (error, nil)
            }
        }
        if let first = problems.lazy.compactMap({ $0.finite }).first { throw first }
        if let first = problems.lazy.compactMap({ $0.size }).first { throw first }
    }

    // MARK: - Rendering

    /// Displayed frame `index` as presented, and the layers drawn for it (with the motion-blur
    /// overlays the effects add); a usage error for an index the clock does not display.
    ///
    /// `forDrawing` leaves unevaluated what cannot be drawn (`PresentationTree`'s
    /// `skippingUnseen`) when no effect reads the presentation; checks and the manifest evaluate
    /// every layer.
    func drawnLayers(displayedIndex index: Int, overlayOpacity: [String: Double] = [:],
                     drawingMotionBlur: Bool = true, forDrawing: Bool = false) throws(StrataError) -> (presented: Presentation, layers: [Layer]) {
        guard frames.indices.contains(index) else {
            throw StrataError(.usage, "\(scene.name) has frames 0…\(frames.count - 1), not \(index)")
        }
        let presented = presentation(displayedIndex: index, overlayOpacity: overlayOpacity, skippingUnseen: forDrawing)
        let layers = engine?.addingOverlays(to: presented.layers, displayedIndex: index, states: presented.overlays) ?? presented.layers
        return (presented, try applyingLayerMotionBlur(layers, displayedIndex: index, drawing: drawingMotionBlur))
    }

    /// The render tree of `layers`, checked against the surface limits.
    func renderTree(_ layers: [Layer], resources: RenderResources? = nil) throws(StrataError) -> RenderTree {
        let tree = builder.build(layers, resources: resources)
        if let problem = tree.overLimits() {
            throw StrataError(.dataError, "\(scene.origin): \(problem)")
        }
        return tree
    }
}
