// MARK: - Image sampling

/// How an image is sampled where it is drawn smaller than its pixels (`Layer.minificationFilter`).
public enum ImageFilter: String, CaseIterable, Hashable, Sendable {
    /// Strata's default: below 0.75 of its size, each device pixel the average of the image
    /// pixels under it (Cairo's good filter, a box); above, bilinear.
    case box
    /// Bilinear at every scale: Core Animation's default (`kCAFilterLinear`), and its look.
    case linear
    /// The nearest image pixel (`kCAFilterNearest`).
    case nearest
}

// MARK: - Contents gravity

/// How `contents` is placed in the layer's bounds, as `CALayer.contentsGravity` (y down: `top`
/// is the top edge of the bounds).
public enum ContentsGravity: String, CaseIterable, Sendable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    /// Stretch to fill the bounds (the default).
    case resize
    /// Scale uniformly to fit inside the bounds, centred.
    case resizeAspect
    /// Scale uniformly to cover the bounds, centred (the overflow is clipped to the bounds).
    case resizeAspectFill

    /// The rectangle, in the layer's coordinates (points), where an image of `imageSize`
    /// points is drawn inside `bounds`.
    public func placement(of imageSize: Size, in bounds: Rect) -> Rect {
        let w = imageSize.width, h = imageSize.height
        switch self {
        case .resize:
            return bounds
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return .zero }
            let sx = bounds.width / w, sy = bounds.height / h
            let s = self == .resizeAspect ? Swift.min(sx, sy) : Swift.max(sx, sy)
            let size = Size(width: w * s, height: h * s)
            return Rect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2,
                        width: size.width, height: size.height)
        default:
            let x: Double
            switch self {
            case .left, .topLeft, .bottomLeft: x = bounds.minX
            case .right, .topRight, .bottomRight: x = bounds.maxX - w
            default: x = bounds.midX - w / 2
            }
            let y: Double
            switch self {
            case .top, .topLeft, .topRight: y = bounds.minY
            case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - h
            default: y = bounds.midY - h / 2
            }
            return Rect(x: x, y: y, width: w, height: h)
        }
    }
}

// MARK: - Shadow

/// A drop shadow cast by the layer's rendered alpha (its background, contents and sublayers).
public struct Shadow: Hashable, Sendable {
    /// Colour of the shadow (its alpha is multiplied by `opacity`).
    public var color: Color
    /// Opacity of the shadow, 0…1 (Core Animation's default `shadowOpacity` is 0; a scene's
    /// `shadow:` entry defaults to 0.5 so that writing one shows something).
    public var opacity: Double
    /// Offset of the shadow, in points (y down).
    public var offset: Size
    /// Blur radius, in points: as Core Animation's `shadowRadius`, the Gaussian's standard
    /// deviation (the renderer converts it to pixels at the layer's magnification).
    public var radius: Double

    /// Creates a shadow.
    public init(color: Color = .black, opacity: Double = 0.5, offset: Size = Size(width: 0, height: -3),
                radius: Double = 3) {
        self.color = color
        self.opacity = opacity
        self.offset = offset
        self.radius = radius
    }
}

// MARK: - Text

/// Horizontal text alignment within the layer's bounds, as `CATextLayer.alignmentMode`.
public enum TextAlignment: String, CaseIterable, Sendable {
    case left, center, right, natural, justified
}

/// Where a line that does not fit is cut and an ellipsis put, as `CATextLayer.truncationMode`.
public enum TruncationMode: String, CaseIterable, Sendable {
    case none, start, middle, end
}

