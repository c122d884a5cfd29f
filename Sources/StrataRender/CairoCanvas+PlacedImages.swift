import CCairo
import CStrataKernels
import StrataModel

// Scaled, rotated or fractionally placed images drawn through an intermediate surface: the image
// is sampled into a surface covering its device bounds (from the bounds' first pixel, whatever
// the clip), which is then composited at a whole-pixel offset. Pixman steps a transformed image
// across a composite from the composite's first pixel, so drawing it straight under a clip that
// starts elsewhere (a frame's damage) can round a level differently; through the intermediate,
// a pixel is the same however the frame is clipped, and a still image is sampled once, not on
// every frame (`RenderResources` keeps the intermediate while the image stays where it is).

/// How an image layer's contents reach the surface (`CairoCanvas.placement`).
enum ImagePlacement: Equatable {
    /// One image pixel to one device pixel at a whole-pixel offset: composited straight.
    case exact
    /// Sampled into an intermediate covering device pixels `x0..<x1 × y0..<y1` of the surface.
    case placed(x0: Int, y0: Int, x1: Int, y1: Int)
    /// Drawn straight under the clip: a destination beyond what Cairo's matrices take, or an
    /// intermediate over `CairoCanvas.maximumPlacementPixels`.
    case direct
}

extension CairoCanvas {
    /// Largest intermediate for a placed image, in device pixels (16 MB); larger ones are drawn straight.
    static let maximumPlacementPixels = 1 << 22

    /// Whether an image of `width × height` pixels can be drawn into `destination` (layer
    /// points) with ordinary Cairo matrices: the corner within 10⁷ points, the scales within 10⁻⁶…10⁶.
    static func isOrdinaryPlacement(width: Int, height: Int, destination: Rect) -> Bool {
        let scaleX = destination.width / Double(width), scaleY = destination.height / Double(height)
        return [destination.minX, destination.minY].allSatisfy { abs($0) <= 1e7 }
            && [scaleX, scaleY].allSatisfy { $0 >= 1e-6 && $0 <= 1e6 }
    }

