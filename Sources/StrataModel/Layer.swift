
/// A node of the layer tree, with `CALayer`'s geometry and appearance properties.
///
/// A `Layer` is a value: copying a tree copies it (storage is shared until written), which makes a
/// tree `Sendable` and lets frames be evaluated and rendered in parallel. Geometry is in points,
/// y down. A layer's coordinate space has `bounds.origin` at its top-left corner; the layer sits
/// in its superlayer with its `anchorPoint` at `position`, `transform` applied about that point.
/// Transforms are 3-D (`Transform3D`, as `CATransform3D`); a plain layer flattens its sublayers
/// into its own plane, a transform layer (`isTransformLayer`) keeps them in one 3-D space.
public struct Layer: Hashable, Sendable {
    // MARK: - Identity

    /// An optional name, used in diagnostics, the manifest and key paths.
    public var name: String?

    // MARK: - Geometry

    /// The layer's own coordinate rectangle, in points. Its size is the layer's size.
    public var bounds: Rect
    /// Where the anchor point lies in the superlayer's coordinate space, in points.
    public var position: Point
    /// The point of the bounds placed at `position`, in unit coordinates (default (0.5, 0.5)).
    public var anchorPoint: Point
    /// Transform applied about the anchor point (translation in points, rotation in radians); a
    /// 2-D one (`Transform3D.isAffine`) draws exactly as a `Transform2D` would.
    public var transform: Transform3D
    /// The anchor's z coordinate, in points: the transform is applied about (anchor, anchorPointZ).
    public var anchorPointZ: Double
    /// Order among siblings (higher draws later, on top; equal values keep the array order) and a
    /// translation along z, in points, as in Core Animation: it shows only under a perspective
    /// `sublayerTransform` of the superlayer, or in depth order inside a transform layer.
    public var zPosition: Double
    /// Transform applied to every sublayer about this layer's anchor (in its bounds), after their
    /// own; the usual place for perspective (m34 = −1/d, `Transform3D.perspective(distance:)`).
    public var sublayerTransform: Transform3D
    /// When false, the layer is not drawn while it faces away from the viewer (CSS
    /// `backface-visibility: hidden`); default true.
    public var isDoubleSided: Bool
    /// A `CATransformLayer`: draws none of its own content, and keeps its sublayers in one 3-D
    /// space, drawn back to front by depth instead of flattened into its plane.
    public var isTransformLayer: Bool

    // MARK: - Appearance

    /// Opacity of the layer and its sublayers, 0…1, applied to them as one group.
    public var opacity: Double
    /// A hidden layer and its sublayers are not drawn.
    public var isHidden: Bool
    /// Fill of the bounds (rounded by `cornerRadius`); nil draws nothing.
    public var backgroundColor: Color?
    /// Radius of the corners of the background, border and `masksToBounds` clip, in points.
    public var cornerRadius: Double
    /// Width of the border, in points, drawn inside the bounds.
    public var borderWidth: Double
    /// Colour of the border.
    public var borderColor: Color
    /// Clip the contents and sublayers to the (rounded) bounds.
    public var masksToBounds: Bool
    /// A drop shadow of the layer's rendered alpha; nil for none.
    public var shadow: Shadow?

    // MARK: - Filters

    /// Filters applied, in order, to the layer and its sublayers drawn offscreen; they grow the
    /// layer's visual extent unless `masksToBounds`.
    public var filters: [NamedFilter]
    /// Filters applied to what is already drawn behind the layer, inside its (rounded) bounds,
    /// before the layer's own content (a backdrop filter).
    public var backgroundFilters: [NamedFilter]
    /// How backdrop filters see past the edge of what has been drawn (default mirror).
    public var backdropEdgeMode: EdgeMode
    /// How the layer blends with what is behind it (`compositingFilter`); nil is normal.
    public var compositingFilter: BlendMode?

    // MARK: - Content

    /// An image drawn in the bounds according to `contentsGravity` (premultiplied pixels).
    public var contents: PixelBuffer?
    /// How `contents` is placed in the bounds.
    public var contentsGravity: ContentsGravity
    /// Image pixels per point for `contents` (as `CALayer.contentsScale`), used by the gravities
    /// that do not resize.
    public var contentsScale: Double
    /// Text drawn in the bounds (a `CATextLayer`); nil for none.
    @Boxed public var text: TextContent?
    /// A gradient filling the bounds (a `CAGradientLayer`); nil for none.
    @Boxed public var gradient: Gradient?
    /// A path filled and stroked (a `CAShapeLayer`); nil for none. Drawn after the background,
    /// gradient, contents and text, before the border and the sublayers.
    @Boxed public var shape: ShapeContent?
    /// Draws the sublayers several times (a `CAReplicatorLayer`); nil for once, as they are.
    @Boxed public var replicator: ReplicatorContent?

    // MARK: - Tree

