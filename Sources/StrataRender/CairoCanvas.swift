import CCairo
import CStrataKernels
import StrataModel
import StrataRaster

/// A canvas that rasterises with Cairo into a premultiplied ARGB32 image surface.
///
/// Offscreen groups are image surfaces exactly the size of the group's bounds (never the canvas).
/// Errors are collected (the canvas protocol does not throw) and thrown by `makePixelBuffer()`:
/// every surface and context status is checked.
public final class CairoCanvas: Canvas {
    struct Frame {
        let surface: CairoSurface
        let context: CairoContext
        /// Canvas pixel where this surface's pixel (0, 0) lies.
        let originX: Int
        let originY: Int
        var mask: CairoSurface?
        /// Whether a clip is set on the context now, and at each open `save`: a group composited
        /// onto an unclipped surface is blended directly (see `endGroup`).
        var clipped = false
        var savedClipped: [Bool] = []
        /// For a projected layer's offscreen drawing: the surface it will be warped onto (an index
        /// into `frames`) and the map from this surface's pixels to that one's, so that a backdrop
        /// filter inside sees what lies behind the projected quad.
        var behind: (frame: Int, toSurface: Homography)? = nil
        /// For a frame drawn over the previous one: the damage, in this surface's pixels, to which
        /// the context is clipped. Not counted as `clipped`: groups are still blended directly,
        /// within it (Cairo's clipped composite rounds differently from its unclipped one).
        var damage: PixelBox? = nil
        /// Nothing has been drawn on this surface since Cairo made it, so Cairo knows it is clear
        /// (and lerps the first paint in with its own rounding: `paintThroughClip`).
        var untouched = false
        /// Cairo knows the surface is not clear: marked changed, or written by a kernel.
        var knownDirty = false
        /// The clips set through `clip(to:)` and the damage, where each was a rectangle on the
        /// device's axes: their intersection in device pixels (nil: none), or `unknown` after any
        /// other clip; and at each open `save` (for the coverage rasteriser, `rasterTarget`).
        var deviceClip: DeviceClip = .none
        var savedDeviceClips: [DeviceClip] = []

        /// `save`'s part: the clip state pushed (one access to the frame, not four).
        mutating func pushClipState() {
            savedClipped.append(clipped)
            savedDeviceClips.append(deviceClip)
        }

        /// `restore`'s part: the clip state popped.
        mutating func popClipState() {
            if let last = savedClipped.popLast() { clipped = last }
            if let last = savedDeviceClips.popLast() { deviceClip = last }
        }
    }

    enum DeviceClip: Equatable {
        case none
        case rect(Rect)
        case unknown

        func intersecting(_ rect: Rect) -> DeviceClip {
            switch self {
            case .none: .rect(rect)
            case .rect(let clip): .rect(clip.intersection(rect))
            case .unknown: .unknown
            }
        }
    }

    var frames: [Frame] = []
    var error: RenderError?
    /// Draw imported animations' solid fills and strokes with Strata's coverage rasteriser
    /// (`rasterFill`, `rasterStroke`). Internal so that tests can compare with Cairo's.
    var usesRasteriser = true
    /// The widest loops the rasteriser composites with: 0 plain C, 1 SSE2, 2 AVX2 where the
    /// machine has it (the same bytes; internal so that tests can compare them).
    var rasterVector: Int32 = 2
    /// The rasteriser, made at its first use; paths drawn by it on this canvas (for tests).
    var rasteriser: OpaquePointer?
    var rasterDraws = 0
    /// Number of offscreen surfaces allocated so far (groups and masks), for tests and statistics.
    public internal(set) var offscreenSurfaceCount = 0

    /// Evaluate linear gradients through row or column strips (see `axisAlignedGradientImage`).
    /// Internal so that tests can compare with the plain pattern.
    var usesGradientStrips = true
    /// Evaluate other linear and radial gradients through a colour table (`gradientImage`).
    /// Internal so that tests can compare with the plain pattern.
    var usesGradientTables = true
    /// Sample images drawn with the linear filter with Strata's bilinear kernel (pixman's bytes)
    /// rather than through Cairo, and on which path (0 plain C, 1 AVX2 where the machine has it).
    /// Internal so that tests can compare.
    var usesBilinearKernel = true
    var bilinearPath: Int32 = 1
    /// Images sampled by the bilinear kernel on this canvas (for tests).
    var bilinearKernelDraws = 0
    /// Composite gradient images drawn through a path with Strata's kernel from the path's
    /// coverage (Cairo's bytes: `paintThroughClip`), and on which path (0 plain C, 1 AVX2).
    /// Internal so that tests can compare with Cairo's paint.
    var usesCoverageKernel = true
    var coveragePath: Int32 = 1
    /// Images composited by that kernel on this canvas (for tests).
    var coverageKernelDraws = 0