    /// How an image of `width × height` pixels is drawn into `destination` under `device` (layer
    /// points to device pixels) on a surface of `surfaceWidth × surfaceHeight` pixels. With a
    /// `margin` of device pixels, the intermediate is measured that much larger on every side
    /// (the damage uses 1: a transform composed another way rounds its bounds at most a pixel off).
    static func placement(width: Int, height: Int, destination: Rect, device: Transform2D,
                          surfaceWidth: Int, surfaceHeight: Int, margin: Int = 0) -> ImagePlacement {
        guard isOrdinaryPlacement(width: width, height: height, destination: destination) else { return .direct }
        let scaleX = destination.width / Double(width), scaleY = destination.height / Double(height)
        let image = Transform2D(a: scaleX, b: 0, c: 0, d: scaleY, tx: destination.minX, ty: destination.minY).concatenating(device)
        // An image seen edge-on (a layer turned 90° about x or y) covers no area: nothing is drawn,
        // and Cairo is never handed a matrix it cannot invert (it fails with "out of memory").
        let determinant = image.a * image.d - image.b * image.c
        if determinant.isFinite && abs(determinant) < 1e-9 { return .placed(x0: 0, y0: 0, x1: 0, y1: 0) }
        if image.a == 1, image.d == 1, image.b == 0, image.c == 0, image.tx == image.tx.rounded(), image.ty == image.ty.rounded(),
           abs(image.tx) <= 1e9, abs(image.ty) <= 1e9 {
            return .exact
        }
        let bounds = device.apply(to: destination)
        guard [bounds.minX, bounds.minY, bounds.maxX, bounds.maxY].allSatisfy(\.isFinite) else { return .direct }
        let x0 = max(0, Int(saturating: bounds.minX, .down)), y0 = max(0, Int(saturating: bounds.minY, .down))
        let x1 = min(surfaceWidth, Int(saturating: bounds.maxX, .up)), y1 = min(surfaceHeight, Int(saturating: bounds.maxY, .up))
        guard x0 < x1, y0 < y1 else { return .placed(x0: 0, y0: 0, x1: 0, y1: 0) }
        let pixels = (x1 - x0 + 2 * margin).multipliedReportingOverflow(by: y1 - y0 + 2 * margin)
        guard !pixels.overflow, pixels.partialValue <= maximumPlacementPixels else { return .direct }
        return .placed(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    /// Draws `surface` (the image's pixels) into `destination` through an intermediate covering
    /// device pixels `box` (the image sampled over all of it, padded past its edges), composited
    /// with `alpha` under the current clip and the destination. The intermediate comes
    /// from the thread's resources when the same image was placed the same way in this frame or
    /// the one before.
    func drawPlaced(_ surface: CairoSurface, in destination: Rect, scaleX: Double, scaleY: Double,
                    box: PixelBox, alpha: Double, filter: ImageFilter = .box) {
        guard box.x0 < box.x1, box.y0 < box.y1 else { return }
        var device = cairo_matrix_t()
        cairo_get_matrix(cr, &device)
        let key = PlacedImageKey(source: ObjectIdentifier(surface), device: [device.xx, device.yx, device.xy, device.yy, device.x0, device.y0],
                                 destination: [destination.minX, destination.minY, destination.width, destination.height],
                                 box: [box.x0, box.y0, box.x1, box.y1], filter: filter)
        let placed: CairoSurface
        if let kept = resources?.placedImage(key, source: surface) {
            placed = kept
        } else {
            do throws(RenderError) {
                placed = try CairoSurface(width: box.x1 - box.x0, height: box.y1 - box.y0)
                var shifted = device
                shifted.x0 -= Double(box.x0)
                shifted.y0 -= Double(box.y0)
                let sampled = filter == .linear && usesBilinearKernel
                    && sampleBilinearly(surface, into: placed, shifted: shifted, destination: destination, scale: (scaleX, scaleY))
                if !sampled {
                    let context = try CairoContext(surface: placed)
                    let cr = context.pointer
                    cairo_set_matrix(cr, &shifted)
                    cairo_translate(cr, destination.minX, destination.minY)
                    cairo_scale(cr, scaleX, scaleY)
                    cairo_set_source_surface(cr, surface.pointer, 0, 0)
                    let pattern = cairo_get_source(cr)
                    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
                    cairo_pattern_set_filter(pattern, Self.cairoFilter(filter))
                    cairo_paint(cr)
                    try context.check("placing an image")
                    cairo_surface_flush(placed.pointer)
                }
            } catch {
                return record(error)
            }
            resources?.imagePlacements += 1
            resources?.keepPlacedImage(placed, for: key, source: surface)
        }
        composite(placed, box: box, device: device, destination: destination, alpha: alpha)
    }

    /// Samples `surface` bilinearly into `placed` (new, clear) with Strata's kernel, at the
    /// positions and with the arithmetic pixman uses when Cairo paints it there under `shifted`,
    /// translated to `destination`'s corner and scaled by `scale` (`pixmanTransform`): the same
    /// bytes. False, with nothing drawn, where Cairo would take another route.
    func sampleBilinearly(_ surface: CairoSurface, into placed: CairoSurface, shifted: cairo_matrix_t, destination: Rect,
                          scale: (x: Double, y: Double)) -> Bool {
        guard let (transform, offsetX, offsetY) = Self.pixmanTransform(shifted: shifted, destination: (destination.minX, destination.minY),
                                                                       scale: scale, width: placed.width, height: placed.height),
              // A scale alone with x not flipped pixman samples with its own vector path (its
              // scaled-bilinear fast path), faster there than this kernel; the rest goes through its
              // one-pixel-at-a-time affine fetch, which this replaces.
              !(transform[1] == 0 && transform[3] == 0 && transform[0] > 0) else { return false }
        cairo_surface_flush(surface.pointer)
        cairo_surface_flush(placed.pointer)
        let source = UnsafeRawPointer(cairo_image_surface_get_data(surface.pointer)!).assumingMemoryBound(to: UInt32.self)
        let target = UnsafeMutableRawPointer(cairo_image_surface_get_data(placed.pointer)!).assumingMemoryBound(to: UInt32.self)
        let drawn = strata_bilinear_affine_pad(target, Int(cairo_image_surface_get_stride(placed.pointer)) / 4, Int32(placed.width), Int32(placed.height),
                                               source, Int(cairo_image_surface_get_stride(surface.pointer)) / 4, Int32(surface.width),
                                               Int32(surface.height), transform, offsetX, offsetY, bilinearPath)
        cairo_surface_mark_dirty(placed.pointer)
        if drawn == 0 { placed.clear() }
        if drawn == 1 { bilinearKernelDraws += 1 }
        return drawn == 1
    }

    /// Composites an intermediate within its pixels and the destination, whose edges are cut
    /// here with the clips around it: an edge that one of them shares is covered once, as when
    /// the image is drawn straight (cut inside the intermediate, it would be covered twice).
    private func composite(_ placed: CairoSurface, box: PixelBox, device: cairo_matrix_t, destination: Rect,
                           alpha: Double) {
        var device = device
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_rectangle(cr, Double(box.x0), Double(box.y0), Double(box.x1 - box.x0), Double(box.y1 - box.y0))
        cairo_clip(cr)
        cairo_set_matrix(cr, &device)
        cairo_rectangle(cr, destination.minX, destination.minY, destination.width, destination.height)
        cairo_clip(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, placed.pointer, Double(box.x0), Double(box.y0))
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }
}

/// What a placed image's intermediate depends on: the image's surface, the device matrix, the
/// destination (layer points) and the device pixels it covers.
struct PlacedImageKey: Hashable {
    let source: ObjectIdentifier
    let device: [Double]
    let destination: [Double]
    let box: [Int]
    let filter: ImageFilter
}

extension RenderResources {
    /// Starts a frame: intermediates of placed images used in neither this frame nor the one
    /// before are dropped, so that what is kept is what still frames use.
    func startPlacementFrame() {
        placementFrame += 1
        forgetGradientImages()
        forgetMeasuredPaths()
        guard placedImages.values.contains(where: { $0.lastFrame < placementFrame - 1 }) else { return }
        placedImages = placedImages.filter { $0.value.lastFrame >= placementFrame - 1 }
        placedBytes = placedImages.values.reduce(0) { $0 + $1.bytes }
    }

    /// The kept intermediate for `key`, if its source is still `source`.
    func placedImage(_ key: PlacedImageKey, source: CairoSurface) -> CairoSurface? {
        guard var entry = placedImages[key], entry.source === source else { return nil }
        entry.lastFrame = placementFrame
        placedImages[key] = entry
        return entry.placed
    }

    /// Keeps `placed` for `key` while the budget (`placementBudgetBytes`) allows.
    func keepPlacedImage(_ placed: CairoSurface, for key: PlacedImageKey, source: CairoSurface) {
        let bytes = placed.width * placed.height * 4
        guard placedBytes + bytes <= placementBudgetBytes else { return }
        if let old = placedImages[key] { placedBytes -= old.bytes }
        placedImages[key] = PlacedImage(source: source, placed: placed, bytes: bytes, lastFrame: placementFrame)
        placedBytes += bytes
    }
}
