import Foundation
import StrataModel

/// Corners of a layer (`CACornerMask`), in UIKit's y-down terms: min-Y is the top.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
    /// Every corner (Strata's name).
    public static let all: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

/// The pixel format of a layer's backing store (`CALayerContentsFormat`): a hint, Strata draws
/// 8-bit premultiplied RGBA.
public struct CALayerContentsFormat: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let RGBA8Uint = Self(rawValue: "RGBA8"), RGBA16Float = Self(rawValue: "RGBAh"), gray8Uint = Self(rawValue: "Gray8")
}

/// Which edges are antialiased (`CAEdgeAntialiasingMask`): a hint, Strata antialiases every edge.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let layerLeftEdge = Self(rawValue: 1), layerRightEdge = Self(rawValue: 2)
    public static let layerBottomEdge = Self(rawValue: 4), layerTopEdge = Self(rawValue: 8)
}

/// How contents fill the bounds (`CALayerContentsGravity`).
public struct CALayerContentsGravity: QuartzStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let center = Self(rawValue: "center"), top = Self(rawValue: "top"), bottom = Self(rawValue: "bottom")
    public static let left = Self(rawValue: "left"), right = Self(rawValue: "right"), topLeft = Self(rawValue: "topLeft")
    public static let topRight = Self(rawValue: "topRight"), bottomLeft = Self(rawValue: "bottomLeft")
    public static let bottomRight = Self(rawValue: "bottomRight"), resize = Self(rawValue: "resize")
    public static let resizeAspect = Self(rawValue: "resizeAspect"), resizeAspectFill = Self(rawValue: "resizeAspectFill")
}

/// What a layer does when a property changes (`CAAction`): `NSNull` in `actions` turns the
/// implicit animation of that key off, an animation in `actions` is added in its place.
public protocol CAAction {}
extension NSNull: CAAction {}
extension CAAnimation: CAAction {}

/// A layer's delegate (`CALayerDelegate`): asked for a layer's layout.
public protocol CALayerDelegate: AnyObject {
    func layoutSublayers(of layer: CALayer)
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    func draw(_ layer: CALayer, in ctx: CGContext)
}
extension CALayerDelegate {
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
}

/// A layer (`CALayer`), a class with Core Animation's properties and reference semantics; Strata
/// draws the value tree built from it (`strataLayer()`). Geometry in points, UIKit's y down;
/// `opacity` and the shadow's opacity are `Float` as in Core Animation. Changing an animatable
/// property of a layer that has been drawn (or committed, `CATransaction`) adds Core Animation's
/// implicit animation: 0.25 s, the default curve, unless actions are disabled.
open class CALayer: CAMediaTiming, Hashable, CustomStringConvertible {
    // Geometry.
    open var bounds: CGRect = .zero {
        didSet {
            changed("bounds", oldValue)
            if needsDisplayOnBoundsChange, bounds.size != oldValue.size { needsDisplayFlag = true }
        }
    }
    open var position: CGPoint = .zero { didSet { changed("position", oldValue) } }
    open var zPosition: CGFloat = 0 { didSet { changed("zPosition", oldValue) } }
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    open var anchorPointZ: CGFloat = 0 { didSet { changed("anchorPointZ", oldValue) } }
    open var transform = CATransform3DIdentity { didSet { changed("transform", oldValue) } }
    open var sublayerTransform = CATransform3DIdentity { didSet { changed("sublayerTransform", oldValue) } }
    open var isDoubleSided = true
    open var isGeometryFlipped = false

