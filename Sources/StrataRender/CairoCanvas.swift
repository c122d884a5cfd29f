import CCairo
import StrataFilters
import StrataModel
import StrataRaster

/// A canvas that rasterises with Cairo into a premultiplied ARGB32 image surface.
///
/// Offscreen groups are image surfaces exactly the size of the group's bounds (never the canvas).
/// Errors are collected (the canvas protocol does not throw) and thrown by `makePixelBuffer()`:
/// every surface and context status is checked.
public final class CairoCanvas: Canvas {
    private struct Frame {
        let surface: CairoSurface
        let context: CairoContext
        /// Canvas pixel where this surface's pixel (0, 0) lies.
        let originX: Int
        let originY: Int
        var mask: CairoSurface?
    }

    private var frames: [Frame] = []
    private var error: RenderError?
    /// Number of offscreen surfaces allocated so far (groups and masks), for tests and statistics.
    public private(set) var offscreenSurfaceCount = 0

    private let resources: RenderResources?

    /// Creates a transparent canvas of `width × height` pixels.
    ///
    /// - Parameter resources: surfaces kept between frames by the calling thread (the frame
    ///   surface and converted image contents); nil allocates and converts everything afresh.
    public init(width: Int, height: Int, resources: RenderResources? = nil) throws(RenderError) {
        self.resources = resources
        let surface: CairoSurface
        if let resources {
            surface = try resources.frameSurface(width: width, height: height)
        } else {
            surface = try CairoSurface(width: width, height: height)
        }
        let context = try CairoContext(surface: surface)
        Self.configure(context.pointer)
        frames = [Frame(surface: surface, context: context, originX: 0, originY: 0, mask: nil)]
    }

    /// Fixed font options: greyscale antialiasing, no hinting, so text is the same on every machine
    /// with the same fonts and does not depend on the scale.
    private static func configure(_ context: OpaquePointer) {
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        // The root surface goes back for the next frame once its context is gone.
        if let root = frames.first?.surface {
            frames.removeAll()
            resources?.recycle(frame: root)
        }
    }

    private var cr: OpaquePointer { frames[frames.count - 1].context.pointer }

    private func record(_ failure: RenderError) {
        if error == nil { error = failure }
    }

    /// The rendered image (premultiplied RGBA). Throws the first Cairo error met while drawing.
    public func makePixelBuffer() throws(RenderError) -> PixelBuffer {
        if let error { throw error }
        guard frames.count == 1 else { throw RenderError("unbalanced groups: \(frames.count - 1) still open") }
        try frames[0].context.check("drawing the frame")
        return try frames[0].surface.pixelBuffer()
    }

    // MARK: - State

    public func save() { cairo_save(cr) }
    public func restore() { cairo_restore(cr) }

