import Foundation
import StrataModel

/// `CAShapeLayerFillRule`.
public struct CAShapeLayerFillRule: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = Self(rawValue: "non-zero"), evenOdd = Self(rawValue: "even-odd")
}
/// `CAShapeLayerLineCap`.
public struct CAShapeLayerLineCap: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let butt = Self(rawValue: "butt"), round = Self(rawValue: "round"), square = Self(rawValue: "square")
}
/// `CAShapeLayerLineJoin`.
public struct CAShapeLayerLineJoin: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let miter = Self(rawValue: "miter"), round = Self(rawValue: "round"), bevel = Self(rawValue: "bevel")
}
public let kCAFillRuleNonZero = CAShapeLayerFillRule.nonZero
public let kCAFillRuleEvenOdd = CAShapeLayerFillRule.evenOdd
public let kCALineCapButt = CAShapeLayerLineCap.butt
public let kCALineCapRound = CAShapeLayerLineCap.round
public let kCALineCapSquare = CAShapeLayerLineCap.square
public let kCALineJoinMiter = CAShapeLayerLineJoin.miter
public let kCALineJoinRound = CAShapeLayerLineJoin.round
public let kCALineJoinBevel = CAShapeLayerLineJoin.bevel

/// A path filled and stroked (`CAShapeLayer`), drawn as Strata's `ShapeContent` with Core
/// Animation's defaults: black fill, no stroke, line width 1, miter limit 10.
open class CAShapeLayer: CALayer {
    open var path: CGPath? { didSet { changed("path", oldValue) } }
    open var fillColor: CGColor? = .black { didSet { changed("fillColor", oldValue) } }
    open var fillRule: CAShapeLayerFillRule = .nonZero
    open var strokeColor: CGColor? { didSet { changed("strokeColor", oldValue) } }
    open var strokeStart: CGFloat = 0 { didSet { changed("strokeStart", oldValue) } }
    open var strokeEnd: CGFloat = 1 { didSet { changed("strokeEnd", oldValue) } }
    open var lineWidth: CGFloat = 1 { didSet { changed("lineWidth", oldValue) } }
    open var miterLimit: CGFloat = 10
    open var lineCap: CAShapeLayerLineCap = .butt
    open var lineJoin: CAShapeLayerLineJoin = .miter
    open var lineDashPhase: CGFloat = 0 { didSet { changed("lineDashPhase", oldValue) } }
    /// Dash and gap lengths in points.
    open var lineDashPattern: [NSNumber]?

    override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        guard let o = other as? CAShapeLayer else { return }
        (path, fillColor, fillRule, strokeColor, strokeStart, strokeEnd) = (o.path, o.fillColor, o.fillRule, o.strokeColor, o.strokeStart, o.strokeEnd)
        (lineWidth, miterLimit, lineCap, lineJoin, lineDashPhase, lineDashPattern) = (o.lineWidth, o.miterLimit, o.lineCap, o.lineJoin, o.lineDashPhase, o.lineDashPattern)
    }
}

/// `CATextLayerAlignmentMode`.
public struct CATextLayerAlignmentMode: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let natural = Self(rawValue: "natural"), left = Self(rawValue: "left"), right = Self(rawValue: "right")
    public static let center = Self(rawValue: "center"), justified = Self(rawValue: "justified")
}
/// `CATextLayerTruncationMode`.
public struct CATextLayerTruncationMode: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let none = Self(rawValue: "none"), start = Self(rawValue: "start"), end = Self(rawValue: "end")
    public static let middle = Self(rawValue: "middle")
}

/// Text (`CATextLayer`), laid out by Pango as Strata's `TextContent`: `string` a `String`,
/// `font` a family name (`String`; Helvetica and Arial draw in TeX Gyre Heros), `fontSize` in
/// points (default 36), `foregroundColor` (default white).
open class CATextLayer: CALayer {
    open var string: Any?
    open var font: Any?
    open var fontSize: CGFloat = 36
    open var foregroundColor: CGColor? = .white
    open var isWrapped = false
    open var truncationMode: CATextLayerTruncationMode = .none
    open var alignmentMode: CATextLayerAlignmentMode = .natural
    open var allowsFontSubpixelQuantization = false

    override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        guard let o = other as? CATextLayer else { return }
        (string, font, fontSize, foregroundColor) = (o.string, o.font, o.fontSize, o.foregroundColor)
        (isWrapped, truncationMode, alignmentMode) = (o.isWrapped, o.truncationMode, o.alignmentMode)
    }
}

/// `CAGradientLayerType`.
public struct CAGradientLayerType: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let axial = Self(rawValue: "axial"), radial = Self(rawValue: "radial"), conic = Self(rawValue: "conic")
}

/// A gradient over the bounds (`CAGradientLayer`): `colors` are `CGColor`s, `locations` 0…1,
/// `startPoint` and `endPoint` in unit coordinates of the bounds (default top centre to bottom centre).
open class CAGradientLayer: CALayer {
    open var colors: [Any]?
    open var locations: [NSNumber]?
    open var startPoint = CGPoint(x: 0.5, y: 0) { didSet { changed("startPoint", oldValue) } }
    open var endPoint = CGPoint(x: 0.5, y: 1) { didSet { changed("endPoint", oldValue) } }
    open var type: CAGradientLayerType = .axial

    override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        guard let o = other as? CAGradientLayer else { return }
        (colors, locations, startPoint, endPoint, type) = (o.colors, o.locations, o.startPoint, o.endPoint, o.type)
    }
}

/// Copies of its sublayers (`CAReplicatorLayer`), as Strata's `ReplicatorContent`.
open class CAReplicatorLayer: CALayer {
    open var instanceCount = 1 { didSet { changed("instanceCount", oldValue) } }
    open var preservesDepth = false
    open var instanceDelay: CFTimeInterval = 0 { didSet { changed("instanceDelay", oldValue) } }
    open var instanceTransform = CATransform3DIdentity { didSet { changed("instanceTransform", oldValue) } }
    open var instanceColor: CGColor? { didSet { changed("instanceColor", oldValue) } }
    open var instanceRedOffset: Float = 0
    open var instanceGreenOffset: Float = 0
    open var instanceBlueOffset: Float = 0
    open var instanceAlphaOffset: Float = 0

    override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        guard let o = other as? CAReplicatorLayer else { return }
        (instanceCount, preservesDepth, instanceDelay, instanceTransform, instanceColor) = (o.instanceCount, o.preservesDepth, o.instanceDelay, o.instanceTransform, o.instanceColor)
        (instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset) = (o.instanceRedOffset, o.instanceGreenOffset, o.instanceBlueOffset, o.instanceAlphaOffset)
    }
}

/// Sublayers kept in one 3-D space (`CATransformLayer`): Strata's transform layers.
open class CATransformLayer: CALayer {}
