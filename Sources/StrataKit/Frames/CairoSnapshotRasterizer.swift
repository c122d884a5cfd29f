import StrataAnimation
import StrataEffects
import StrataModel
import StrataRender

/// The effects' snapshots drawn by Strata's renderer (Cairo and Pango): what `FrameRenderer` hands
/// to `EffectsEngine`, so that the effects themselves link neither.
public struct CairoSnapshotRasterizer: SnapshotRasterizer {
    /// How far a drawn curve may lie from the true curve, in pixels (the scene's).
    public var curveTolerance: Double

    /// Creates the rasteriser, drawing curves within `curveTolerance` pixels.
    public init(curveTolerance: Double = CurveTolerance.standard) {
        self.curveTolerance = curveTolerance
    }

    public func render(_ layers: [Layer], size: Size, scale: Double) throws(EffectsError) -> PixelBuffer {
        try Renderer.render(layers, size: size, scale: scale, background: nil, curveTolerance: curveTolerance)
    }
}

extension EffectsEngine {
    /// Prepares the effects with Strata's renderer taking the snapshots
    /// (`init(effects:timeline:layers:clock:scale:rasterizer:)` with `CairoSnapshotRasterizer`).
    public init(effects: Effects, timeline: Timeline, layers: [Layer], clock: FrameClock, scale: Double) throws(RenderError) {
        try self.init(effects: effects, timeline: timeline, layers: layers, clock: clock, scale: scale, rasterizer: CairoSnapshotRasterizer())
    }
}

extension Layer {
    /// Seed 001's `blur(radius:)`: snapshots the layer's subtree at `scale` with Strata's renderer,
    /// blurs it (Gaussian, σ = radius points), adds it as the last sublayer with the frame of the
    /// bounds outset by 4 × radius, and hides the other sublayers.
    public mutating func blur(radius: Double, scale: Double = 1) throws(RenderError) {
        try blur(radius: radius, scale: scale, rasterizer: CairoSnapshotRasterizer())
    }
}
