import CCairo
import StrataFilters
import StrataModel
import StrataRaster

// Filters on the Cairo canvas: a group's own filters, and backdrop filters read back from the
// group underneath (through StrataFilters; Cairo only reads and paints the pixels).
extension CairoCanvas {
    public func drawBackdrop(_ backdrop: Backdrop) {
        guard frames.count > 1 else { return record(RenderError("drawBackdrop outside a group")) }
        frames[frames.count - 1].untouched = false
        let parent = frames[frames.count - 2], group = frames[frames.count - 1]
        let read = backdrop.readBounds
        do throws(RenderError) {
            let source = if let behind = parent.behind {
                try backdropBehindProjection(parent, behind, read: read)
            } else {
                try parent.surface.region(x: Int(saturating: read.minX) - parent.originX, y: Int(saturating: read.minY) - parent.originY,
                                          width: max(1, Int(saturating: read.width)), height: max(1, Int(saturating: read.height)),
                                          edge: backdrop.edgeMode)
            }
            let filtered: PixelBuffer
            let outsetX: Int, outsetY: Int
            do {
                // Only the pixels under the shape are painted: the blur computes just those (and a
                // variable blur's mask covers the shape).
                let shape = backdrop.shapeBounds.roundedOut
                let window = PixelWindow(x: Int(saturating: shape.minX - read.minX), y: Int(saturating: shape.minY - read.minY),
                                         width: max(1, Int(saturating: shape.width)), height: max(1, Int(saturating: shape.height)))
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
            cairo_set_source_surface(context, image.pointer, Double(Int(saturating: read.minX) - outsetX - group.originX),
                                     Double(Int(saturating: read.minY) - outsetY - group.originY))
            cairo_paint(context)
            cairo_restore(context)
            checkFrame(group, "drawing a backdrop")
        } catch {
            record(error)
        }
    }

    public func applyFilters(_ filters: [Filter]) {
        guard frames.count > 1 else { return record(RenderError("applyFilters outside a group")) }
        frames[frames.count - 1].untouched = false
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
}
