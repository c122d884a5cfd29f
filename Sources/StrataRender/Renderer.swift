import StrataModel
import StrataRaster

/// Rasterises layer trees with Cairo: build the render tree, paint it, read back the pixels.
public enum Renderer {
    /// Renders `layers` on a canvas of `size` points at `scale` pixels per point.
    ///
    /// - Returns: the frame as premultiplied RGBA, `size × scale` pixels (rounded up).
    public static func render(_ layers: [Layer], size: Size, scale: Double, background: Color?) throws(RenderError) -> PixelBuffer {
        let tree = RenderTreeBuilder(size: size, scale: scale, background: background).build(layers)
        return try render(tree)
    }

    /// Rasterises a render tree.
    public static func render(_ tree: RenderTree) throws(RenderError) -> PixelBuffer {
        let canvas = try CairoCanvas(width: tree.pixelWidth, height: tree.pixelHeight)
        RenderTreePainter.paint(tree, on: canvas)
        return try canvas.makePixelBuffer()
    }
}