    let resources: RenderResources?
    /// How far a drawn curve may lie from the true curve, in canvas pixels (`CurveTolerance`).
    let curveTolerance: Double

    /// Creates a transparent canvas of `width × height` pixels.
    ///
    /// - Parameters:
    ///   - resources: surfaces kept between frames by the calling thread (the frame surface and
    ///     converted image contents); nil allocates and converts everything afresh.
    ///   - curveTolerance: how far a drawn curve may lie from the true curve, in pixels.
    public convenience init(width: Int, height: Int, resources: RenderResources? = nil,
                            curveTolerance: Double = CurveTolerance.standard) throws(RenderError) {
        try self.init(width: width, height: height, resources: resources, base: nil, curveTolerance: curveTolerance)
    }

    /// Creates a canvas of `width × height` pixels holding a copy of `base` (of that size), or
    /// transparent when `base` is nil — but for the pixels `covered` (whole pixels the first paint
    /// fills with an opaque colour, `RenderTree.firstPaintCover`), which hold whatever a recycled
    /// surface held.
    init(width: Int, height: Int, resources: RenderResources?, base: CairoSurface?, curveTolerance: Double,
         covered: PixelBox? = nil) throws(RenderError) {
        self.resources = resources
        self.curveTolerance = CurveTolerance.clamped(curveTolerance)
        let surface: CairoSurface
        if let resources {
            surface = try resources.frameSurface(width: width, height: height, holding: base, covered: covered)
        } else {
            surface = try CairoSurface(width: width, height: height)
            if let base { surface.copyPixels(of: base) }
        }
        // A new Cairo surface is known to be clear, and Cairo then draws OVER as SOURCE, which
        // rounds some pixels differently; a recycled frame or one drawn over the previous frame
        // is not. Marked as changed, every frame is drawn the one way, wherever its surface came from.
        cairo_surface_mark_dirty(surface.pointer)
        let context = try CairoContext(surface: surface)
        configure(context.pointer)
        frames = [Frame(surface: surface, context: context, originX: 0, originY: 0, mask: nil, knownDirty: true)]
    }

    /// A canvas drawing over `surface` as it is (the thread's previous frame), clipped to `region`
    /// (whole canvas pixels), which is cleared first: what is drawn then is drawn only there.
    init(drawingOver surface: CairoSurface, region: Rect, resources: RenderResources?, curveTolerance: Double) throws(RenderError) {
        self.resources = resources
        self.curveTolerance = CurveTolerance.clamped(curveTolerance)
        let context = try CairoContext(surface: surface)
        configure(context.pointer)
        frames = [Frame(surface: surface, context: context, originX: 0, originY: 0, mask: nil, knownDirty: true)]
        let x0 = Int(saturating: region.minX), y0 = Int(saturating: region.minY)
        let x1 = Int(saturating: region.maxX), y1 = Int(saturating: region.maxY)
        frames[0].damage = (x0, y0, x1, y1)
        frames[0].deviceClip = .rect(Rect(x: Double(x0), y: Double(y0), width: Double(max(0, x1 - x0)), height: Double(max(0, y1 - y0))))
        cairo_rectangle(context.pointer, Double(x0), Double(y0), Double(max(0, x1 - x0)), Double(max(0, y1 - y0)))
        cairo_clip(context.pointer)
        cairo_save(context.pointer)
        cairo_set_operator(context.pointer, CAIRO_OPERATOR_CLEAR)
        cairo_paint(context.pointer)
        cairo_restore(context.pointer)
    }

    /// Fixed font options: greyscale antialiasing, no hinting, so text is the same on every machine
    /// with the same fonts and does not depend on the scale; curves flattened within
    /// `curveTolerance`.
    func configure(_ context: OpaquePointer) {
        cairo_set_tolerance(context, curveTolerance)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        if let rasteriser { strata_raster_destroy(rasteriser) }
        // The root surface goes back for the next frame once its context is gone.
        if let root = frames.first?.surface {
            frames.removeAll()
            resources?.recycle(frame: root)
        }
    }

