import Foundation

/// A filter, as a description: what it does, with its parameters (STYLE §3). What a filter
/// *does* (its kernel, its extent growth, its masks) is in StrataFilters; the kernels are in
/// StrataRaster, one file each. Lengths are in points here; the render-tree builder converts them
/// to pixels once, with the scene's scale.
public enum Filter: Hashable, Sendable {
    /// Gaussian blur with σ = radius (points), as `CIGaussianBlur` and CSS `blur()`.
    case gaussianBlur(radius: Double)
    /// Core Image's motion blur: velocity radius·(cos angle, sin angle) in points, angle in
    /// radians (y down), 2⌊samples⌋+1 samples.
    case motionBlur(radius: Double, angle: Double, samples: Double)
    /// A box blur of the given radius (points): the mean over a (2r+1)² square.
    case boxBlur(radius: Double)
    /// A variable (progressive) blur: σ = maxRadius (points) × mask, the mask generated (seed 003)
    /// or taken from an image, stretched over the filtered area.
    case variableBlur(maxRadius: Double, mask: VariableBlurMask)
    /// Saturation: 1 leaves colours unchanged, 0 is grey (`CIColorControls` inputSaturation).
    case saturation(Double)
    /// Brightness: added to each colour channel, −1…1; 0 leaves colours unchanged.
    case brightness(Double)
    /// Contrast around mid-grey: 1 leaves colours unchanged.
    case contrast(Double)
    /// A 4×5 colour matrix on straight RGBA in 0…1, row-major: each output channel is
    /// m[0]·r + m[1]·g + m[2]·b + m[3]·a + m[4] (`CIColorMatrix`, SVG feColorMatrix).
    case colorMatrix([Double])
    /// Tint: mixes each colour towards `color` by `amount` (0…1), keeping alpha.
    case tint(Color, amount: Double)

    /// The identity colour matrix.
    public static let identityMatrix: [Double] = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]

    /// The same filter with its lengths multiplied by `scale` (points → pixels).
    public func scaled(by scale: Double) -> Filter {
        switch self {
        case .gaussianBlur(let radius): .gaussianBlur(radius: radius * scale)
        case .motionBlur(let radius, let angle, let samples): .motionBlur(radius: radius * scale, angle: angle, samples: samples)
        case .boxBlur(let radius): .boxBlur(radius: radius * scale)
        case .variableBlur(let radius, let mask): .variableBlur(maxRadius: radius * scale, mask: mask.scaled(by: scale))
        default: self
        }
    }

    /// True for the colour filters, which map each pixel on its own (no growth, no neighbours).
    public var isPointwise: Bool {
        switch self {
        case .saturation, .brightness, .contrast, .colorMatrix, .tint: true
        case .gaussianBlur, .motionBlur, .boxBlur, .variableBlur: false
        }
    }

    /// The parameter an animation can drive (`filters.<name>.radius` and friends). An animation
    /// can take a parameter anywhere (overshooting curves, `to: 1e308`), so the value is clamped
    /// here to the range a scene file may write (radius 0…`Limits.maximumBlurRadius`, motion-blur
    /// length 0…`Limits.maximumBlurLength`, saturation and contrast 0…10, brightness −1…1, tint
    /// amount 0…1; NaN gives the range's lower end, a non-finite angle 0): the kernels, their
    /// extents and the surfaces they allocate never see more.
    public func setting(_ parameter: String, to value: Double) -> Filter? {
        func clamped(_ range: ClosedRange<Double>) -> Double { value.isNaN ? range.lowerBound : min(max(value, range.lowerBound), range.upperBound) }
        let radius = 0...Limits.maximumBlurRadius
        return switch (self, parameter) {
        case (.gaussianBlur, "radius"): .gaussianBlur(radius: clamped(radius))
        case (.motionBlur(_, let angle, let samples), "radius"): .motionBlur(radius: clamped(0...Limits.maximumBlurLength), angle: angle, samples: samples)
        case (.motionBlur(let radius, _, let samples), "angle"): .motionBlur(radius: radius, angle: value.isFinite ? value : 0, samples: samples)
        case (.boxBlur, "radius"): .boxBlur(radius: clamped(radius))
        case (.variableBlur(_, let mask), "radius"): .variableBlur(maxRadius: clamped(radius), mask: mask)
        case (.saturation, "amount"): .saturation(clamped(0...10))
        case (.brightness, "amount"): .brightness(clamped(-1...1))
        case (.contrast, "amount"): .contrast(clamped(0...10))
        case (.tint(let color, _), "amount"): .tint(color, amount: clamped(0...1))
        default: nil
        }
    }

    /// The current value of an animatable parameter, if the filter has it.
    public func value(of parameter: String) -> Double? {
        switch (self, parameter) {
        case (.gaussianBlur(let radius), "radius"), (.boxBlur(let radius), "radius"): radius
        case (.motionBlur(let radius, _, _), "radius"): radius
        case (.variableBlur(let radius, _), "radius"): radius
        case (.motionBlur(_, let angle, _), "angle"): angle
        case (.saturation(let v), "amount"), (.brightness(let v), "amount"), (.contrast(let v), "amount"): v
        case (.tint(_, let amount), "amount"): amount
        default: nil
        }
    }
}

/// The mask of a variable blur.
public enum VariableBlurMask: Hashable, Sendable {
    /// A generated mask; its lengths (inset, corner radius, fade width) are in points.
    case shape(BlurMaskShape)
    /// An image: luminance × alpha, stretched over the filtered area.
    case image(PixelBuffer)

    /// The same mask with lengths multiplied by `scale` (points → pixels).
    public func scaled(by scale: Double) -> VariableBlurMask {
        guard case .shape(let shape) = self else { return self }
        switch shape {
        case .linear: return self
        case .roundedRect(let inset, let radius, let fade, let easing):
            return .shape(.roundedRect(inset: inset * scale, cornerRadius: radius * scale, fadeWidth: fade * scale, easing: easing))
        case .squircle(let inset, let exponent, let fade, let easing):
            return .shape(.squircle(inset: inset * scale, exponent: exponent, fadeWidth: fade * scale, easing: easing))
        }
    }
}

/// A filter with a name, so that animations can address it (`filters.blur.radius`).
public struct NamedFilter: Hashable, Sendable {
    /// The name used in key paths.
    public var name: String
    /// The filter.
    public var filter: Filter

    /// Creates a named filter.
    public init(name: String, filter: Filter) {
        self.name = name
        self.filter = filter
    }
}

/// How a backdrop filter sees beyond the edge of what has been drawn.
public enum EdgeMode: String, Hashable, Sendable, CaseIterable {
    /// Reflect the pixels at the edge (CSS filter-effects-2 for backdrop-filter).
    case mirror
    /// Repeat the edge pixels (Flutter's BackdropFilter).
    case clamp
    /// Transparent beyond the edge.
    case decal
}

/// Blend modes for `compositingFilter`: every operator Cairo has beyond plain `over`, named as
/// Core Image's and CSS's.
public enum BlendMode: String, Hashable, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight
    case difference, exclusion, hue, saturation, color, luminosity
    /// Adds the colours (Cairo's ADD; Core Animation's plusL).
    case plusLighter
    /// Cairo's SATURATE operator.
    case saturate
    /// Porter–Duff XOR.
    case xor
}

