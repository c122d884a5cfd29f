import CCairo
import CStrataKernels
import StrataModel

// Projected layers on the Cairo canvas: the layer is drawn flat into a surface of its own, then
// warped into the parent through its homography by Strata's kernel (Cairo's patterns take only
// affine matrices), into a group the size of the projected bounds, which is composited as any
// group (opacity, blend mode, the parent's clip).
extension CairoCanvas {
    public func beginProjection(_ projection: Projection) {
        let parentIndex = frames.count - 1
        // Its pixels are a space of their own: groups inside are placed relative to (0, 0).
        pushSurface(width: max(1, Int(saturating: projection.sourcePixels.width)),
                    height: max(1, Int(saturating: projection.sourcePixels.height)), originX: 0, originY: 0)
        frames[frames.count - 1].behind = (parentIndex, projection.pixelsToParent.concatenating(Homography(userToSurface(of: frames[parentIndex]))))
    }

    /// The parent context's current matrix: user space → that surface's pixels.
    func userToSurface(of frame: Frame) -> Transform2D {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(frame.context.pointer, &matrix)
        return Transform2D(a: matrix.xx, b: matrix.yx, c: matrix.xy, d: matrix.yy, tx: matrix.x0, ty: matrix.y0)
    }

    /// What a backdrop filter in a projected layer's offscreen drawing reads over `read` (its
    /// pixels): the surface the drawing will be warped onto, mapped back into the drawing's space
    /// through the projection (so it is what lies behind the projected quad), with what the
    /// drawing already holds composited over it. Beyond that surface's edges it is transparent.
    func backdropBehindProjection(_ frame: Frame, _ behind: (frame: Int, toSurface: Homography), read: Rect) throws(RenderError) -> PixelBuffer {
        let width = max(1, Int(saturating: read.width)), height = max(1, Int(saturating: read.height))
        let x = Int(saturating: read.minX) - frame.originX, y = Int(saturating: read.minY) - frame.originY
        let image = try CairoSurface(width: width, height: height)
        image.warp(frames[behind.frame].surface,
                   inverse: Homography(.translation(x: Double(x), y: Double(y))).concatenating(behind.toSurface))
        let context = try CairoContext(surface: image)
        cairo_surface_flush(frame.surface.pointer)
        cairo_set_source_surface(context.pointer, frame.surface.pointer, Double(-x), Double(-y))
        cairo_paint(context.pointer)
        try context.check("reading the backdrop behind a projected layer")
        return try image.pixelBuffer()
    }

    public func endProjection(_ projection: Projection, bounds: Rect, opacity: Double, blendMode: BlendMode?) {
        guard frames.count > 1 else { return record(RenderError("endProjection without beginProjection")) }
        let source = frames.removeLast()
        checkFrame(source, "drawing a projected layer")
        cairo_surface_flush(source.surface.pointer)
        let parent = frames[frames.count - 1]
        // Offscreen pixels → the group's pixels (the group's (0, 0) is bounds' top-left).
        let toGroup = projection.pixelsToParent.concatenating(Homography(userToSurface(of: parent)))
            .concatenating(Homography(.translation(x: Double(parent.originX) - bounds.minX, y: Double(parent.originY) - bounds.minY)))
        guard let inverse = toGroup.inverted(), !bounds.isEmpty else { return }
        pushFrame(bounds: bounds)
        let group = frames[frames.count - 1]
        group.surface.warp(source.surface, inverse: inverse)
        endGroup(opacity: opacity, shadow: nil, blendMode: blendMode)
    }

}

extension CairoSurface {
    /// Warps `source` into this surface (cleared, or holding what the warp may leave): each pixel
    /// centre samples `source` bilinearly at its image under `g` (this surface's pixels → the
    /// source's, row vectors); pixels behind the eye or sampling nothing are left as they are.
    /// `path` chooses the kernel (0 plain C, 1 AVX2); every path gives the same bytes.
    func warp(_ source: CairoSurface, inverse g: Homography, path: Int32 = 1) {
        cairo_surface_flush(source.pointer)
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer)) / 4
        let sourceStride = Int(cairo_image_surface_get_stride(source.pointer)) / 4
        let out = UnsafeMutableRawPointer(cairo_image_surface_get_data(pointer)!).assumingMemoryBound(to: UInt32.self)
        let pixels = UnsafeRawPointer(cairo_image_surface_get_data(source.pointer)!).assumingMemoryBound(to: UInt32.self)
        let entries = [g.m11, g.m12, g.m13, g.m21, g.m22, g.m23, g.m31, g.m32, g.m33]
        entries.withUnsafeBufferPointer { matrix in
            strata_warp_projective_with_path(out, stride, width, height, pixels, sourceStride, source.width, source.height,
                                             matrix.baseAddress!, 1 / Homography.minimumW, path)
        }
        cairo_surface_mark_dirty(pointer)
    }

    /// The paths `warp` can take on this machine: 0 plain C, 1 AVX2.
    static var warpPaths: [Int32] { [0, 1].filter { strata_warp_path_available($0) == 1 } }
}
