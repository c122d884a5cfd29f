
/// A node of the layer tree, with `CALayer`'s geometry and appearance properties.
///
/// A `Layer` is a value: copying a tree copies it (storage is shared until written), which makes a
/// tree `Sendable` and lets frames be evaluated and rendered in parallel. Geometry is in points,
/// y down. A layer's coordinate space has `bounds.origin` at its top-left corner; the layer sits
/// in its superlayer with its `anchorPoint` at `position`, `transform` applied about that point.
/// Transforms are 3-D (`Transform3D`, as `CATransform3D`); a plain layer flattens its sublayers
/// into its own plane, a transform layer (`isTransformLayer`) keeps them in one 3-D space.
public struct Layer: Hashable, Sendable {
    // MARK: - Storage

    /// Every stored property, in one box shared between copies until one is written (copy on
    /// write, as `Array`): a tree is copied at every level of every presented frame, so a copy is
    /// one reference, not the 600-odd bytes of the properties and a retain for each of their arrays.
    struct Fields: Hashable, Sendable {
        var name: String?
        var bounds: Rect
        var position: Point
        var anchorPoint: Point
        var transform: Transform3D
        var anchorPointZ: Double
        var zPosition: Double
        var sublayerTransform: Transform3D
        var isDoubleSided: Bool
        var isTransformLayer: Bool
        var opacity: Double
        var isHidden: Bool
        var backgroundColor: Color?
        var cornerRadius: Double
        var borderWidth: Double
        var borderColor: Color
        var masksToBounds: Bool
        var shadow: Shadow?
        var filters: [NamedFilter]
        var backgroundFilters: [NamedFilter]
        var backdropEdgeMode: EdgeMode
        var compositingFilter: BlendMode?
        var contents: PixelBuffer?
        var contentsGravity: ContentsGravity
        var contentsScale: Double
        var minificationFilter: ImageFilter
        @Boxed var text: TextContent?
        @Boxed var gradient: Gradient?
        @Boxed var shape: ShapeContent?
        @Boxed var replicator: ReplicatorContent?
        var sublayers: [Layer]
        var animations: [KeyedAnimation]
        var maskStorage: [Layer]
    }

    final class Box: @unchecked Sendable {
        // Written only through `makeUnique()`, when this box is the copy's alone (as Array's storage).
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
    }

    /// The animations, writable inside the module (`add(_:forKey:)` and its siblings).
    var mutableAnimations: [KeyedAnimation] {
        get { box.fields.animations }
        _modify { makeUnique(); yield &box.fields.animations }
    }

    public static func == (lhs: Layer, rhs: Layer) -> Bool { lhs.box === rhs.box || lhs.box.fields == rhs.box.fields }

    /// The identity of this layer's storage: two layers with the same are copies of one value,
    /// their whole subtrees included, for as long as either copy is kept (a write to a shared box
    /// copies it first). A presented frame shares the storage of every layer that did not move.
    package var storageIdentity: ObjectIdentifier { ObjectIdentifier(box) }
    public func hash(into hasher: inout Hasher) { box.fields.hash(into: &hasher) }

    // MARK: - Identity

    /// An optional name, used in diagnostics, the manifest and key paths.
    public var name: String? {
        get { box.fields.name }
        _modify { makeUnique(); yield &box.fields.name }
    }

    // MARK: - Geometry

