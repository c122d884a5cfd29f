import StrataModel
import StrataRaster

/// Rasterises layer trees with Cairo: build the render tree, paint it, read back the pixels.
public enum Renderer {
    /// Renders `layers` on a canvas of `size` points at `scale` pixels per point.
    ///
    /// - Returns: the frame as premultiplied RGBA, `size × scale` pixels (rounded up).
    /// - Parameter resources: surfaces the calling thread keeps between frames (see
    ///   `RenderResources`); the bytes are the same without them.
    public static func render(_ layers: [Layer], size: Size, scale: Double, background: Color?,
                              resources: RenderResources? = nil) throws(RenderError) -> PixelBuffer {
        let tree = RenderTreeBuilder(size: size, scale: scale, background: background).build(layers)
        return try render(tree, resources: resources)
    }

    /// Rasterises a render tree, reusing `resources` (one per thread) when given.
    public static func render(_ tree: RenderTree, resources: RenderResources? = nil) throws(RenderError) -> PixelBuffer {
        let canvas = try CairoCanvas(width: tree.pixelWidth, height: tree.pixelHeight, resources: resources)
        RenderTreePainter.paint(tree, on: canvas)
        return try canvas.makePixelBuffer()
    }
}