/// A text layer's content, as `CATextLayer`: laid out by Pango (HarfBuzz shaping, font fallback,
/// kerning) in the layer's bounds from their top, on Strata's own fonts (see `Fonts/README.md`).
public struct TextContent: Hashable, Sendable {
    /// The text; "\n" starts a new paragraph.
    public var string: String
    /// Font family (default "DejaVu Sans"); characters it lacks fall back to Strata's other fonts.
    public var fontFamily: String
    /// Font size, in points.
    public var fontSize: Double
    /// Bold weight (700) when `weight` is nil.
    public var isBold: Bool
    /// Italic slant.
    public var isItalic: Bool
    /// Weight 100…1000 (400 regular, 700 bold); nil takes it from `isBold`.
    public var weight: Double?
    /// Text colour (`foregroundColor`).
    public var color: Color
    /// Alignment of each line (`alignmentMode`): `natural` follows the paragraph's direction
    /// (right for Arabic), `left` and `right` are physical, `justified` spreads all lines but the
    /// last of each paragraph.
    public var alignment: TextAlignment
    /// Lines wrap at the bounds' width (`isWrapped`, default false).
    public var isWrapped: Bool
    /// Where a line too long for the bounds is cut (`truncationMode`, default none); wrapped text
    /// is cut on the last line that fits the bounds' height.
    public var truncation: TruncationMode
    /// Extra space between lines, in points.
    public var lineSpacing: Double
    /// A font file (absolute path; a scene names one in its folder) added to the fonts, whose
    /// family `fontFamily` may then name.
    public var fontFile: String?
    /// The font's pair kerning (default true). False sets every pair at its advances, as CoreText
    /// does when the kern attribute is 0 (lottie-ios draws Lottie text so).
    public var kerning: Bool
    /// The font's standard ligatures, such as "fi" (default true). False draws each character's
    /// own glyph, as CoreText does with the ligature attribute 0.
    public var ligatures: Bool
    /// Extra space after every character, in points (negative: tighter; at most ±1,000), as
    /// CoreText's kern attribute and After Effects' tracking set it. Default 0.
    public var letterSpacing: Double = 0
    /// The colour of a stroke along the glyphs' outlines (NSAttributedString's `strokeColor`);
    /// nil draws none.
    public var strokeColor: Color?
    /// The stroke's width, in points, centred on the outlines (0…`Limits.maximumLineWidth`;
    /// 0 draws none). Joins are mitred, as Core Graphics strokes by default.
    public var strokeWidth: Double = 0
    /// Whether the stroke is drawn over the fill (the default, as NSAttributedString draws a
    /// stroke with a fill) or under it, so that only its outer half shows.
    public var strokeOverFill = true

    /// Whether a stroke is drawn: a colour and a width above 0.
    public var isStroked: Bool { strokeColor != nil && strokeWidth > 0 }

    /// Creates text content.
    public init(string: String, fontFamily: String = "DejaVu Sans", fontSize: Double = 36,
                isBold: Bool = false, isItalic: Bool = false, color: Color = .white,
                alignment: TextAlignment = .natural, weight: Double? = nil, isWrapped: Bool = false,
                truncation: TruncationMode = .none, lineSpacing: Double = 0, fontFile: String? = nil,
                kerning: Bool = true, ligatures: Bool = true) {
        self.string = string
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.isBold = isBold
        self.isItalic = isItalic
        self.color = color
        self.alignment = alignment
        self.weight = weight
        self.isWrapped = isWrapped
        self.truncation = truncation
        self.lineSpacing = lineSpacing
        self.fontFile = fontFile
        self.kerning = kerning
        self.ligatures = ligatures
    }

    /// The weight drawn: `weight`, else 700 for bold and 400 for regular.
    public var resolvedWeight: Double { weight ?? (isBold ? 700 : 400) }
}

// MARK: - Gradient

/// A gradient layer's content, as `CAGradientLayer` (axial and radial types).
public struct Gradient: Hashable, Sendable {
    /// The gradient's geometry.
    public enum Kind: String, Sendable, CaseIterable {
        /// Colours vary along the line from `startPoint` to `endPoint`.
        case linear
        /// Circles centred at `startPoint`; the colour at `endPoint` is the last stop. As
        /// `CAGradientLayer`'s radial type, the ellipse's radii are |end − start| per axis.
        case radial
        /// Colours sweep around `startPoint` (the centre), clockwise on screen, starting in the
        /// direction of `endPoint`, as `CAGradientLayer`'s conic type.
        case conic
    }

    /// Linear, radial or conic.
    public var kind: Kind
    /// Colours of the stops, at least two.
    public var colors: [Color]
    /// Stop positions in 0…1, ascending, one per colour; nil spreads them evenly.
    public var locations: [Double]?
    /// Start, in the unit coordinate space of the bounds ((0, 0) top-left, (1, 1) bottom-right).
    public var startPoint: Point
    /// End, in the unit coordinate space of the bounds.
    public var endPoint: Point
    /// Radial only: where the first stop is, in the unit coordinate space of the bounds (SVG's
    /// `fx`/`fy`, After Effects' highlight); the stops run from it to the ellipse. Nil: the centre,
    /// `startPoint`. It should lie inside the ellipse.
    public var focalPoint: Point?

    /// Creates a gradient; the defaults are `CAGradientLayer`'s (top to bottom).
    public init(kind: Kind = .linear, colors: [Color], locations: [Double]? = nil,
                startPoint: Point = Point(x: 0.5, y: 0), endPoint: Point = Point(x: 0.5, y: 1), focalPoint: Point? = nil) {
        self.kind = kind
        self.colors = colors
        self.locations = locations
        self.startPoint = startPoint
        self.endPoint = endPoint
        self.focalPoint = focalPoint
    }

    /// The stop positions, evenly spaced when `locations` is nil.
    public var resolvedLocations: [Double] {
        if let locations { return locations }
        guard colors.count > 1 else { return [0] }
        return colors.indices.map { Double($0) / Double(colors.count - 1) }
    }
}