    // Appearance.
    open var isHidden = false
    open var opacity: Float = 1 { didSet { changed("opacity", oldValue) } }
    open var backgroundColor: CGColor? { didSet { changed("backgroundColor", oldValue) } }
    open var cornerRadius: CGFloat = 0 { didSet { changed("cornerRadius", oldValue) } }
    open var maskedCorners: CACornerMask = .all
    open var cornerCurve = "circular"
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor? = .black
    open var masksToBounds = false
    open var mask: CALayer? {
        didSet {
            if let mask, mask === self || ancestors.contains(where: { $0 === mask }) {
                // A cycle: refused, and reported when the tree is drawn.
                refusals.append("mask is the layer itself or one of its superlayers (a cycle); it was not set")
                self.mask = oldValue
                return
            }
            oldValue?.superlayerOfMask = nil
            mask?.removeFromSuperlayer()
            mask?.superlayerOfMask = self
        }
    }
    open var shadowColor: CGColor? = .black { didSet { changed("shadowColor", oldValue) } }
    open var shadowOpacity: Float = 0 { didSet { changed("shadowOpacity", oldValue) } }
    open var shadowOffset = CGSize(width: 0, height: -3) { didSet { changed("shadowOffset", oldValue) } }
    open var shadowRadius: CGFloat = 3 { didSet { changed("shadowRadius", oldValue) } }
    /// Reported when drawn: Strata's shadow follows the layer's drawing.
    open var shadowPath: CGPath?
    /// A `CGImage` (other contents are reported when drawn).
    open var contents: Any?
    open var contentsGravity: CALayerContentsGravity = .resize
    open var contentsScale: CGFloat = 1
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    open var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// `CIFilter`s (Strata's filters under Core Image's names); others are reported when drawn.
    open var filters: [Any]?
    open var backgroundFilters: [Any]?
    /// A `CIFilter` naming a blend mode, or a blend mode's name.
    open var compositingFilter: Any?
    open var name: String?
    open var style: [AnyHashable: Any]?
    /// Hints without an effect on Strata's pixels.
    open var isOpaque = false
    open var allowsGroupOpacity = true
    open var allowsEdgeAntialiasing = false
    open var shouldRasterize = false
    open var rasterizationScale: CGFloat = 1
    open var drawsAsynchronously = false
    open var needsDisplayOnBoundsChange = false
    open var contentsFormat: CALayerContentsFormat = .RGBA8Uint
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
    open var minificationFilter = "linear"
    open var magnificationFilter = "linear"

    // Media timing of the layer's own time; only the defaults are drawn (others are reported).
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed

    /// Per-key actions: `NSNull` turns an implicit animation off.
    open var actions: [String: CAAction]?
    open weak var delegate: CALayerDelegate?

    // The tree.
    public internal(set) var storedSublayers: [CALayer] = []
    open var sublayers: [CALayer]? {
        get { storedSublayers.isEmpty ? nil : storedSublayers }
        set {
            for layer in storedSublayers { layer.storedSuperlayer = nil }
            storedSublayers = []
            for layer in newValue ?? [] { addSublayer(layer) }
        }
    }
    weak var storedSuperlayer: CALayer?
    weak var superlayerOfMask: CALayer?
    open var superlayer: CALayer? { storedSuperlayer }

    // Animations, in the order added (a key added again keeps its place, as Core Animation).
    var animationEntries: [(key: String, animation: CAAnimation, addedAt: CFTimeInterval)] = []
    var unnamedAnimations = 0
    /// Values of keys of the app's own (`setValue(_:forKey:)` with a key no property has).
    var customValues: [String: Any] = [:]
    /// The transaction epoch the layer was made in: implicit animations start once it has been committed.
    let createdEpoch: Int
    var needsLayoutFlag = false
    /// Changes refused because they would make a cycle, reported as errors when drawn.
    var refusals: [String] = []
    /// Strata's value of this layer as last drawn (a commit): what a `CATransition` added since
    /// starts from.
    var lastDrawn: Layer?
    var needsDisplayFlag = false
    /// What `display()` painted, and what it could not.
    var drawnContent: [Layer] = []
    var drawnUnsupported: Set<String> = []
    /// Set on presentation copies: their changes animate nothing.
    var isPresentationCopy = false