    public func concatenate(_ transform: Transform2D) {
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
                                    x0: transform.tx, y0: transform.ty)
        // A singular or overflowing matrix (scale 0, scale 1e300) puts the context in an error
        // state; draw nothing under it instead.
        let determinant = transform.a * transform.d - transform.b * transform.c
        if determinant == 0 || !determinant.isFinite || !transform.tx.isFinite || !transform.ty.isFinite {
            cairo_rectangle(cr, 0, 0, 0, 0)
            cairo_clip(cr)
            return
        }
        cairo_transform(cr, &matrix)
    }

    public func clip(to shape: RoundedRect) {
        addPath(shape)
        cairo_clip(cr)
    }

    // MARK: - Drawing

    public func draw(_ operation: DrawOperation, alpha: Double) {
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
        case .image(let image, let destination):
            drawImage(image, in: destination, alpha: alpha)
        case .gradient(let gradient, let shape):
            drawGradient(gradient, in: shape, alpha: alpha)
        case .text(let text, let bounds):
            drawText(text, in: bounds, alpha: alpha)
        }
    }

    private func setSource(_ color: Color, alpha: Double) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * alpha)
    }

    private func addPath(_ shape: RoundedRect) {
        let rect = shape.rect
        let radius = shape.effectiveRadius
        guard radius > 0 else {
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

    private func drawImage(_ image: PixelBuffer, in destination: Rect, alpha: Double) {
        let surface: CairoSurface
        do {
            if let resources {
                surface = try resources.surface(for: image)
            } else {
                surface = try CairoSurface(image: image)
            }
        } catch {
            record(error)
            return
        }
        cairo_save(cr)
        cairo_rectangle(cr, destination.minX, destination.minY, destination.width, destination.height)
        cairo_clip(cr)
        cairo_translate(cr, destination.minX, destination.minY)
        cairo_scale(cr, destination.width / Double(image.width), destination.height / Double(image.height))
        cairo_set_source_surface(cr, surface.pointer, 0, 0)
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }

    private func drawGradient(_ gradient: Gradient, in shape: RoundedRect, alpha: Double) {
        let rect = shape.rect
        let start = Point(x: rect.minX + gradient.startPoint.x * rect.width,
                          y: rect.minY + gradient.startPoint.y * rect.height)
        let end = Point(x: rect.minX + gradient.endPoint.x * rect.width,
                        y: rect.minY + gradient.endPoint.y * rect.height)
        let pattern: OpaquePointer
        switch gradient.kind {
        case .linear:
            pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
        case .radial:
            pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)
            let radiusX = max(abs(end.x - start.x), 1e-6), radiusY = max(abs(end.y - start.y), 1e-6)
            // The pattern matrix maps user space to pattern space: the unit circle there is the
            // ellipse of radii (radiusX, radiusY) centred at the start point.
            var matrix = cairo_matrix_t()
            cairo_matrix_init(&matrix, 1 / radiusX, 0, 0, 1 / radiusY, -start.x / radiusX, -start.y / radiusY)
            cairo_pattern_set_matrix(pattern, &matrix)
        }
        defer { cairo_pattern_destroy(pattern) }
        let locations = gradient.resolvedLocations
        for (index, color) in gradient.colors.enumerated() {
            let offset = index < locations.count ? locations[index] : 1
            cairo_pattern_add_color_stop_rgba(pattern, offset, color.red, color.green, color.blue, color.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        let status = cairo_pattern_status(pattern)
        guard status == CAIRO_STATUS_SUCCESS else {
            record(.cairo(status, "creating a gradient"))
            return
        }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        addPath(shape)
        if gradient.kind == .linear, usesGradientStrips, let (image, x, y) = axisAlignedGradientImage(pattern, start: start, end: end, rect: rect) {
            // The same pixels as the gradient pattern, from an image: Cairo's fast image paths
            // instead of evaluating the gradient for every pixel.
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, image.pointer, Double(x), Double(y))
        } else {
            cairo_set_source(cr, pattern)
        }
        if alpha >= 1 {
            cairo_fill(cr)
        } else {
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
    }

    /// Evaluate linear gradients through row or column strips (see `axisAlignedGradientImage`).
    /// Internal so that tests can compare with the plain pattern.
    var usesGradientStrips = true

    /// A linear gradient that is vertical or horizontal on the device (an axis-aligned transform,
    /// start and end on one vertical or horizontal line) has one colour per device row or column.
    /// Cairo evaluates that colour once per row or column into a 1-pixel strip, which is then
    /// repeated over the rectangle's device bounds: an image with exactly the pattern's pixels
    /// there. Returns it with its device position, or nil when the gradient is not axis-aligned.
    private func axisAlignedGradientImage(_ pattern: OpaquePointer, start: Point, end: Point, rect: Rect) -> (CairoSurface, Int, Int)? {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        guard matrix.xy == 0, matrix.yx == 0 else { return nil }
        let vertical = start.x == end.x, horizontal = start.y == end.y
        guard vertical != horizontal else { return nil }
        let frame = frames[frames.count - 1]
        var x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        cairo_user_to_device(cr, &x0, &y0)
        cairo_user_to_device(cr, &x1, &y1)
        let left = max(0, Int(min(x0, x1).rounded(.down))), top = max(0, Int(min(y0, y1).rounded(.down)))
        let right = min(frame.surface.width, Int(max(x0, x1).rounded(.up))), bottom = min(frame.surface.height, Int(max(y0, y1).rounded(.up)))
        guard left < right, top < bottom else { return nil }
        let width = right - left, height = bottom - top
        do throws(RenderError) {
            let strip = try CairoSurface(width: vertical ? 1 : width, height: vertical ? height : 1)
            let context = try CairoContext(surface: strip)
            var shifted = matrix
            shifted.x0 -= Double(left)
            shifted.y0 -= Double(top)
            cairo_set_matrix(context.pointer, &shifted)
            cairo_set_source(context.pointer, pattern)
            cairo_set_operator(context.pointer, CAIRO_OPERATOR_SOURCE)
            cairo_paint(context.pointer)
            try context.check("evaluating a gradient")
            let image = try CairoSurface(width: width, height: height)
            image.fill(repeating: strip, vertically: vertical)
            return (image, left, top)
        } catch {
            return nil
        }
    }

    private func drawText(_ text: TextContent, in bounds: Rect, alpha: Double) {
        cairo_save(cr)
        cairo_select_font_face(cr, text.fontFamily,
                               text.isItalic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                               text.isBold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, text.fontSize)
        var font = cairo_font_extents_t()
        cairo_font_extents(cr, &font)
        setSource(text.color, alpha: alpha)
        var baseline = bounds.minY + font.ascent
        for line in text.string.split(separator: "\n", omittingEmptySubsequences: false) {
            let string = String(line)
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, string, &extents)
            let x: Double
            switch text.alignment {
            case .center: x = bounds.midX - extents.x_advance / 2
            case .right: x = bounds.maxX - extents.x_advance
            case .left, .natural, .justified: x = bounds.minX
            }
            cairo_move_to(cr, x, baseline)
            cairo_show_text(cr, string)
            baseline += font.height
        }
        cairo_restore(cr)
    }

    // MARK: - Groups

    public func beginGroup(bounds: Rect, reasons: [IsolationReason]) {
        pushFrame(bounds: bounds)
    }

    public func beginMask() {
        let group = frames[frames.count - 1]
        pushFrame(bounds: Rect(x: Double(group.originX), y: Double(group.originY),
                               width: Double(group.surface.width), height: Double(group.surface.height)))
    }

    public func endMask() {
        guard frames.count > 2 else { return record(RenderError("endMask without a group")) }
        let mask = frames.removeLast()
        checkFrame(mask, "drawing a mask")
        frames[frames.count - 1].mask = mask.surface
    }

    private func pushFrame(bounds: Rect) {
        let parent = frames[frames.count - 1]
        let width = max(1, Int(bounds.width)), height = max(1, Int(bounds.height))
        let originX = Int(bounds.minX), originY = Int(bounds.minY)
        do {
            let surface = try CairoSurface(width: width, height: height)
            let context = try CairoContext(surface: surface)
            Self.configure(context.pointer)
            var matrix = cairo_matrix_t()
            cairo_get_matrix(parent.context.pointer, &matrix)
            cairo_translate(context.pointer, Double(parent.originX - originX), Double(parent.originY - originY))
            cairo_transform(context.pointer, &matrix)
            offscreenSurfaceCount += 1
            frames.append(Frame(surface: surface, context: context, originX: originX, originY: originY, mask: nil))
        } catch {
            record(error)
            // Draw into a throwaway 1×1 surface so that the nesting stays balanced.
            if let surface = try? CairoSurface(width: 1, height: 1), let context = try? CairoContext(surface: surface) {
                frames.append(Frame(surface: surface, context: context, originX: originX, originY: originY, mask: nil))
            }
        }
    }

    /// Cairo's operator for a blend mode.
    static func cairoOperator(_ mode: BlendMode) -> cairo_operator_t {
        switch mode {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .plusLighter: CAIRO_OPERATOR_ADD
        case .saturate: CAIRO_OPERATOR_SATURATE
        case .xor: CAIRO_OPERATOR_XOR
        }
    }

    private func checkFrame(_ frame: Frame, _ operation: String) {
        do { try frame.context.check(operation) } catch { record(error) }
    }

    /// Applies the pending mask of the current group to its content.
    private func resolveMask() {
        guard frames.count > 1, let mask = frames[frames.count - 1].mask else { return }
        let group = frames[frames.count - 1]
        let groupContext = group.context.pointer
        cairo_save(groupContext)
        cairo_reset_clip(groupContext)
        cairo_identity_matrix(groupContext)
        cairo_set_operator(groupContext, CAIRO_OPERATOR_DEST_IN)
        cairo_set_source_surface(groupContext, mask.pointer, 0, 0)
        cairo_paint(groupContext)
        cairo_restore(groupContext)
        checkFrame(group, "applying a mask")
        frames[frames.count - 1].mask = nil
    }

    public func drawBackdrop(_ backdrop: Backdrop) {
        guard frames.count > 1 else { return record(RenderError("drawBackdrop outside a group")) }
        let parent = frames[frames.count - 2], group = frames[frames.count - 1]
        let read = backdrop.readBounds
        do throws(RenderError) {
            let source = try parent.surface.region(x: Int(read.minX) - parent.originX, y: Int(read.minY) - parent.originY,
                                                   width: max(1, Int(read.width)), height: max(1, Int(read.height)),
                                                   edge: backdrop.edgeMode)
            let filtered: PixelBuffer
            let outsetX: Int, outsetY: Int
            do {
                // Only the pixels under the shape are painted: the blur computes just those (and a
                // variable blur's mask covers the shape).
                let shape = backdrop.shapeBounds.roundedOut
                let window = PixelWindow(x: Int(shape.minX - read.minX), y: Int(shape.minY - read.minY),
                                         width: max(1, Int(shape.width)), height: max(1, Int(shape.height)))
                (filtered, outsetX, outsetY) = try FilterKernels.applyGrowing(backdrop.filters, to: source, maskInset: window.x, window: window)
            } catch {
                throw RenderError("backdrop filter failed: \(error)")
            }
            let image = try CairoSurface(image: filtered)
            let context = group.context.pointer
            cairo_save(context)
            addPath(backdrop.shape)
            cairo_clip(context)
            cairo_identity_matrix(context)
            cairo_set_source_surface(context, image.pointer, Double(Int(read.minX) - outsetX - group.originX),
                                     Double(Int(read.minY) - outsetY - group.originY))
            cairo_paint(context)
            cairo_restore(context)
            checkFrame(group, "drawing a backdrop")
        } catch {
            record(error)
        }
    }

    public func applyFilters(_ filters: [Filter]) {
        guard frames.count > 1 else { return record(RenderError("applyFilters outside a group")) }
        resolveMask()
        let group = frames[frames.count - 1]
        do throws(RenderError) {
            let content = try group.surface.pixelBuffer()
            let filtered: PixelBuffer
            do {
                filtered = try FilterKernels.applyInPlace(filters, to: content)
            } catch {
                throw RenderError("filter failed: \(error)")
            }
            group.surface.replace(with: filtered)
        } catch {
            record(error)
        }
    }

    public func endGroup(opacity: Double, shadow: ShadowParameters?, blendMode: BlendMode?) {
        guard frames.count > 1 else { return record(RenderError("endGroup without a group")) }
        resolveMask()
        let group = frames.removeLast()
        checkFrame(group, "drawing an offscreen group")
        cairo_surface_flush(group.surface.pointer)
        let parent = frames[frames.count - 1]
        let context = parent.context.pointer
        let x = Double(group.originX - parent.originX), y = Double(group.originY - parent.originY)
        cairo_save(context)
        cairo_identity_matrix(context)
        if let shadow {
            let padding = Int(shadow.spread)
            let width = group.surface.width + 2 * padding, height = group.surface.height + 2 * padding
            var plane = group.surface.alphaPlane(padding: padding)
            BoxBlurPlane.blur(&plane, width: width, height: height, sigma: shadow.sigma)
            do {
                let alpha = try CairoSurface.alphaSurface(plane, width: width, height: height)
                cairo_set_source_rgba(context, shadow.color.red, shadow.color.green, shadow.color.blue,
                                      shadow.color.alpha * opacity)
                cairo_mask_surface(context, alpha.pointer, x - Double(padding) + shadow.offsetX.rounded(),
                                   y - Double(padding) + shadow.offsetY.rounded())
            } catch {
                record(error)
            }
        }
        cairo_set_source_surface(context, group.surface.pointer, x, y)
        if let blendMode { cairo_set_operator(context, Self.cairoOperator(blendMode)) }
        cairo_paint_with_alpha(context, opacity)
        cairo_restore(context)
        checkFrame(parent, "compositing an offscreen group")
    }
}
