import StrataModel

/// Draws layers into pixels for the effects that need a snapshot (blur overlays, motion-blur
/// overlays). The effects describe what to snapshot and when; the frame renderer hands them its
/// rasteriser (StrataKit's `CairoSnapshotRasterizer`), so that the effects — and the scene format
/// above them — never link Cairo or Pango.
public protocol SnapshotRasterizer: Sendable {
    /// `layers` drawn on a transparent canvas of `size` points at `scale` pixels per point.
    func render(_ layers: [Layer], size: Size, scale: Double) throws(EffectsError) -> PixelBuffer
}

/// Why an effect could not be prepared or drawn: the renderer's error type (`RenderError`, in
/// StrataPixels), so that a snapshot's failure passes through unchanged.
public typealias EffectsError = RenderError
