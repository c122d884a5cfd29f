import StrataModel
import StrataRaster

/// Rasterises layer trees with Cairo: build the render tree, paint it, read back the pixels.
public enum Renderer {
    /// Renders `layers` on a canvas of `size` points at `scale` pixels per point.
    ///
    /// - Returns: the frame as premultiplied RGBA, `size × scale` pixels (rounded up).
    /// - Parameters:
    ///   - resources: surfaces the calling thread keeps between frames (see `RenderResources`);
    ///     the bytes are the same without them.
    ///   - curveTolerance: how far a drawn curve may lie from the true curve, in pixels.
    public static func render(_ layers: [Layer], size: Size, scale: Double, background: Color?,
                              resources: RenderResources? = nil, curveTolerance: Double = CurveTolerance.standard) throws(RenderError) -> PixelBuffer {
        var builder = RenderTreeBuilder(size: size, scale: scale, background: background)
        builder.curveTolerance = curveTolerance
        let tree = builder.build(layers, resources: resources)
        return try render(tree, resources: resources)
    }

    /// Rasterises a render tree, reusing `resources` (one per thread) when given.
    public static func render(_ tree: RenderTree, resources: RenderResources? = nil) throws(RenderError) -> PixelBuffer {
        try paint(tree, resources: resources).makePixelBuffer()
    }

    /// Paints `tree` on a new canvas. With resources, the background and the top-level nodes
    /// that stayed the same since the thread's previous frame come from the kept base (one copy
    /// of the canvas) instead of being cleared and drawn again: the same pixels either way.
    static func paint(_ tree: RenderTree, resources: RenderResources?) throws(RenderError) -> CairoCanvas {
        resources?.startPlacementFrame()
        let (canvas, changed) = try paintFrame(tree, resources: resources)
        resources?.recordDrawn(tree, on: canvas.error == nil ? canvas.frames[0].surface : nil, drawnOver: changed)
        return canvas
    }

    /// `paint`: over the previous frame where only the damage is drawn (with the rows and columns
    /// that can differ from it), from the kept base, or afresh.
    private static func paintFrame(_ tree: RenderTree, resources: RenderResources?) throws(RenderError)
        -> (canvas: CairoCanvas, drawnOver: (rows: Range<Int>, columns: Range<Int>)?) {
        let all = tree.roots.indices
        if let damage = resources?.damagePlan(for: tree) {
            let marked = damage.surface.marked
            let canvas = try CairoCanvas(drawingOver: damage.surface, region: damage.region, resources: resources,
                                         curveTolerance: tree.curveTolerance)
            if !damage.region.isEmpty { RenderTreePainter.paint(tree, on: canvas, background: true, roots: damage.roots) }
            // The damage is whole pixels, grown for antialiasing already (`damagePlan`).
            damage.surface.marked = marked.map { union($0, tree.pixels(of: damage.region)) }
            return (canvas, (damage.rows, damage.columns))
        }
        switch resources?.basePlan(for: tree) ?? .none {
        case .none:
            let canvas = try CairoCanvas(width: tree.pixelWidth, height: tree.pixelHeight, resources: resources, base: nil,
                                         curveTolerance: tree.curveTolerance, covered: tree.firstPaintCover)
            RenderTreePainter.paint(tree, on: canvas, background: true, roots: all)
            canvas.frames[0].surface.marked = tree.touched
            return (canvas, nil)
        case .restore(let base, let count):
            let canvas = try CairoCanvas(width: tree.pixelWidth, height: tree.pixelHeight, resources: resources, base: base,
                                         curveTolerance: tree.curveTolerance)
            RenderTreePainter.paint(tree, on: canvas, background: false, roots: count..<all.upperBound)
            return (canvas, nil)
        case .keep(let count):
            let canvas = try CairoCanvas(width: tree.pixelWidth, height: tree.pixelHeight, resources: resources, base: nil,
                                         curveTolerance: tree.curveTolerance, covered: tree.firstPaintCover)
            RenderTreePainter.paint(tree, on: canvas, background: true, roots: 0..<count)
            if canvas.error == nil, let resources { resources.keepBase(canvas.frames[0].surface, for: tree, count: count) }
            RenderTreePainter.paint(tree, on: canvas, background: false, roots: count..<all.upperBound)
            canvas.frames[0].surface.marked = tree.touched
            return (canvas, nil)
        }
    }

    private static func union(_ a: PixelBox, _ b: PixelBox) -> PixelBox {
        (min(a.x0, b.x0), min(a.y0, b.y0), max(a.x1, b.x1), max(a.y1, b.y1))
    }
}