    public init() {
        createdEpoch = CATransaction.epoch
    }
    /// A copy of `layer`'s properties (as Core Animation makes presentation layers).
    public init(layer: Any) {
        createdEpoch = CATransaction.epoch
        if let other = layer as? CALayer { copyProperties(from: other) }
    }
    public required init?(coder: NSCoder) {
        createdEpoch = CATransaction.epoch
    }

    /// The layer's frame in its superlayer: the transformed bounds' bounding box. Setting it sets
    /// `position` and the size of `bounds` (with an identity transform, as Core Animation).
    open var frame: CGRect {
        get {
            let t = strataTransformToSuperlayer
            let r = bounds.strataRect
            let corners = [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)].map { t.apply(x: $0.0, y: $0.1) }
            let xs = corners.map { $0.x / $0.w }, ys = corners.map { $0.y / $0.w }
            return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        set {
            bounds.size = newValue.size
            position = CGPoint(x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    var strataTransformToSuperlayer: Transform3D {
        let ax = Double(bounds.minX + anchorPoint.x * bounds.width), ay = Double(bounds.minY + anchorPoint.y * bounds.height)
        return Transform3D.translation(x: -ax, y: -ay, z: -Double(anchorPointZ))
            .concatenating(transform.strataTransform)
            .concatenating(.translation(x: Double(position.x), y: Double(position.y), z: Double(zPosition + anchorPointZ)))
    }

    // MARK: The tree

    open func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(clamping: storedSublayers.count))
    }
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        // Only a layer with sublayers or a mask can be one of this layer's superlayers.
        let couldBeAncestor = !layer.storedSublayers.isEmpty || layer.mask != nil
        guard layer !== self, !(couldBeAncestor && ancestors.contains(where: { $0 === layer })) else {
            // Core Animation would make a cycle; Strata refuses it and reports it when drawn.
            refusals.append("a sublayer that is the layer itself or one of its superlayers (a cycle) was not added")
            return
        }
        layer.removeFromSuperlayer()
        storedSublayers.insert(layer, at: min(Int(index), storedSublayers.count))
        layer.storedSuperlayer = self
        setNeedsLayout()
    }
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        layer.removeFromSuperlayer()
        let index = sibling.flatMap { s in storedSublayers.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(index))
    }
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        layer.removeFromSuperlayer()
        let index = sibling.flatMap { s in storedSublayers.firstIndex { $0 === s }.map { $0 + 1 } } ?? storedSublayers.count
        insertSublayer(layer, at: UInt32(index))
    }
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let index = storedSublayers.firstIndex(where: { $0 === oldLayer }) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(index))
    }
    open func removeFromSuperlayer() {
        if let parent = storedSuperlayer {
            parent.storedSublayers.removeAll { $0 === self }
            storedSuperlayer = nil
        }
        if let owner = superlayerOfMask {
            superlayerOfMask = nil
            if owner.mask === self { owner.mask = nil }
        }
    }

    // MARK: Layout

    open func setNeedsLayout() { needsLayoutFlag = true }
    open func needsLayout() -> Bool { needsLayoutFlag }
    /// Lays out this layer and its sublayers where needed (`layoutSublayers`, top down, without
    /// recursion: a tree of any depth).
    open func layoutIfNeeded() {
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            if layer.needsLayoutFlag {
                layer.needsLayoutFlag = false
                layer.layoutSublayers()
            }
            pending.append(contentsOf: layer.storedSublayers.reversed())
        }
    }

    deinit {
        // Sublayers held only here are taken apart one by one, so that freeing a deep tree does
        // not recurse once per level (100,000 levels would overflow the stack).
        var pending = storedSublayers
        storedSublayers = []
        if let mask { pending.append(mask) }
        while var layer = pending.popLast() {
            guard isKnownUniquelyReferenced(&layer) else { continue }
            pending.append(contentsOf: layer.storedSublayers)
            layer.storedSublayers = []
            if let mask = layer.mask {
                pending.append(mask)
                layer.superlayerOfMask = nil
            }
        }
    }
    /// Override to place sublayers; the default asks the delegate.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }
    /// Asks for `display()` before the layer is next drawn.
    open func setNeedsDisplay() { needsDisplayFlag = true }
    open func setNeedsDisplay(_ rect: CGRect) { needsDisplayFlag = true }
    open func needsDisplay() -> Bool { needsDisplayFlag }
    open func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        display()
    }
    /// Fills the layer's content: by default `draw(in:)` (and the delegate's `draw(_:in:)`) on a
    /// recording `CGContext`, whose painting Strata draws above the background, below the
    /// sublayers. A subclass that sets `contents` itself overrides this.
    open func display() {
        let (painted, unsupported) = CGContext.record(self)
        drawnContent = painted
        drawnUnsupported = unsupported
    }
    /// Override to paint the layer's content with Core Graphics.
    open func draw(in ctx: CGContext) {}
    open func preferredFrameSize() -> CGSize { bounds.size }

    // MARK: Copies

    /// A new layer of the nearest Strata class with this one's properties (no sublayers).
    func makeCopy() -> CALayer {
        let copy: CALayer = switch self {
        case is CAShapeLayer: CAShapeLayer()
        case is CATextLayer: CATextLayer()
        case is CAGradientLayer: CAGradientLayer()
        case is CAReplicatorLayer: CAReplicatorLayer()
        case is CATransformLayer: CATransformLayer()
        default: CALayer()
        }
        copy.copyProperties(from: self)
        return copy
    }

    /// Takes every property of `other` but its sublayers, superlayer and animations.
    func copyProperties(from other: CALayer) {
        (bounds, position, zPosition, anchorPoint, anchorPointZ) = (other.bounds, other.position, other.zPosition, other.anchorPoint, other.anchorPointZ)
        (transform, sublayerTransform, isDoubleSided, isHidden, opacity) = (other.transform, other.sublayerTransform, other.isDoubleSided, other.isHidden, other.opacity)
        (backgroundColor, cornerRadius, maskedCorners, borderWidth, borderColor) = (other.backgroundColor, other.cornerRadius, other.maskedCorners, other.borderWidth, other.borderColor)
        (masksToBounds, shadowColor, shadowOpacity, shadowOffset, shadowRadius) = (other.masksToBounds, other.shadowColor, other.shadowOpacity, other.shadowOffset, other.shadowRadius)
        (shadowPath, contents, contentsGravity, contentsScale, contentsRect) = (other.shadowPath, other.contents, other.contentsGravity, other.contentsScale, other.contentsRect)
        (filters, backgroundFilters, compositingFilter, name, actions) = (other.filters, other.backgroundFilters, other.compositingFilter, other.name, other.actions)
        (speed, timeOffset, beginTime) = (other.speed, other.timeOffset, other.beginTime)
    }

    // MARK: Class hooks

    /// Whether a change of `key` asks for `display()` (custom-drawn layers override it).
    open class func needsDisplay(forKey key: String) -> Bool { false }
    /// The action for `key` when neither `actions` nor the delegate give one.
    open class func defaultAction(forKey event: String) -> CAAction? { nil }
    /// The default value of `key`.
    open class func defaultValue(forKey key: String) -> Any? { nil }
    /// The action Core Animation would run for `event`: `actions`, the delegate, then the class's.
    open func action(forKey event: String) -> CAAction? {
        actions?[event] ?? delegate?.action(for: self, forKey: event) ?? type(of: self).defaultAction(forKey: event)
    }

    // MARK: Identity

    public static func == (lhs: CALayer, rhs: CALayer) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    open var description: String { "<\(type(of: self)) \(name.map { "\"\($0)\" " } ?? "")frame=\(frame)>" }
}
