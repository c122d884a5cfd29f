import StrataModel
import StrataRaster

/// Runs filter descriptions on pixels with the kernels of StrataRaster. Lengths must already be
/// in pixels (`Filter.scaled(by:)`).
public enum FilterKernels {
    /// The output of one filter: grown by the filter's outset on each side for blurs. A variable
    /// blur's mask covers the image less `maskInset` pixels on each side.
    public static func apply(_ filter: Filter, to image: PixelBuffer, maskInset: Int = 0) throws(RasterError) -> PixelBuffer {
        try apply(filter, to: image, maskInset: maskInset, window: nil)
    }

    /// The part of one filter's output that covers `window`, given in the input's pixel coordinates
    /// (it may reach into the growth; nil is the whole output). A Gaussian blur computes only that
    /// part, a variable blur only its content's reach; the other filters compute all of it and crop.
    public static func apply(_ filter: Filter, to image: PixelBuffer, maskInset: Int = 0, window: PixelWindow?) throws(RasterError) -> PixelBuffer {
        if case .gaussianBlur(let radius) = filter {
            let sigma = min(radius, Limits.maximumBlurRadius), pad = GaussianBlur.outset(sigma: sigma)
            return try GaussianBlur.apply(image, sigma: sigma, window: window.map { PixelWindow(x: $0.x + pad, y: $0.y + pad, width: $0.width, height: $0.height) })
        }
        if case .variableBlur(let radius, let mask) = filter, let window {
            let sigma = min(radius, Limits.maximumBlurRadius), pad = sigma > 0 ? GaussianBlur.outset(sigma: sigma) : 0
            let width = max(1, image.width - 2 * maskInset), height = max(1, image.height - 2 * maskInset)
            return try VariableBlur.apply(image, maxSigma: sigma, mask: maskPlane(mask, width: width, height: height), maskX: maskInset, maskY: maskInset,
                                          window: PixelWindow(x: window.x + pad, y: window.y + pad, width: window.width, height: window.height))
        }
        let output = try apply(filter, whole: image, maskInset: maskInset)
        guard let window else { return output }
        let growX = (output.width - image.width) / 2, growY = (output.height - image.height) / 2
        return try output.cropped(to: PixelWindow(x: window.x + growX, y: window.y + growY, width: window.width, height: window.height))
    }

    private static func apply(_ filter: Filter, whole image: PixelBuffer, maskInset: Int) throws(RasterError) -> PixelBuffer {
        switch filter {
        case .gaussianBlur(let radius):
            return try GaussianBlur.apply(image, sigma: min(radius, Limits.maximumBlurRadius))
        case .motionBlur(let radius, let angle, let samples):
            return try MotionBlur.apply(image, radius: radius, angle: angle, samples: samples)
        case .boxBlur(let radius):
            return try BoxBlur.apply(image, radius: Int(saturating: radius, .toNearestOrAwayFromZero))
        case .variableBlur(let radius, let mask):
            let width = max(1, image.width - 2 * maskInset), height = max(1, image.height - 2 * maskInset)
            return try VariableBlur.apply(image, maxSigma: min(radius, Limits.maximumBlurRadius), mask: maskPlane(mask, width: width, height: height),
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
            current = try apply(filter, to: current, window: PixelWindow(x: 0, y: 0, width: current.width, height: current.height))
        }
        return current
    }

    /// Applies `filters` in order, letting the image grow; returns it with the total growth: the
    /// result's pixel (0, 0) lies at the input's pixel (−outsetX, −outsetY).
    ///
    /// - Parameter window: when only part of the result is needed, that part in the input's pixel
    ///   coordinates: the last filter that moves pixels (a blur) computes only it, and the colour
    ///   filters after it see only it. The outsets then place the window (−window.x, −window.y).
    public static func applyGrowing(_ filters: [Filter], to image: PixelBuffer, maskInset: Int = 0,
                                    window: PixelWindow? = nil) throws(RasterError) -> (image: PixelBuffer, outsetX: Int, outsetY: Int) {
        var current = image
        // The input's pixel where `current`'s pixel (0, 0) lies.
        var originX = 0, originY = 0
        // The filter that computes only the window: the last one that moves pixels (else the first).
        let windowed = filters.lastIndex { !$0.isPointwise } ?? 0
        for (index, filter) in filters.enumerated() {
            let inset = maskInset - originX
            if let window, index == windowed {
                current = try apply(filter, to: current, maskInset: inset,
                                    window: PixelWindow(x: window.x - originX, y: window.y - originY, width: window.width, height: window.height))
                originX = window.x
                originY = window.y
            } else {
                let width = current.width, height = current.height
                current = try apply(filter, to: current, maskInset: inset)
                originX -= (current.width - width) / 2
                originY -= (current.height - height) / 2
            }
        }
        if filters.isEmpty, let window {
            current = try current.cropped(to: window)
            originX = window.x
            originY = window.y
        }
        return (current, -originX, -originY)
    }
}
