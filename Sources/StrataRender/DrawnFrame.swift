import CCairo
import StrataModel
import StrataRaster

/// A frame Cairo drew, as one value: its pixels in place and its damage.
///
/// The pixels are premultiplied BGRA, blue first (Cairo's ARGB32 words on a little-endian
/// machine), `rowBytes` apart, read where Cairo wrote them: no copy is made. They stay readable
/// while the value lives, but a later frame drawn with the same `RenderResources` is drawn into
/// the same surface: read (or convert) a frame before drawing the next.
public struct DrawnFrame: @unchecked Sendable {
    let surface: CairoSurface
    /// Where the frame can differ from the frame drawn before it with the same resources (nil
    /// when the resources keep no damage, or without resources).
    public let damage: FrameDamage?
    /// Pixels across.
    public var width: Int { surface.width }
    /// Pixels down.
    public var height: Int { surface.height }
    /// Bytes from one row to the next (at least 4 × width).
    public let rowBytes: Int

    init(surface: CairoSurface, damage: FrameDamage?) {
        self.surface = surface
        self.damage = damage
        rowBytes = Int(cairo_image_surface_get_stride(surface.pointer))
    }

    /// Hands the premultiplied BGRA bytes to `body`, valid during the call (converted on a
    /// big-endian machine, where Cairo's words are A, R, G, B bytes).
    public func withBGRA<T, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> T) throws(E) -> T {
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface.pointer)!)
        let bytes = UnsafeRawBufferPointer(start: data, count: rowBytes * height)
        #if _endian(little)
        return try body(bytes)
        #else
        var swapped = [UInt8](bytes)
        for offset in stride(from: 0, to: swapped.count, by: 4) {
            swapped.swapAt(offset, offset + 3)
            swapped.swapAt(offset + 1, offset + 2)
        }
        return try swapped.withUnsafeBytes { (converted) throws(E) -> T in try body(converted) }
        #endif
    }

    /// The pixels as premultiplied RGBA, converted into the storage `resources` recycled when it
    /// has the right size.
    public func rgba(resources: RenderResources? = nil) throws(RenderError) -> PixelBuffer {
        try surface.pixelBuffer(reusing: resources?.takeSparePixels())
    }
}

extension Renderer {
    /// Rasterises a render tree, reusing `resources` (one per thread) when given: the frame in
    /// place, with its damage.
    public static func draw(_ tree: RenderTree, resources: RenderResources? = nil) throws(RenderError) -> DrawnFrame {
        let canvas = try paint(tree, resources: resources)
        return DrawnFrame(surface: try canvas.finishedSurface(), damage: resources?.lastDamage)
    }
}