    /// The layer's own coordinate rectangle, in points. Its size is the layer's size.
    public var bounds: Rect {
        get { box.fields.bounds }
        _modify { makeUnique(); yield &box.fields.bounds }
    }
    /// Where the anchor point lies in the superlayer's coordinate space, in points.
    public var position: Point {
        get { box.fields.position }
        _modify { makeUnique(); yield &box.fields.position }
    }
    /// The point of the bounds placed at `position`, in unit coordinates (default (0.5, 0.5)).
    public var anchorPoint: Point {
        get { box.fields.anchorPoint }
        _modify { makeUnique(); yield &box.fields.anchorPoint }
    }
    /// Transform applied about the anchor point (translation in points, rotation in radians); a
    /// 2-D one (`Transform3D.isAffine`) draws exactly as a `Transform2D` would.
    public var transform: Transform3D {
        get { box.fields.transform }
        _modify { makeUnique(); yield &box.fields.transform }
    }
    /// The anchor's z coordinate, in points: the transform is applied about (anchor, anchorPointZ).
    public var anchorPointZ: Double {
        get { box.fields.anchorPointZ }
        _modify { makeUnique(); yield &box.fields.anchorPointZ }
    }
    /// Order among siblings (higher draws later, on top; equal values keep the array order) and a
    /// translation along z, in points, as in Core Animation: it shows only under a perspective
    /// `sublayerTransform` of the superlayer, or in depth order inside a transform layer.
    public var zPosition: Double {
        get { box.fields.zPosition }
        _modify { makeUnique(); yield &box.fields.zPosition }
    }
    /// Transform applied to every sublayer about this layer's anchor (in its bounds), after their
    /// own; the usual place for perspective (m34 = −1/d, `Transform3D.perspective(distance:)`).
    public var sublayerTransform: Transform3D {
        get { box.fields.sublayerTransform }
        _modify { makeUnique(); yield &box.fields.sublayerTransform }
    }
    /// When false, the layer is not drawn while it faces away from the viewer (CSS
    /// `backface-visibility: hidden`); default true.
    public var isDoubleSided: Bool {
        get { box.fields.isDoubleSided }
        _modify { makeUnique(); yield &box.fields.isDoubleSided }
    }
    /// A `CATransformLayer`: draws none of its own content, and keeps its sublayers in one 3-D
    /// space, drawn back to front by depth instead of flattened into its plane.
    public var isTransformLayer: Bool {
        get { box.fields.isTransformLayer }
        _modify { makeUnique(); yield &box.fields.isTransformLayer }
    }

    // MARK: - Appearance

    /// Opacity of the layer and its sublayers, 0…1, applied to them as one group.
    public var opacity: Double {
        get { box.fields.opacity }
        _modify { makeUnique(); yield &box.fields.opacity }
    }
    /// A hidden layer and its sublayers are not drawn.
    public var isHidden: Bool {
        get { box.fields.isHidden }
        _modify { makeUnique(); yield &box.fields.isHidden }
    }
    /// Fill of the bounds (rounded by `cornerRadius`); nil draws nothing.
    public var backgroundColor: Color? {
        get { box.fields.backgroundColor }
        _modify { makeUnique(); yield &box.fields.backgroundColor }
    }
    /// Radius of the corners of the background, border and `masksToBounds` clip, in points.
    public var cornerRadius: Double {
        get { box.fields.cornerRadius }
        _modify { makeUnique(); yield &box.fields.cornerRadius }
    }
    /// Width of the border, in points, drawn inside the bounds.
    public var borderWidth: Double {
        get { box.fields.borderWidth }
        _modify { makeUnique(); yield &box.fields.borderWidth }
    }
    /// Colour of the border.
    public var borderColor: Color {
        get { box.fields.borderColor }
        _modify { makeUnique(); yield &box.fields.borderColor }
    }
    /// Clip the contents and sublayers to the (rounded) bounds.
    public var masksToBounds: Bool {
        get { box.fields.masksToBounds }
        _modify { makeUnique(); yield &box.fields.masksToBounds }
    }
    /// A drop shadow of the layer's rendered alpha; nil for none.
    public var shadow: Shadow? {
        get { box.fields.shadow }
        _modify { makeUnique(); yield &box.fields.shadow }
    }

    // MARK: - Filters

    /// Filters applied, in order, to the layer and its sublayers drawn offscreen; they grow the
    /// layer's visual extent unless `masksToBounds`.
    public var filters: [NamedFilter] {
        get { box.fields.filters }
        _modify { makeUnique(); yield &box.fields.filters }
    }
    /// Filters applied to what is already drawn behind the layer, inside its (rounded) bounds,
    /// before the layer's own content (a backdrop filter).
    public var backgroundFilters: [NamedFilter] {
        get { box.fields.backgroundFilters }
        _modify { makeUnique(); yield &box.fields.backgroundFilters }
    }
    /// How backdrop filters see past the edge of what has been drawn (default mirror).
    public var backdropEdgeMode: EdgeMode {
        get { box.fields.backdropEdgeMode }
        _modify { makeUnique(); yield &box.fields.backdropEdgeMode }
    }
    /// How the layer blends with what is behind it (`compositingFilter`); nil is normal.
    public var compositingFilter: BlendMode? {
        get { box.fields.compositingFilter }
        _modify { makeUnique(); yield &box.fields.compositingFilter }
    }

