import StrataModel
import StrataRaster

/// Runs filter descriptions on pixels with the kernels of StrataRaster. Lengths must already be
/// in pixels (`Filter.scaled(by:)`).
public enum FilterKernels {
    /// The output of one filter: grown by the filter's outset on each side for blurs. A variable
    /// blur's mask covers the image less `maskInset` pixels on each side.
    public static func apply(_ filter: Filter, to image: PixelBuffer, maskInset: Int = 0) throws(RasterError) -> PixelBuffer {
        switch filter {
        case .gaussianBlur(let radius):
            return try GaussianBlur.apply(image, sigma: min(radius, 532))
        case .motionBlur(let radius, let angle, let samples):
            return try MotionBlur.apply(image, radius: radius, angle: angle, samples: samples)
        case .boxBlur(let radius):
            return try BoxBlur.apply(image, radius: Int(radius.rounded()))
        case .variableBlur(let radius, let mask):
            let width = max(1, image.width - 2 * maskInset), height = max(1, image.height - 2 * maskInset)
            return try VariableBlur.apply(image, maxSigma: min(radius, 532), mask: maskPlane(mask, width: width, height: height),
                                          maskX: maskInset, maskY: maskInset)
        case .saturation(let s):
            return try ColorMatrix.apply(image, matrix: ColorMatrix.saturation(s))
        case .brightness(let b):
            return try ColorMatrix.apply(image, matrix: ColorMatrix.brightness(b))
        case .contrast(let c):
            return try ColorMatrix.apply(image, matrix: ColorMatrix.contrast(c))
        case .colorMatrix(let matrix):
            return try ColorMatrix.apply(image, matrix: matrix)
        case .tint(let color, let amount):
            return try ColorMatrix.apply(image, matrix: ColorMatrix.tint(red: color.red, green: color.green, blue: color.blue, amount: amount))
        }
    }

    /// The mask plane of a variable blur at `width × height` pixels: generated shapes come from the
    /// shared cache; images are sampled at the nearest pixel.
    public static func maskPlane(_ mask: VariableBlurMask, width: Int, height: Int) -> MaskPlane {
        switch mask {
        case .shape(let shape):
            return MaskCache.shared.mask(shape, width: width, height: height)
        case .image(let image):
            let source = MaskPlane(image: image)
            var values = [Float](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    values[y * width + x] = source.value(x: x * source.width / width, y: y * source.height / height)
                }
            }
            return MaskPlane(width: width, height: height, values: values)
        }
    }

    /// Applies `filters` in order and keeps the input's size: the image is assumed to have room
    /// for the growth already (transparent margins), so the centre of each output is kept.
    public static func applyInPlace(_ filters: [Filter], to image: PixelBuffer) throws(RasterError) -> PixelBuffer {
        var current = image
        for filter in filters {
            let grown = try apply(filter, to: current)
            current = try crop(grown, x: (grown.width - current.width) / 2, y: (grown.height - current.height) / 2,
                               width: current.width, height: current.height)
        }
        return current
    }

    /// Applies `filters` in order, letting the image grow; returns it with the total growth.
    public static func applyGrowing(_ filters: [Filter], to image: PixelBuffer, maskInset: Int = 0) throws(RasterError) -> (image: PixelBuffer, outsetX: Int, outsetY: Int) {
        var current = image
        for filter in filters {
            current = try apply(filter, to: current, maskInset: maskInset + (current.width - image.width) / 2)
        }
        return (current, (current.width - image.width) / 2, (current.height - image.height) / 2)
    }

    /// A rectangle of `image` (inside it).
    public static func crop(_ image: PixelBuffer, x: Int, y: Int, width: Int, height: Int) throws(RasterError) -> PixelBuffer {
        if x == 0 && y == 0 && width == image.width && height == image.height { return image }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        image.pixels.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { out in
                for row in 0..<height {
                    (out.baseAddress! + row * width * 4).update(from: source.baseAddress! + ((y + row) * image.width + x) * 4, count: width * 4)
                }
            }
        }
        return try PixelBuffer(width: width, height: height, premultipliedRGBA: bytes)
    }
}
