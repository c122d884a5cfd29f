import Foundation

/// A mask plane: one value in 0…1 per pixel, row-major.
public struct MaskPlane: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public var values: [Float]

    /// Creates a plane; `values.count` must be width × height.
    public init(width: Int, height: Int, values: [Float]) {
        precondition(values.count == width * height, "mask size does not match")
        self.width = width
        self.height = height
        self.values = values
    }

    /// A mask from an image: its luminance times its alpha (white opaque = 1).
    public init(image: PixelBuffer) {
        let straight = image.straightRGBA
        var values = [Float](repeating: 0, count: image.width * image.height)
        for i in 0..<values.count {
            let r = Float(straight[4 * i]), g = Float(straight[4 * i + 1]), b = Float(straight[4 * i + 2]), a = Float(straight[4 * i + 3])
            values[i] = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 * a / 255
        }
        self.init(width: image.width, height: image.height, values: values)
    }

    /// The mask's value at (x, y), clamped to its edges.
    @inline(__always)
    public func value(x: Int, y: Int) -> Float {
        values[min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)]
    }
}
