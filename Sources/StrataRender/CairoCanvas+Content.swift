import CCairo
import StrataModel
import StrataRaster

// Layer contents on the Cairo canvas: images, gradients (axis-aligned ones through 1-pixel
// strips) and text.
extension CairoCanvas {
    /// Cairo's filter for `filter`: good (its box below 0.75, bilinear above), bilinear, nearest.
    static func cairoFilter(_ filter: ImageFilter) -> cairo_filter_t {
        switch filter {
        case .box: CAIRO_FILTER_GOOD
        case .linear: CAIRO_FILTER_BILINEAR
        case .nearest: CAIRO_FILTER_NEAREST
        }
    }

    func drawImage(_ image: PixelBuffer, in destination: Rect, alpha: Double, filter: ImageFilter = .box) {
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
        let scaleX = destination.width / Double(image.width), scaleY = destination.height / Double(image.height)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let device = Transform2D(a: matrix.xx, b: matrix.yx, c: matrix.xy, d: matrix.yy, tx: matrix.x0, ty: matrix.y0)
        let frame = frames[frames.count - 1]
        // `placement` is .direct for a destination beyond ordinary matrices (drawn below).
        if case .placed(let x0, let y0, let x1, let y1) = Self.placement(width: image.width, height: image.height, destination: destination,
                                                                         device: device, surfaceWidth: frame.surface.width,
                                                                         surfaceHeight: frame.surface.height) {
            return drawPlaced(surface, in: destination, scaleX: scaleX, scaleY: scaleY, box: (x0, y0, x1, y1), alpha: alpha, filter: filter)
        }
        let ordinary = Self.isOrdinaryPlacement(width: image.width, height: image.height, destination: destination)
        cairo_save(cr)
        cairo_rectangle(cr, destination.minX, destination.minY, destination.width, destination.height)
        cairo_clip(cr)
        if ordinary {
            cairo_translate(cr, destination.minX, destination.minY)
            cairo_scale(cr, scaleX, scaleY)
            cairo_set_source_surface(cr, surface.pointer, 0, 0)
        } else if !placeExtremeImage(image, surface: surface, in: destination, scaleX: scaleX, scaleY: scaleY) {
            cairo_restore(cr)
            return
        }
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, Self.cairoFilter(filter))
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }

    /// Sets the source for an image whose destination is beyond what Cairo's matrices take (a
    /// layer 1e308 points wide, or an image squeezed below a millionth of a pixel): anchored at the
    /// visible part of the destination, so that every number Cairo sees is bounded. A scale over
    /// 10⁶ device pixels per image pixel shows one image pixel wherever it is visible, drawn as that
    /// pixel's colour; one under 10⁻⁶ draws nothing. Returns false when nothing is to be drawn.
    private func placeExtremeImage(_ image: PixelBuffer, surface: CairoSurface, in destination: Rect,
                                   scaleX: Double, scaleY: Double) -> Bool {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)   // already cut to the destination and the canvas
        guard x2 > x1, y2 > y1, [x1, y1, x2, y2, scaleX, scaleY].allSatisfy(\.isFinite), scaleX >= 1e-6, scaleY >= 1e-6 else { return false }
        // The image point under the visible part's corner, in image pixels (bounded by the image).
        let sourceX = min(Double(image.width), max(0, (x1 - destination.minX) / scaleX))
        let sourceY = min(Double(image.height), max(0, (y1 - destination.minY) / scaleY))
        if scaleX <= 1e6 && scaleY <= 1e6 {
            cairo_translate(cr, x1, y1)
            cairo_scale(cr, scaleX, scaleY)
            cairo_set_source_surface(cr, surface.pointer, -sourceX, -sourceY)
        } else {
            let pixel = image[min(image.width - 1, Int(saturating: sourceX, .down)), min(image.height - 1, Int(saturating: sourceY, .down))]
            let alpha = Double(pixel.a) / 255
            let straight = { (value: UInt8) in alpha > 0 ? Double(value) / 255 / alpha : 0 }
            cairo_set_source_rgba(cr, straight(pixel.r), straight(pixel.g), straight(pixel.b), alpha)
        }
        return true
    }

    /// Fills `shape` with `gradient` (its points resolved in the shape's rectangle), or, given
    /// `path`, fills the path within the rectangle with it, or, given `stroke`, strokes that
    /// shape's path as it asks with it (cut to the rectangle when `clipped`).
    func drawGradient(_ gradient: Gradient, in shape: RoundedRect, alpha: Double, path: (Path, FillRule)? = nil,
                      stroke strokeAndClip: (ShapeContent, clipped: Bool)? = nil) {
        let stroke = strokeAndClip?.0
        let rect = shape.rect
        func addArea() {
            guard let (path, rule) = path else { return addPath(shape) }
            addFillPath(path)  // inside the rectangle (RenderTreeBuilder.gradientInMask)
            cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        }
        // The pixels the gradient is evaluated for.
        let area = stroke.map { rect.intersection($0.extent) } ?? path.map { rect.intersection($0.0.controlBounds) } ?? rect
        let start = Point(x: rect.minX + gradient.startPoint.x * rect.width,
                          y: rect.minY + gradient.startPoint.y * rect.height)
        let end = Point(x: rect.minX + gradient.endPoint.x * rect.width,
                        y: rect.minY + gradient.endPoint.y * rect.height)
        if gradient.kind == .radial, min(abs(end.x - start.x), abs(end.y - start.y)) < 1e-6 || ![start.x, start.y, end.x, end.y].allSatisfy(\.isFinite) {
            // A radial gradient of zero radius (its two points coincide on an axis): everything
            // lies past the end, which pads with the last colour.
            guard let last = gradient.colors.last else { return }
            cairo_save(cr)
            defer { cairo_restore(cr) }
            if let stroke {
                let solid = { cairo_set_source_rgba(self.cr, last.red, last.green, last.blue, last.alpha) }
                return strokeGradient(stroke, source: solid, alpha: alpha, clippedTo: strokeAndClip?.clipped == true ? rect : nil)
            }
            addArea()
            setSource(last, alpha: alpha)
            cairo_fill(cr)
            return
        }
        if gradient.kind == .conic { return drawConicGradient(gradient, in: shape, center: start, toward: end, alpha: alpha) }
        let pattern: OpaquePointer
        // User space to the pattern's (linear: x is the parameter), and the radial focal point there.
        var userToPattern = cairo_matrix_t()
        var focal = Point(x: 0, y: 0)
        switch gradient.kind {
        case .linear:
            pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
            let dx = end.x - start.x, dy = end.y - start.y, length2 = dx * dx + dy * dy
            cairo_matrix_init(&userToPattern, dx / length2, 0, dy / length2, 0, -(dx * start.x + dy * start.y) / length2, 0)
        case .radial:
            let radiusX = abs(end.x - start.x), radiusY = abs(end.y - start.y)
            // The focal point, in the unit circle's space (kept inside it, as Cairo needs the
            // first circle within the second for a gradient that fills the plane).
            if let point = gradient.focalPoint, point.x.isFinite, point.y.isFinite {
                let fx = (rect.minX + point.x * rect.width - start.x) / radiusX, fy = (rect.minY + point.y * rect.height - start.y) / radiusY
                let distance = (fx * fx + fy * fy).squareRoot()
                let factor = distance > 0.99 ? 0.99 / distance : 1
                focal = Point(x: fx * factor, y: fy * factor)
            }
            pattern = cairo_pattern_create_radial(focal.x, focal.y, 0, 0, 0, 1)
            // The pattern matrix maps user space to pattern space: the unit circle there is the
            // ellipse of radii (radiusX, radiusY) centred at the start point.
            var matrix = cairo_matrix_t()
            cairo_matrix_init(&matrix, 1 / radiusX, 0, 0, 1 / radiusY, -start.x / radiusX, -start.y / radiusY)
            cairo_pattern_set_matrix(pattern, &matrix)
            userToPattern = matrix
        case .conic:
            return  // drawn above
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
        if stroke == nil { addArea() }
        // The same pixels as the gradient pattern, from an image at a device pixel: Cairo's fast
        // image paths instead of evaluating the gradient for every pixel.
        var image: (surface: CairoSurface, x: Int, y: Int)?
        if gradient.kind == .linear, usesGradientStrips, let strip = axisAlignedGradientImage(pattern, start: start, end: end, rect: area) {
            image = strip
        } else if usesGradientTables {
            // Every pixel from the gradient's colour table (CairoCanvas+GradientTable). Near a
            // focal point close to the circle, where the parameter changes fastest, pixman's 16.16
            // fixed-point matrix and this double-precision one part by up to 10 levels.
            image = gradientImage(radial: gradient.kind == .radial, userToPattern: userToPattern, focal: focal,
                                  table: { gradientTable(for: gradient) }, rect: area,
                                  stops: .init(colors: gradient.colors, locations: gradient.resolvedLocations))
        }
        if let stroke {
            var user = cairo_matrix_t()
            cairo_get_matrix(cr, &user)
            let source = {
                guard let image else { return cairo_set_source(self.cr, pattern) }
                cairo_identity_matrix(self.cr)
                cairo_set_source_surface(self.cr, image.surface.pointer, Double(image.x), Double(image.y))
                cairo_set_matrix(self.cr, &user)
            }
            return strokeGradient(stroke, source: source, alpha: alpha, clippedTo: strokeAndClip?.clipped == true ? rect : nil)
        }
        if let image, let (path, rule) = path, rasterImageFill(path, rule: rule, image: image.surface, x: image.x, y: image.y, alpha: alpha) {
            return cairo_new_path(cr)  // the area Cairo would have filled, not left for the next draw
        }
        if let image, usesCoverageKernel, alpha < 1 {
            // (An opaque fill Cairo copies run by run, as fast as this kernel; it draws those.)
            cairo_clip(cr)
            return paintThroughClip(image.surface, x: image.x, y: image.y, alpha: alpha)
        }
        if let image {
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, image.surface.pointer, Double(image.x), Double(image.y))
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

    /// Strokes `stroke` with the source `source` sets (the gradient's image, placed at a device
    /// pixel, or its pattern, each locked to the space it was made in). Under an opacity, or cut to
    /// `clippedTo` (where the stroke may reach past the gradient's rectangle), the stroke is drawn
    /// into one group first (its pieces may overlap), then painted with the opacity through the
    /// rectangle, as the masked gradient layer was: the rectangle's coverage times the stroke's.
    /// Pieces of a dashed stroke that must be drawn into a group (`strokeOutline`) make its
    /// coverage there, through which the source is drawn once.
    private func strokeGradient(_ stroke: ShapeContent, source: () -> Void, alpha: Double, clippedTo rect: Rect?) {
        func outline() {
            strokeOutline(of: stroke, source: source, opaqueSource: { cairo_set_source_rgb(self.cr, 0, 0, 0) }) {
                let coverage = cairo_pop_group(self.cr)
                source()
                cairo_mask(self.cr, coverage)
                cairo_pattern_destroy(coverage)
            }
        }
        guard alpha < 1 || rect != nil else { return outline() }
        cairo_push_group(cr)
        outline()
        cairo_pop_group_to_source(cr)
        guard let rect else { return cairo_paint_with_alpha(cr, alpha) }
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        if alpha >= 1 { return cairo_fill(cr) }
        cairo_clip(cr)
        cairo_paint_with_alpha(cr, alpha)
    }

    /// A linear gradient that is vertical or horizontal on the device (an axis-aligned transform,
    /// start and end on one vertical or horizontal line) has one colour per device row or column.
    /// Cairo evaluates that colour once per row or column into a 1-pixel strip, which is then
    /// repeated over the rectangle's device bounds: an image with exactly the pattern's pixels
    /// there (on a frame drawn over the previous one, only where the damage is: the strip still
    /// starts where the bounds do, so each pixel is the same). Returns it with its device
    /// position, or nil when the gradient is not axis-aligned.
    func axisAlignedGradientImage(_ pattern: OpaquePointer, start: Point, end: Point, rect: Rect) -> (CairoSurface, Int, Int)? {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        guard matrix.xy == 0, matrix.yx == 0 else { return nil }
        let vertical = start.x == end.x, horizontal = start.y == end.y
        guard vertical != horizontal else { return nil }
        let frame = frames[frames.count - 1]
        var x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        cairo_user_to_device(cr, &x0, &y0)
        cairo_user_to_device(cr, &x1, &y1)
        let left = max(0, Int(saturating: min(x0, x1), .down)), top = max(0, Int(saturating: min(y0, y1), .down))
        let right = min(frame.surface.width, Int(saturating: max(x0, x1), .up)), bottom = min(frame.surface.height, Int(saturating: max(y0, y1), .up))
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
            // What the damage holds of the bounds (all of them when the frame is drawn in full).
            let limit = frame.damage ?? (x0: left, y0: top, x1: right, y1: bottom)
            let shown = (x0: max(left, limit.x0), y0: max(top, limit.y0), x1: min(right, limit.x1), y1: min(bottom, limit.y1))
            guard shown.x0 < shown.x1, shown.y0 < shown.y1 else { return nil }
            let image = try CairoSurface(width: shown.x1 - shown.x0, height: shown.y1 - shown.y0)
            image.fill(repeating: strip, vertically: vertical, from: vertical ? shown.y0 - top : shown.x0 - left)
            return (image, shown.x0, shown.y0)
        } catch {
            return nil
        }
    }

    func drawText(_ text: TextContent, in bounds: Rect, alpha: Double) {
        cairo_save(cr)
        TextEngine.current.draw(text, in: bounds, on: cr, fill: { setSource(text.color, alpha: alpha) },
                                stroke: { setSource(text.strokeColor ?? text.color, alpha: alpha) })
        cairo_restore(cr)
    }
}
