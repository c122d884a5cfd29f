import CCairo
import CStrataKernels
import StrataModel

// Shapes of imported animations drawn by Strata's coverage rasteriser (strata_raster.h) instead
// of Cairo's: on a canvas finer than Cairo's default tolerance (`CurveTolerance.fillsTrueArea`),
// a solid fill, an undashed solid stroke or a gradient's image in a path, drawn OVER onto an
// ARGB32 image surface whose clip is one rectangle on the device's axes (its sides may cut
// pixels: those get the area within it, as Cairo clips a path to a box). The rasteriser gives
// each pixel the exact area of the path in it (Cairo's scan converter samples 15 rows a pixel),
// and strokes are outlined by Strata (`strata_raster_stroke`); everything else — and any path
// with more cells than the limit — is drawn by Cairo.
extension CairoCanvas {
    /// Where a path can be drawn by the rasteriser: the surface's pixels, the clip box and the
    /// map from user units to the surface's pixels.
    struct RasterTarget {
        let surface: OpaquePointer
        let data: UnsafeMutablePointer<UInt8>
        let stride: Int
        let box: (x0: Int32, y0: Int32, x1: Int32, y1: Int32)
        let matrix: [Double]
        /// The clip within `box`, in the surface's pixels (its sides may cut pixels).
        let clip: Rect
    }

    /// At most this many cells a path (about 16 bytes each): a path crossing more pixels than
    /// that is drawn by Cairo, whose scan converter keeps only a row at a time.
    static let maximumRasterCells = 1 << 20

    /// The target for the rasteriser now, nil where Cairo must draw, or `.some(nil)` when the
    /// clip leaves nothing to draw.
    func rasterTarget() -> RasterTarget?? {
        guard CurveTolerance.fillsTrueArea(curveTolerance), usesRasteriser,
              cairo_get_operator(cr) == CAIRO_OPERATOR_OVER, cairo_get_antialias(cr) != CAIRO_ANTIALIAS_NONE,
              let target = cairo_get_group_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32, let data = cairo_image_surface_get_data(target) else {
            return nil
        }
        var offsetX = 0.0, offsetY = 0.0, scaleX = 0.0, scaleY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        cairo_surface_get_device_scale(target, &scaleX, &scaleY)
        guard scaleX == 1, scaleY == 1, offsetX == offsetX.rounded(), offsetY == offsetY.rounded(),
              abs(offsetX) < 16_777_216, abs(offsetY) < 16_777_216 else { return nil }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let entries = [matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0 + offsetX, matrix.y0 + offsetY]
        guard entries.allSatisfy({ $0.isFinite && abs($0) < 1e9 }), matrix.xx * matrix.yy - matrix.xy * matrix.yx != 0 else { return nil }
        let width = Double(cairo_image_surface_get_width(target)), height = Double(cairo_image_surface_get_height(target))
        // The surface's pixels in device space.
        let surface = Rect(x: -offsetX, y: -offsetY, width: width, height: height)
        guard let clip = deviceClip(within: surface) else { return nil }
        guard !clip.isEmpty else { return .some(nil) }
        let x0 = (clip.minX + offsetX).rounded(.down), y0 = (clip.minY + offsetY).rounded(.down)
        let x1 = (clip.maxX + offsetX).rounded(.up), y1 = (clip.maxY + offsetY).rounded(.up)
        return RasterTarget(surface: target, data: data, stride: Int(cairo_image_surface_get_stride(target)),
                            box: (Int32(x0), Int32(y0), Int32(x1), Int32(y1)), matrix: entries,
                            clip: Rect(x: clip.minX + offsetX, y: clip.minY + offsetY, width: clip.width, height: clip.height))
    }

    /// The current clip within `surface` (device pixels) where it is a rectangle on the axes
    /// (empty: nothing is drawn), nil where it is not. Cairo tells whole pixels (a region); a
    /// rectangle cut at fractions of a pixel is the one `clip(to:)` recorded, which must agree
    /// with the whole pixels Cairo gives as the clip's extents.
    private func deviceClip(within surface: Rect) -> Rect? {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        guard let list = cairo_copy_clip_rectangle_list(cr) else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        if list.pointee.status == CAIRO_STATUS_SUCCESS {
            guard list.pointee.num_rectangles == 1 else { return list.pointee.num_rectangles == 0 ? .zero : nil }
            let rectangle = list.pointee.rectangles[0]
            let clip = Rect(x: rectangle.x, y: rectangle.y, width: rectangle.width, height: rectangle.height)
            guard [clip.minX, clip.minY, clip.maxX, clip.maxY].allSatisfy({ $0 == $0.rounded() && abs($0) < 16_777_216 }) else { return nil }
            return clip.intersection(surface)
        }
        guard case .rect(let recorded) = frames[frames.count - 1].deviceClip else { return nil }
        let clip = recorded.intersection(surface)
        guard !clip.isEmpty, [clip.minX, clip.minY, clip.maxX, clip.maxY].allSatisfy({ abs($0) < 16_777_216 }) else { return .zero }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        let whole = (clip.minX.rounded(.down), clip.minY.rounded(.down), clip.maxX.rounded(.up), clip.maxY.rounded(.up))
        return whole == (x0, y0, x1, y1) ? clip : nil
    }

