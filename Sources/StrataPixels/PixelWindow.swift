/// A rectangle of whole pixels: origin (x, y) and size, in some image's pixel coordinates.
public struct PixelWindow: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The pixels in both windows (an empty window, of size 0, when they do not overlap).
    public func intersection(_ other: PixelWindow) -> PixelWindow {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        return PixelWindow(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    public var description: String { "\(width)×\(height) at (\(x), \(y))" }
}

extension PixelBuffer {
    /// The pixels of `window` (transparent where it lies outside this image).
    public func cropped(to window: PixelWindow) throws(RasterError) -> PixelBuffer {
        if window == PixelWindow(x: 0, y: 0, width: width, height: height) { return self }
        var result = try PixelBuffer(width: window.width, height: window.height)
        let inside = window.intersection(PixelWindow(x: 0, y: 0, width: width, height: height))
        guard inside.width > 0, inside.height > 0 else { return result }
        pixels.withUnsafeBufferPointer { source in
            result.pixels.withUnsafeMutableBufferPointer { out in
                for row in inside.y..<(inside.y + inside.height) {
                    (out.baseAddress! + ((row - window.y) * window.width + inside.x - window.x) * 4)
                        .update(from: source.baseAddress! + (row * width + inside.x) * 4, count: inside.width * 4)
                }
            }
        }
        return result
    }
}
