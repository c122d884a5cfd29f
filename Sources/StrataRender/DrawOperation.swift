import StrataModel
import StrataRaster

/// A rectangle with rounded corners, in a layer's coordinate space (points).
public struct RoundedRect: Hashable, Sendable {
    /// The rectangle.
    public var rect: Rect
    /// Corner radius, in points, clamped to half the shorter side when drawn.
    public var cornerRadius: Double

    /// Creates a rounded rectangle.
    public init(rect: Rect, cornerRadius: Double = 0) {
        self.rect = rect
        self.cornerRadius = cornerRadius
    }

    /// The radius actually drawn: at most half the shorter side, never negative.
    public var effectiveRadius: Double {
        max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
    }
}

/// One drawing command of a layer, in the layer's coordinate space (points).
public enum DrawOperation: Hashable, Sendable {
    /// Fill a (rounded) rectangle with a colour.
    case fill(RoundedRect, Color)
    /// A border of `width` points inside the (rounded) rectangle.
    case border(RoundedRect, width: Double, Color)
    /// An image scaled into `destination`, sampled with `filter` where it is drawn smaller.
    case image(PixelBuffer, destination: Rect, filter: ImageFilter)
    /// A gradient filling the (rounded) rectangle; start and end points are resolved to the
    /// layer's coordinates by the canvas from the gradient's unit points and the rectangle.
    case gradient(Gradient, RoundedRect)
    /// The gradient of the rectangle (as `gradient`) filling `path`, which lies within it, with
    /// `fillRule`: a gradient layer masked by one filled shape, drawn without the mask's surfaces.
    case gradientInPath(Gradient, Rect, path: Path, fillRule: FillRule)
    /// The gradient of the rectangle (as `gradient`) in `stroke`'s stroke (its width, caps, joins,
    /// dashes and trims; it is not filled), `clipped` to the rectangle where the stroke may reach
    /// past it: a gradient layer masked by one stroked shape (Lottie's gradient strokes), drawn
    /// without the mask's surfaces.
    case gradientInStroke(Gradient, Rect, stroke: ShapeContent, clipped: Bool)
    /// Text laid out from the top of `bounds`.
    case text(TextContent, bounds: Rect)
    /// A path filled and stroked (a shape layer's).
    case shape(ShapeContent)

    /// A short name for diagnostics.
    public var kind: String {
        switch self {
        case .fill: "fill"
        case .border: "border"
        case .image: "image"
        case .gradient: "gradient"
        case .gradientInPath: "gradient in a path"
        case .gradientInStroke: "gradient in a stroke"
        case .text: "text"
        case .shape: "shape"
        }
    }

    /// The dashes and gaps a dashed stroke is cut into (`ShapeContent.dashCount`); 0 for
    /// everything else.
    var dashCount: Double {
        switch self {
        case .shape(let shape), .gradientInStroke(_, _, let shape, _): shape.dashCount
        default: 0
        }
    }

    /// The area the operation can touch, in the layer's coordinates (points); text is
    /// estimated generously, since glyphs may overhang their bounds.
    public var extent: Rect {
        switch self {
        case .fill(let shape, _), .border(let shape, _, _), .gradient(_, let shape):
            return shape.rect
        case .gradientInPath(_, let rect, let path, _):
            return rect.intersection(path.controlBounds)
        case .gradientInStroke(_, let rect, let stroke, _):
            return rect.intersection(stroke.extent)
        case .image(_, let destination, _):
            return destination
        case .shape(let shape):
            return shape.extent
        case .text(let text, let bounds):
            // Where Pango puts the glyphs (ink and line boxes), grown by a point for anti-aliasing
            // and by a stroke's reach (mitred joins reach 5 widths at Cairo's limit of 10).
            guard let laidOut = TextEngine.current.extent(of: text, in: bounds) else { return bounds }
            let reach = 1 + (text.isStroked ? 5 * text.strokeWidth : 0)
            return laidOut.outsetBy(dx: reach, dy: reach)
        }
    }
}

/// A shadow resolved to canvas pixels (converted once, in `RenderTreeBuilder`).
public struct ShadowParameters: Hashable, Sendable {
    /// Colour with the shadow's opacity already multiplied into its alpha.
    public var color: Color
    /// Offset, in canvas pixels.
    public var offsetX: Double
    /// Offset, in canvas pixels (y down).
    public var offsetY: Double
    /// Gaussian standard deviation, in canvas pixels.
    public var sigma: Double

    /// How far the blur spreads around the shape, in pixels: ⌈3σ⌉.
    public var spread: Double { (3 * sigma).rounded(.up) }

    /// The layer's shadow at `scale` pixels per point: the opacity in the colour's alpha, σ the
    /// radius (Core Animation's shadowRadius is the Gaussian's σ), lengths in pixels.
    public init(_ shadow: Shadow, scale: Double) {
        color = shadow.color.withAlphaMultiplied(by: shadow.opacity)
        offsetX = shadow.offset.width * scale
        offsetY = shadow.offset.height * scale
        sigma = max(0, shadow.radius * scale)
    }

    /// Creates parameters from their values.
    public init(color: Color, offsetX: Double, offsetY: Double, sigma: Double) {
        self.color = color
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.sigma = sigma
    }
}
