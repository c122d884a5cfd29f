import CCairo
import CStrataKernels
import StrataRaster

extension CairoCanvas {
    /// Paints `image`, whose pixel (0, 0) lies on device pixel (`x`, `y`) of the current surface,
    /// through the current clip with `alpha` (0…1): what `cairo_paint_with_alpha` draws there with
    /// the image as the source, the same bytes, with less of Cairo's per-pixel work.
    ///
    /// Cairo draws such a paint span by span: its scan converter gives each pixel its coverage c
    /// of the path, and a plain-C loop blends the image in with m = c·α/255 (rounded its own way),
    /// lerping it onto a surface it knows to be clear and handing it to pixman's masked OVER on
    /// any other. Here Cairo's scan converter still gives the coverage, drawn opaque into an 8-bit
    /// group under the same clips, cut to the image as Cairo cuts the paint to its source (the
    /// same polygon, so the same values), and `strata_over_masked_with_path` blends it eight
    /// pixels at a time. Cairo draws where the surfaces are not the image surfaces it expects, or
    /// where it cannot be told whether Cairo knows the surface to be clear.
    func paintThroughClip(_ image: CairoSurface, x: Int, y: Int, alpha: Double) {
        func drawWithCairo() {
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, image.pointer, Double(x), Double(y))
            cairo_paint_with_alpha(cr, alpha)
        }
        let target = cairo_get_target(cr)
        var offsetX = 0.0, offsetY = 0.0
        if let target { cairo_surface_get_device_offset(target, &offsetX, &offsetY) }
        // Only onto the canvas's own surface (not a group Cairo pushed), whose state it knows.
        guard let target, target == frames[frames.count - 1].surface.pointer, cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32, offsetX == 0, offsetY == 0,
              cairo_get_operator(cr) == CAIRO_OPERATOR_OVER else {
            return drawWithCairo()
        }
        let opacity = Self.cairoAlpha(alpha)
        guard opacity > 0 else { return drawWithCairo() }
        // Whether Cairo knows the surface to be clear: then it lerps the paint in with its own
        // rounding. Where that cannot be told (a surface only Cairo has drawn on, all of whose
        // pixels are still clear), Cairo paints.
        let index = frames.count - 1
        if !frames[index].untouched, !frames[index].knownDirty {
            guard frames[index].surface.hasNonzeroPixel else { return drawWithCairo() }
            frames[index].knownDirty = true
        }
        var clear = frames[index].untouched
        // Cut to the image's pixels, as Cairo cuts the paint to its source's extents.
        cairo_identity_matrix(cr)
        cairo_rectangle(cr, Double(x), Double(y), Double(image.width), Double(image.height))
        cairo_clip(cr)
        // A clip of whole pixels only (a layer's pixel-aligned bounds) Cairo paints through box by
        // box with pixman, as on any other surface, not by lerping spans.
        if clear, clipIsWholePixels() { clear = false }
        cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_paint(cr)
        let pattern = cairo_pop_group(cr)
        defer { if let pattern { cairo_pattern_destroy(pattern) } }
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else { return record(.cairo(cairo_status(cr), "measuring a clip's coverage")) }
        // A clip that leaves nothing (a path shrunk below a pixel) gives Cairo no group surface to
        // read: Cairo paints, which draws what it draws there.
        var group: OpaquePointer?
        guard let pattern, cairo_pattern_get_surface(pattern, &group) == CAIRO_STATUS_SUCCESS, let coverage = group,
              cairo_surface_get_type(coverage) == CAIRO_SURFACE_TYPE_IMAGE, cairo_image_surface_get_format(coverage) == CAIRO_FORMAT_A8 else {
            return drawWithCairo()
        }
        // The group's pixel (0, 0) lies on the surface's pixel (-offset).
        var groupX = 0.0, groupY = 0.0
        cairo_surface_get_device_offset(coverage, &groupX, &groupY)
        let maskX = -Int(groupX), maskY = -Int(groupY)
        let maskWidth = Int(cairo_image_surface_get_width(coverage)), maskHeight = Int(cairo_image_surface_get_height(coverage))
        let left = max(x, maskX, 0), top = max(y, maskY, 0)
        let right = min(x + image.width, maskX + maskWidth, Int(cairo_image_surface_get_width(target)))
        let bottom = min(y + image.height, maskY + maskHeight, Int(cairo_image_surface_get_height(target)))
        guard left < right, top < bottom else { return }  // Cairo has nothing to do either: the surface stays as it was
        cairo_surface_flush(coverage)
        cairo_surface_flush(image.pointer)
        cairo_surface_flush(target)
        let stride = Int(cairo_image_surface_get_stride(target)) / 4, imageStride = Int(cairo_image_surface_get_stride(image.pointer)) / 4
        let maskStride = Int(cairo_image_surface_get_stride(coverage))
        let destination = UnsafeMutableRawPointer(cairo_image_surface_get_data(target)!).assumingMemoryBound(to: UInt32.self)
        let source = UnsafeRawPointer(cairo_image_surface_get_data(image.pointer)!).assumingMemoryBound(to: UInt32.self)
        let mask = UnsafeRawPointer(cairo_image_surface_get_data(coverage)!).assumingMemoryBound(to: UInt8.self)
        strata_over_masked_with_path(destination + top * stride + left, stride, source + (top - y) * imageStride + (left - x), imageStride,
                                     mask + (top - maskY) * maskStride + (left - maskX), maskStride, right - left, bottom - top,
                                     opacity, clear ? 1 : 0, coveragePath)
        cairo_surface_mark_dirty_rectangle(target, Int32(left), Int32(top), Int32(right - left), Int32(bottom - top))
        frames[index].knownDirty = true
        coverageKernelDraws += 1
    }

    /// Whether the current clip is a set of rectangles on whole device pixels (with the identity
    /// matrix set).
    private func clipIsWholePixels() -> Bool {
        guard let list = cairo_copy_clip_rectangle_list(cr) else { return false }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return false }
        return (0..<Int(list.pointee.num_rectangles)).allSatisfy { index in
            let rectangle = list.pointee.rectangles[index]
            return [rectangle.x, rectangle.y, rectangle.width, rectangle.height].allSatisfy { $0 == $0.rounded() }
        }
    }
}