    var cr: OpaquePointer { frames[frames.count - 1].context.pointer }

    func record(_ failure: RenderError) {
        if error == nil { error = failure }
    }

    /// The rendered image (premultiplied RGBA). Throws the first Cairo error met while drawing.
    public func makePixelBuffer() throws(RenderError) -> PixelBuffer {
        try finishedSurface().pixelBuffer(reusing: resources?.takeSparePixels())
    }

    /// The frame's surface once every group is closed, flushed; throws the first Cairo error met
    /// while drawing.
    func finishedSurface() throws(RenderError) -> CairoSurface {
        if let error { throw error }
        guard frames.count == 1 else { throw RenderError("unbalanced groups: \(frames.count - 1) still open") }
        try frames[0].context.check("drawing the frame")
        let surface = frames[0].surface
        cairo_surface_flush(surface.pointer)
        let status = cairo_surface_status(surface.pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(status, "reading the surface") }
        return surface
    }

    // MARK: - State

    public func save() {
        cairo_save(cr)
        frames[frames.count - 1].pushClipState()
    }

    public func restore() {
        cairo_restore(cr)
        frames[frames.count - 1].popClipState()
    }

    public func concatenate(_ transform: Transform2D) {
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
                                    x0: transform.tx, y0: transform.ty)
        // A singular or overflowing matrix (scale 0, scale 1e300) puts the context in an error
        // state; draw nothing under it instead.
        let determinant = transform.a * transform.d - transform.b * transform.c
        if determinant == 0 || !determinant.isFinite || !transform.tx.isFinite || !transform.ty.isFinite {
            cairo_rectangle(cr, 0, 0, 0, 0)
            cairo_clip(cr)
            frames[frames.count - 1].clipped = true
            frames[frames.count - 1].deviceClip = .rect(.zero)
            return
        }
        cairo_transform(cr, &matrix)
    }

    public func clip(to shape: RoundedRect) {
        addPath(shape)
        cairo_clip(cr)
        frames[frames.count - 1].clipped = true
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let corners = [(shape.rect.minX, shape.rect.minY), (shape.rect.maxX, shape.rect.maxY)].map { x, y in
            Point(x: matrix.xx * x + matrix.xy * y + matrix.x0, y: matrix.yx * x + matrix.yy * y + matrix.y0)
        }
        let device = Rect(x: min(corners[0].x, corners[1].x), y: min(corners[0].y, corners[1].y),
                          width: abs(corners[1].x - corners[0].x), height: abs(corners[1].y - corners[0].y))
        let onAxes = shape.effectiveRadius == 0 && matrix.xy == 0 && matrix.yx == 0 && [device.minX, device.minY, device.maxX, device.maxY].allSatisfy(\.isFinite)
        frames[frames.count - 1].deviceClip = onAxes ? frames[frames.count - 1].deviceClip.intersecting(device) : .unknown
    }

    public func clip(toPolygon points: [Point]) {
        cairo_new_path(cr)
        for (index, point) in points.enumerated() {
            if index == 0 { cairo_move_to(cr, point.x, point.y) } else { cairo_line_to(cr, point.x, point.y) }
        }
        cairo_close_path(cr)
        let antialias = cairo_get_antialias(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        cairo_clip(cr)
        cairo_set_antialias(cr, antialias)
        frames[frames.count - 1].clipped = true
        frames[frames.count - 1].deviceClip = .unknown
    }

    // MARK: - Drawing

    public func draw(_ operation: DrawOperation, alpha: Double) {
        let index = frames.count - 1
        defer { frames[index].untouched = false }
        switch operation {
        case .fill(let shape, let color):
            addPath(shape)
            setSource(color, alpha: alpha)
            cairo_fill(cr)
        case .border(let shape, let width, let color):
            addPath(shape)
            let inner = RoundedRect(rect: shape.rect.outsetBy(dx: -width, dy: -width),
                                    cornerRadius: max(0, shape.effectiveRadius - width))
            if !inner.rect.isEmpty { addPath(inner) }
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            setSource(color, alpha: alpha)
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        case .image(let image, let destination, let filter):
            drawImage(image, in: destination, alpha: alpha, filter: filter)
        case .gradient(let gradient, let shape):
            drawGradient(gradient, in: shape, alpha: alpha)
        case .gradientInPath(let gradient, let rect, let path, let fillRule):
            drawGradient(gradient, in: RoundedRect(rect: rect), alpha: alpha, path: (path, fillRule))
        case .gradientInStroke(let gradient, let rect, let stroke, let clipped):
            drawGradient(gradient, in: RoundedRect(rect: rect), alpha: alpha, stroke: (stroke, clipped))
        case .text(let text, let bounds):
            drawText(text, in: bounds, alpha: alpha)
        case .shape(let shape):
            drawShape(shape, alpha: alpha)
        }
    }

    func setSource(_ color: Color, alpha: Double) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * alpha)
    }

    /// Largest corner radius drawn, in device pixels. Cairo approximates an arc with a number of
    /// segments that grows with the square root of its radius: a radius of 1e300 never finishes.
    /// Above this radius (a layer over two million pixels a side) the corner is drawn with this
    /// radius; within a canvas of at most 16,384 px the difference is a corner far off the canvas.
    static let maximumArcRadius = 1_000_000.0

    /// The largest component of the images of the unit x and y vectors on the device (device px
    /// per point along the more stretched axis, within √2): a radius or a glyph stretched along
    /// either axis is seen, and nothing is squared (Cairo squares the entries to size arcs and
    /// fonts, and a stretch past ~1e154 makes that infinite).
    static func largestAxisScale(_ cr: OpaquePointer) -> Double {
        var xx = 1.0, xy = 0.0, yx = 0.0, yy = 1.0
        cairo_user_to_device_distance(cr, &xx, &xy)
        cairo_user_to_device_distance(cr, &yx, &yy)
        return max(abs(xx), abs(xy), abs(yx), abs(yy))
    }

    /// The target surface's extents in user space, whatever the clip: what is cut to them draws
    /// the same in a damaged region as in a full frame.
    static func surfaceExtents(_ cr: OpaquePointer) -> Rect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_save(cr)
        cairo_reset_clip(cr)
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        cairo_restore(cr)
        return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// True when every corner of `rect` lands within ±4,194,304 device px (half of Cairo's
    /// fixed-point range).
    static func fitsFixedPoint(_ rect: Rect, on cr: OpaquePointer) -> Bool {
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            var dx = x, dy = y
            cairo_user_to_device(cr, &dx, &dy)
            guard abs(dx) <= 4_194_304, abs(dy) <= 4_194_304 else { return false }
        }
        return true
    }

    func addPath(_ shape: RoundedRect) {
        var rect = shape.rect
        guard [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite) else { return }
        let deviceScale = max(Self.largestAxisScale(cr), 1e-12)
        let radius = min(shape.effectiveRadius, Self.maximumArcRadius / deviceScale)
        // A rectangle whose corners leave Cairo's 24.8 fixed point (±8,388,608 px; a layer 1e7
        // points wide drew one row, a 1e308 one nothing) is cut to the surface's extents — not the
        // clip's, so that a damaged region draws what a full frame draws — grown by their own size
        // and twice the radius, so that its cut edges and corners stay out of sight. Rectangles
        // inside ±4,194,304 px are drawn as they are (the same bytes as before).
        if !Self.fitsFixedPoint(rect, on: cr) {
            let surface = Self.surfaceExtents(cr)
            let reach = 2 * (radius.isFinite ? radius : 0) + surface.width + surface.height
            let region = surface.outsetBy(dx: reach, dy: reach)
            if reach.isFinite, region.width > 0, region.height > 0 {
                rect = rect.intersection(region)
                guard !rect.isEmpty else { return }
            }
        }
        // A radius below the resolution of the rectangle's own coordinates draws as a rectangle.
        let magnitude = max(abs(rect.minX), abs(rect.maxX), abs(rect.minY), abs(rect.maxY))
        guard radius > magnitude * 1e-12, radius.isFinite else {
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        let halfPi = Double.pi / 2
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - radius, rect.minY + radius, radius, -halfPi, 0)
        cairo_arc(cr, rect.maxX - radius, rect.maxY - radius, radius, 0, halfPi)
        cairo_arc(cr, rect.minX + radius, rect.maxY - radius, radius, halfPi, 2 * halfPi)
        cairo_arc(cr, rect.minX + radius, rect.minY + radius, radius, 2 * halfPi, 3 * halfPi)
        cairo_close_path(cr)
    }
}