    // MARK: - Content

    /// An image drawn in the bounds according to `contentsGravity` (premultiplied pixels).
    public var contents: PixelBuffer? {
        get { box.fields.contents }
        _modify { makeUnique(); yield &box.fields.contents }
    }
    /// How `contents` is placed in the bounds.
    public var contentsGravity: ContentsGravity {
        get { box.fields.contentsGravity }
        _modify { makeUnique(); yield &box.fields.contentsGravity }
    }
    /// Image pixels per point for `contents` (as `CALayer.contentsScale`), used by the gravities
    /// that do not resize.
    public var contentsScale: Double {
        get { box.fields.contentsScale }
        _modify { makeUnique(); yield &box.fields.contentsScale }
    }
    /// How `contents` is sampled where it is drawn smaller than its pixels (as
    /// `CALayer.minificationFilter`): `.box` by default, Strata's area average below 0.75;
    /// `.linear` is Core Animation's default, bilinear at every scale.
    public var minificationFilter: ImageFilter {
        get { box.fields.minificationFilter }
        _modify { makeUnique(); yield &box.fields.minificationFilter }
    }
    /// Text drawn in the bounds (a `CATextLayer`); nil for none.
    public var text: TextContent? {
        get { box.fields.text }
        _modify { makeUnique(); yield &box.fields.text }
    }
    /// A gradient filling the bounds (a `CAGradientLayer`); nil for none.
    public var gradient: Gradient? {
        get { box.fields.gradient }
        _modify { makeUnique(); yield &box.fields.gradient }
    }
    /// A path filled and stroked (a `CAShapeLayer`); nil for none. Drawn after the background,
    /// gradient, contents and text, before the border and the sublayers.
    public var shape: ShapeContent? {
        get { box.fields.shape }
        _modify { makeUnique(); yield &box.fields.shape }
    }
    /// Draws the sublayers several times (a `CAReplicatorLayer`); nil for once, as they are.
    public var replicator: ReplicatorContent? {
        get { box.fields.replicator }
        _modify { makeUnique(); yield &box.fields.replicator }
    }

    // MARK: - Tree

    /// Child layers, drawn in order of `zPosition`, then of this array, above the layer's content.
    public var sublayers: [Layer] {
        get { box.fields.sublayers }
        _modify { makeUnique(); yield &box.fields.sublayers }
    }
    /// The layer's animations in the order added (later ones apply on top), each under its key:
    /// `add(_:forKey:)`, `animation(forKey:)`, `removeAnimation(forKey:)`, `animationKeys()`.
    public var animations: [KeyedAnimation] {
        get { box.fields.animations }
    }
    // A struct cannot hold itself; an array of at most one element stores the mask.
    private var maskStorage: [Layer] {
        get { box.fields.maskStorage }
        _modify { makeUnique(); yield &box.fields.maskStorage }
    }

    /// A layer whose alpha masks this layer and its sublayers; it lies in this layer's
    /// coordinate space and is not drawn itself.
    public var mask: Layer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }

    // MARK: - Creation

    /// Creates a layer; every property has `CALayer`'s default unless given.
    public init(name: String? = nil, bounds: Rect = .zero, position: Point = .zero) {
        box = Box(Fields(
            name: name,
            bounds: bounds,
            position: position,
            anchorPoint: Point(x: 0.5, y: 0.5),
            transform: .identity,
            anchorPointZ: 0,
            zPosition: 0,
            sublayerTransform: .identity,
            isDoubleSided: true,
            isTransformLayer: false,
            opacity: 1,
            isHidden: false,
            backgroundColor: nil,
            cornerRadius: 0,
            borderWidth: 0,
            borderColor: .black,
            masksToBounds: false,
            shadow: nil,
            filters: [],
            backgroundFilters: [],
            backdropEdgeMode: .mirror,
            compositingFilter: nil,
            contents: nil,
            contentsGravity: .resize,
            contentsScale: 1,
            minificationFilter: .box,
            text: nil,
            gradient: nil,
            shape: nil,
            replicator: nil,
            sublayers: [],
            animations: [],
            maskStorage: []))
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