    /// Child layers, drawn in order of `zPosition`, then of this array, above the layer's content.
    public var sublayers: [Layer]
    /// The layer's animations in the order added (later ones apply on top), each under its key:
    /// `add(_:forKey:)`, `animation(forKey:)`, `removeAnimation(forKey:)`, `animationKeys()`.
    public internal(set) var animations: [KeyedAnimation]
    // A struct cannot hold itself; an array of at most one element stores the mask.
    private var maskStorage: [Layer]

    /// A layer whose alpha masks this layer and its sublayers; it lies in this layer's
    /// coordinate space and is not drawn itself.
    public var mask: Layer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }

    // MARK: - Creation

    /// Creates a layer; every property has `CALayer`'s default unless given.
    public init(name: String? = nil, bounds: Rect = .zero, position: Point = .zero) {
        self.name = name
        self.bounds = bounds
        self.position = position
        self.anchorPoint = Point(x: 0.5, y: 0.5)
        self.transform = .identity
        self.anchorPointZ = 0
        self.zPosition = 0
        self.sublayerTransform = .identity
        self.isDoubleSided = true
        self.isTransformLayer = false
        self.opacity = 1
        self.isHidden = false
        self.backgroundColor = nil
        self.cornerRadius = 0
        self.borderWidth = 0
        self.borderColor = .black
        self.masksToBounds = false
        self.shadow = nil
        self.filters = []
        self.backgroundFilters = []
        self.backdropEdgeMode = .mirror
        self.compositingFilter = nil
        self.contents = nil
        self.contentsGravity = .resize
        self.contentsScale = 1
        self.text = nil
        self.shape = nil
        self.replicator = nil
        self.gradient = nil
        self.sublayers = []
        self.animations = []
        self.maskStorage = []
    }

    /// Creates a layer occupying `frame` in its superlayer (anchor point (0.5, 0.5)).
    public init(name: String? = nil, frame: Rect) {
        self.init(name: name, bounds: Rect(origin: .zero, size: frame.size),
                  position: Point(x: frame.midX, y: frame.midY))
    }

    // MARK: - Derived geometry

    /// The anchor point in the layer's own coordinates, in points.
    public var anchorInBounds: Point {
        Point(x: anchorPoint.x * bounds.width + bounds.minX, y: anchorPoint.y * bounds.height + bounds.minY)
    }

    /// The 2-D transform from this layer's coordinate space to its superlayer's, in points:
    /// translate(−anchor) · the affine part of `transform` · translate(position). The whole
    /// story when `transform` is affine and the superlayer's `sublayerTransform` is the identity.
    public var affineTransformToSuperlayer: Transform2D {
        let anchor = anchorInBounds
        return Transform2D.translation(x: -anchor.x, y: -anchor.y)
            .concatenating(transform.affine)
            .concatenating(.translation(x: position.x, y: position.y))
    }

    /// The 3-D transform from this layer's coordinate space to its superlayer's, in points:
    /// translate(−anchor, −anchorPointZ) · transform · translate(position, zPosition), before the
    /// superlayer's `sublayerTransform`.
    public var transformToSuperlayer: Transform3D {
        let anchor = anchorInBounds
        return Transform3D.translation(x: -anchor.x, y: -anchor.y, z: -anchorPointZ)
            .concatenating(transform)
            .concatenating(.translation(x: position.x, y: position.y, z: zPosition))
    }

    /// `sublayerTransform` about this layer's anchor: what a sublayer's transform to this layer
    /// is followed by; nil when it is the identity.
    public var sublayerTransformAboutAnchor: Transform3D? {
        guard !sublayerTransform.isIdentity else { return nil }
        let anchor = anchorInBounds
        return Transform3D.translation(x: -anchor.x, y: -anchor.y, z: -anchorPointZ)
            .concatenating(sublayerTransform)
            .concatenating(.translation(x: anchor.x, y: anchor.y, z: anchorPointZ))
    }

    /// The bounding box of the layer in its superlayer's coordinate space, in points (as
    /// `CALayer.frame`: derived from bounds, position, anchorPoint and transform; a 3-D transform
    /// counts by the projected corners in front of the eye).
    public var frame: Rect {
        if transform.isAffine { return affineTransformToSuperlayer.apply(to: bounds) }
        return transformToSuperlayer.flattened.projectedBounds(of: bounds)
    }

    /// Sets bounds size and position so that the untransformed layer occupies `frame`.
    public mutating func setFrame(_ frame: Rect) {
        bounds.size = frame.size
        position = Point(x: frame.minX + anchorPoint.x * frame.width,
                         y: frame.minY + anchorPoint.y * frame.height)
    }

    /// Appends a sublayer (drawn above the existing ones at equal `zPosition`).
    public mutating func addSublayer(_ layer: Layer) {
        sublayers.append(layer)
    }

    /// The number of layers in this subtree, this one included (masks counted).
    public var subtreeCount: Int {
        1 + sublayers.reduce(0) { $0 + $1.subtreeCount } + (mask?.subtreeCount ?? 0)
    }

    /// The depth of this subtree: 1 for a layer without sublayers.
    public var subtreeDepth: Int {
        1 + Swift.max(sublayers.map(\.subtreeDepth).max() ?? 0, mask?.subtreeDepth ?? 0)
    }
}
