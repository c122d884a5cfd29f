import StrataModel

/// The drawing interface the render tree is painted through. `CairoCanvas` rasterises;
/// `RecordingCanvas` records the calls so that compositing can be tested without pixels.
///
/// Coordinates of draw calls are in the current user space (points after `concatenate`); group
/// bounds are in canvas pixels. Groups nest; a mask is drawn between `beginMask` and `endMask`
/// inside the group it masks.
public protocol Canvas: AnyObject {
    /// Saves the transform and clip.
    func save()
    /// Restores the transform and clip saved by the matching `save`.
    func restore()
    /// Maps user space through `transform` (applied before the current transform).
    func concatenate(_ transform: Transform2D)
    /// Intersects the clip with a rounded rectangle in user space.
    func clip(to shape: RoundedRect)
    /// Intersects the clip with a convex polygon in user space, with hard (not antialiased)
    /// edges, so that polygons sharing an edge tile without a seam.
    func clip(toPolygon points: [Point])
    /// Draws one operation, its coverage multiplied by `alpha` (0…1).
    func draw(_ operation: DrawOperation, alpha: Double)
    /// Starts an offscreen group covering `bounds` (canvas pixels, whole numbers).
    func beginGroup(bounds: Rect, reasons: [IsolationReason])
    /// Starts drawing the mask of the current group.
    func beginMask()
    /// Ends the mask of the current group.
    func endMask()
    /// Fills the group just begun with the filtered backdrop: what the parent surface holds under
    /// `backdrop.readBounds`, filtered, clipped to the shape (in user space).
    func drawBackdrop(_ backdrop: Backdrop)
    /// Runs filters (lengths in pixels) on the current group's content (after its mask).
    func applyFilters(_ filters: [Filter])
    /// Ends the current group: applies its mask, draws its shadow and composites it onto the
    /// parent with `opacity` and `blendMode` (nil: normal).
    func endGroup(opacity: Double, shadow: ShadowParameters?, blendMode: BlendMode?)
    /// Starts the flat offscreen drawing of a projected layer: a surface of
    /// `projection.sourcePixels`' size whose user space is its pixels (identity transform).
    func beginProjection(_ projection: Projection)
    /// Ends it: warps the drawing into the current surface through `projection.pixelsToParent`
    /// and the current transform, inside `bounds` (pixels of the current surface's space), and
    /// composites it with `opacity` and `blendMode` (nil: normal).
    func endProjection(_ projection: Projection, bounds: Rect, opacity: Double, blendMode: BlendMode?)
}

/// Paints a render tree onto a canvas, in order: canvas background, then each node's content,
/// sublayers and overlay, inside a group when the node is isolated.
public enum RenderTreePainter {
    /// Paints the whole tree.
    public static func paint(_ tree: RenderTree, on canvas: Canvas) {
        paint(tree, on: canvas, background: true, roots: tree.roots.indices)
    }

    /// Paints the canvas background (when `background` is true and the tree has one), then the
    /// top-level nodes in `roots`, in order: what `paint(_:on:)` does, in parts, so that a kept
    /// base (see `RenderResources`) can stand for the background and the first nodes.
    static func paint(_ tree: RenderTree, on canvas: Canvas, background drawsBackground: Bool, roots: some Sequence<Int>) {
        if drawsBackground, let background = tree.background {
            let rect = Rect(x: 0, y: 0, width: Double(tree.pixelWidth) / tree.scale,
                            height: Double(tree.pixelHeight) / tree.scale)
            canvas.save()
            canvas.concatenate(.scale(x: tree.scale, y: tree.scale))
            canvas.draw(.fill(RoundedRect(rect: rect), background), alpha: 1)
            canvas.restore()
        }
        canvas.save()
        canvas.concatenate(.scale(x: tree.scale, y: tree.scale))
        for index in roots { paint(tree.roots[index], on: canvas, alpha: 1) }
        canvas.restore()
    }

    /// Paints one node; `alpha` is the opacity folded down from non-isolated ancestors.
    static func paint(_ node: RenderNode, on canvas: Canvas, alpha inherited: Double) {
        guard let polygon = node.polygonClip else { return paintClipped(node, on: canvas, alpha: inherited) }
        canvas.save()
        canvas.clip(toPolygon: polygon)
        paintClipped(node, on: canvas, alpha: inherited)
        canvas.restore()
    }

    /// Paints one node inside whatever clip is set.
    private static func paintClipped(_ node: RenderNode, on canvas: Canvas, alpha inherited: Double) {
        if let projection = node.projection {
            canvas.beginProjection(projection)
            for child in node.children { paint(child, on: canvas, alpha: 1) }
            canvas.endProjection(projection, bounds: node.bounds.roundedOut, opacity: inherited * node.opacity, blendMode: node.blendMode)
            return
        }
        canvas.save()
        canvas.concatenate(node.transform)
        let alpha: Double
        if node.isIsolated {
            canvas.beginGroup(bounds: node.groupBounds.roundedOut, reasons: node.isolation)
            if let backdrop = node.backdrop { canvas.drawBackdrop(backdrop) }
            alpha = 1
        } else {
            alpha = inherited * node.opacity
        }
        if let clip = node.clip {
            canvas.save()
            canvas.clip(to: clip)
        }
        for operation in node.content { canvas.draw(operation, alpha: alpha) }
        for child in node.children { paint(child, on: canvas, alpha: alpha) }
        if node.clip != nil { canvas.restore() }
        for operation in node.overlay { canvas.draw(operation, alpha: alpha) }
        if node.isIsolated {
            if let mask = node.mask {
                canvas.beginMask()
                paint(mask, on: canvas, alpha: 1)
                canvas.endMask()
            }
            if !node.filters.isEmpty { canvas.applyFilters(node.filters) }
            canvas.endGroup(opacity: inherited * node.opacity, shadow: node.shadow, blendMode: node.blendMode)
        }
        canvas.restore()
    }
}