    /// Whether a path is left on the context (a draw the rasteriser made for Cairo must not leave
    /// the path Cairo was given for it to the next one).
    var hasCurrentPath: Bool { cairo_has_current_point(cr) != 0 }

    /// Cairo's pixel for `color` at `alpha` (premultiplied ARGB32): each component converted
    /// to 16 bits as Cairo converts it (`_cairo_color_double_to_short`), then its top 8 bits.
    static func cairoPixel(_ color: Color, alpha: Double) -> UInt32 {
        func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
        let a = clamp(clamp(color.alpha) * alpha)
        func byte(_ value: Double) -> UInt32 { UInt32(cairoAlpha(value)) }
        return byte(a) << 24 | byte(clamp(color.red) * a) << 16 | byte(clamp(color.green) * a) << 8 | byte(clamp(color.blue) * a)
    }

    /// The path as the rasteriser's verbs and points, in user units.
    static func rasterPath(_ path: Path, flattening: AreaFlattening?) -> (verbs: [UInt8], points: [Double]) {
        // As `walk` visits the path, written out: its closures captured the two lists, and every
        // append then paid a run-time exclusivity check.
        var verbs: [UInt8] = [], points: [Double] = []
        verbs.reserveCapacity(path.elements.count)
        points.reserveCapacity(path.elements.count * 6)
        var current = Point(x: 0, y: 0), start = current
        for element in path.elements {
            switch element {
            case .move(let p):
                verbs.append(UInt8(STRATA_MOVE))
                points.append(p.x)
                points.append(p.y)
                current = p
                start = p
            case .line(let p):
                verbs.append(UInt8(STRATA_LINE))
                points.append(p.x)
                points.append(p.y)
                current = p
            case .quad(let c, let p):
                let (c1, c2) = cubicControls(from: current, quad: c, to: p)
                addCubic(from: current, c1, c2, p, flattening: flattening, verbs: &verbs, points: &points)
                current = p
            case .cubic(let c1, let c2, let p):
                addCubic(from: current, c1, c2, p, flattening: flattening, verbs: &verbs, points: &points)
                current = p
            case .close:
                verbs.append(UInt8(STRATA_CLOSE))
                current = start
            }
        }
        return (verbs, points)
    }

    /// A cubic from `p0`: as lines of its own area when `flattening` takes it, else as a curve.
    private static func addCubic(from p0: Point, _ c1: Point, _ c2: Point, _ p: Point, flattening: AreaFlattening?,
                                 verbs: inout [UInt8], points: inout [Double]) {
        let flattened = flattening?.forEachCorner(p0, c1, c2, p) { x, y in
            verbs.append(UInt8(STRATA_LINE))
            points.append(x)
            points.append(y)
        }
        guard flattened != true else { return }
        verbs.append(UInt8(STRATA_CURVE))
        points.append(c1.x)
        points.append(c1.y)
        points.append(c2.x)
        points.append(c2.y)
        points.append(p.x)
        points.append(p.y)
    }

    /// Fills `path` with `color` at `alpha` by the rasteriser; false where Cairo must draw it.
    func rasterFill(_ path: Path, rule: FillRule, color: Color, alpha: Double) -> Bool {
        guard let found = rasterTarget() else { return false }
        guard let target = found else { return true }
        return rasterDraw(target, color: color, alpha: alpha, evenOdd: rule == .evenOdd, addEdges: fillEdges(path, matrix: target.matrix))
    }

    /// The edges of `path` filled: its curves as lines of their own area (as `addFillPath` gives
    /// Cairo), then transformed by `matrix` (user units to the surface's pixels).
    private func fillEdges(_ path: Path, matrix: [Double]) -> (OpaquePointer) -> Bool {
        let (verbs, points) = Self.rasterPath(path, flattening: AreaFlattening(tolerance: curveTolerance, linear: (matrix[0], matrix[1], matrix[2], matrix[3])))
        let tolerance = curveTolerance
        return { raster in
            matrix.withUnsafeBufferPointer { strata_raster_path(raster, verbs, verbs.count, points, $0.baseAddress, tolerance) }
            return true
        }
    }

    /// Strokes `path` (already trimmed) as `shape`'s stroke asks, undashed, with `color` at
    /// `alpha` by the rasteriser; false where Cairo must draw it.
    func rasterStroke(_ path: Path, of shape: ShapeContent, color: Color, alpha: Double) -> Bool {
        let width = min(shape.lineWidth, Limits.maximumLineWidth)
        guard width > 0, width.isFinite, let found = rasterTarget() else { return false }
        guard let target = found else { return true }
        let (verbs, points) = Self.rasterPath(path, flattening: nil)
        let join: Int32 = switch shape.lineJoin { case .miter: 0; case .round: 1; case .bevel: 2 }
        let cap: Int32 = switch shape.lineCap { case .butt: 0; case .round: 1; case .square: 2 }
        var style = strata_stroke_style()
        style.half_width = width / 2
        style.join = join
        style.cap = cap
        style.miter_limit = max(1, shape.miterLimit.isFinite ? shape.miterLimit : 10)
        style.tolerance = curveTolerance
        style.matrix = (target.matrix[0], target.matrix[1], target.matrix[2], target.matrix[3], target.matrix[4], target.matrix[5])
        return rasterDraw(target, color: color, alpha: alpha, evenOdd: false) { raster in
            strata_raster_stroke(raster, verbs, verbs.count, points, &style) == 1
        }
    }

    /// Fills `path` with `image` (premultiplied, its pixel (0, 0) on device pixel (`x`, `y`): a
    /// gradient's pixels) at `alpha` by the rasteriser; false where Cairo must draw it.
    func rasterImageFill(_ path: Path, rule: FillRule, image: CairoSurface, x: Int, y: Int, alpha: Double) -> Bool {
        guard let found = rasterTarget() else { return false }
        guard let target = found else { return true }
        cairo_surface_flush(image.pointer)
        guard let pixels = cairo_image_surface_get_data(image.pointer) else { return false }
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(target.surface, &offsetX, &offsetY)
        // Where the image lies on the surface; nothing is drawn outside it.
        let imageX = x + Int(offsetX), imageY = y + Int(offsetY)
        let x0 = max(target.box.x0, Int32(clamping: imageX)), y0 = max(target.box.y0, Int32(clamping: imageY))
        let x1 = min(target.box.x1, Int32(clamping: imageX + image.width)), y1 = min(target.box.y1, Int32(clamping: imageY + image.height))
        guard x0 < x1, y0 < y1 else { return true }
        let within = RasterTarget(surface: target.surface, data: target.data, stride: target.stride, box: (x0, y0, x1, y1),
                                  matrix: target.matrix, clip: target.clip)
        let stride = Int(cairo_image_surface_get_stride(image.pointer)), opacity = Self.cairoAlpha(alpha)
        return rasterDraw(within, addEdges: fillEdges(path, matrix: target.matrix), fill: { raster in
            strata_raster_fill_image(raster, target.data, target.stride, rule == .evenOdd ? 1 : 0, pixels, stride, Int32(imageX), Int32(imageY),
                                     Int32(image.width), Int32(image.height), opacity, rasterVector)
        })
    }

    private func rasterDraw(_ target: RasterTarget, color: Color, alpha: Double, evenOdd: Bool,
                            addEdges: (OpaquePointer) -> Bool) -> Bool {
        let pixel = Self.cairoPixel(color, alpha: alpha)
        return rasterDraw(target, addEdges: addEdges) { strata_raster_fill($0, target.data, target.stride, evenOdd ? 1 : 0, pixel, rasterVector) }
    }

    private func rasterDraw(_ target: RasterTarget, addEdges: (OpaquePointer) -> Bool, fill: (OpaquePointer) -> Int32) -> Bool {
        if rasteriser == nil { rasteriser = strata_raster_create() }
        guard let raster = rasteriser else { return false }
        strata_raster_begin(raster, target.box.x0, target.box.y0, target.box.x1, target.box.y1, Self.maximumRasterCells)
        strata_raster_clip(raster, target.clip.minX, target.clip.minY, target.clip.maxX, target.clip.maxY)
        guard addEdges(raster) else { return false }
        cairo_surface_flush(target.surface)
        guard fill(raster) == 1 else { return false }
        let box = target.box
        cairo_surface_mark_dirty_rectangle(target.surface, box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0)
        if target.surface == frames[frames.count - 1].surface.pointer { frames[frames.count - 1].knownDirty = true }
        rasterDraws += 1
        return true
    }
}
