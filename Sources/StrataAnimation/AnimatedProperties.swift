import StrataModel

/// The animatable values of one layer while animations are applied to it.
///
/// Starts from the model layer. `transform.scale`, `transform.rotation` and the other transform
/// components start at no change and are composed with the model's (or the animated whole)
/// transform at the end (see `TransformComponents`); `sublayerTransform`'s components likewise.
public struct AnimatedProperties: Hashable, Sendable {
    public var position: Point { didSet { touched.insert(.position) } }
    public var boundsSize: Size { didSet { touched.insert(.boundsSize) } }
    public var opacity: Double { didSet { touched.insert(.opacity) } }
    /// Uniform scale on top of the model transform.
    public var scale: Double {
        get { components.scale }
        set { components.scale = newValue }
    }
    /// Rotation about z in radians on top of the model transform.
    public var rotation: Double {
        get { components.rotationZ }
        set { components.rotationZ = newValue }
    }
    /// Every transform component on top of the transform.
    public var components: TransformComponents { didSet { touched.insert(.transform) } }
    /// The whole transform (the model's unless `transform` is animated).
    public var transform: Transform3D { didSet { touched.insert(.transform) } }
    /// The whole sublayer transform, and components on top of it.
    public var sublayerTransform: Transform3D { didSet { touched.insert(.sublayerTransform) } }
    public var sublayerComponents: TransformComponents { didSet { touched.insert(.sublayerTransform) } }
    public var zPosition: Double { didSet { touched.insert(.zPosition) } }
    public var anchorPointZ: Double { didSet { touched.insert(.anchorPointZ) } }
    public var cornerRadius: Double { didSet { touched.insert(.cornerRadius) } }
    /// The background colour; a layer without one animates from transparent black.
    public var backgroundColor: Color { didSet { touched.insert(.backgroundColor) } }
    /// The layer's filters, whose parameters animations may change.
    public var filters: [NamedFilter] {
        get { ownFilters ?? model.filters }
        _modify { if ownFilters == nil { ownFilters = model.filters }; touched.insert(.filters); yield &ownFilters! }
    }
    /// The layer's backdrop filters.
    public var backgroundFilters: [NamedFilter] {
        get { ownBackgroundFilters ?? model.backgroundFilters }
        _modify {
            if ownBackgroundFilters == nil { ownBackgroundFilters = model.backgroundFilters }
            touched.insert(.backgroundFilters)
            yield &ownBackgroundFilters!
        }
    }
    /// The shape layer's path and stroke, whose properties animations may change (nil for a
    /// layer without a shape: its shape key paths read as zero and write nothing).
    public var shape: ShapeContent? {
        get { ownShape ?? model.shape }
        _modify { if ownShape == nil { ownShape = .some(model.shape) }; touched.insert(.shape); yield &ownShape! }
    }
    /// The replicator's settings (nil for a layer that is not one: its key paths read as the
    /// defaults and write nothing).
    public var replicator: ReplicatorContent? {
        get { ownReplicator ?? model.replicator }
        _modify { if ownReplicator == nil { ownReplicator = .some(model.replicator) }; touched.insert(.replicator); yield &ownReplicator! }
    }
    /// The gradient, whose points and stops animations may change (nil for a layer without one).
    public var gradient: Gradient? {
        get { ownGradient ?? model.gradient }
        _modify { if ownGradient == nil { ownGradient = .some(model.gradient) }; touched.insert(.gradient); yield &ownGradient! }
    }
    /// The shadow, whose opacity, radius, offset and colour animations may change (nil for a
    /// layer without one until such an animation gives it Core Animation's defaults).
    public var shadow: Shadow? {
        get { ownShadow ?? model.shadow }
        _modify { if ownShadow == nil { ownShadow = .some(model.shadow) }; touched.insert(.shadow); yield &ownShadow! }
    }
    /// The model layer the values start from. The larger values (filters, shape, replicator,
    /// gradient, shadow) are read from it when an animation first writes them, not for every
    /// animated layer of every frame; until then they are the model's (nil below).
    private let model: Layer
    private var ownFilters: [NamedFilter]?, ownBackgroundFilters: [NamedFilter]?
    private var ownShape: ShapeContent??, ownReplicator: ReplicatorContent??, ownGradient: Gradient??, ownShadow: Shadow??
    /// The turn (radians, clockwise) a path animation's `rotationMode` gives, applied after the
    /// transform and its components, about the anchor; 0 without one.
    public var orientation: Double = 0 { didSet { touched.insert(.transform) } }

    /// The groups of values written since the model's were read (`applied(to:)` writes back
    /// only these; nothing written leaves the model layer as it is).
    public private(set) var touched: Touched = []

    /// Groups of values, one bit each.
    public struct Touched: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let position = Touched(rawValue: 1 << 0), boundsSize = Touched(rawValue: 1 << 1), opacity = Touched(rawValue: 1 << 2)
        /// The transform, its components and the path orientation.
        public static let transform = Touched(rawValue: 1 << 3)
        public static let sublayerTransform = Touched(rawValue: 1 << 4), zPosition = Touched(rawValue: 1 << 5)
        public static let anchorPointZ = Touched(rawValue: 1 << 6), cornerRadius = Touched(rawValue: 1 << 7)
        public static let backgroundColor = Touched(rawValue: 1 << 8), filters = Touched(rawValue: 1 << 9)
        public static let backgroundFilters = Touched(rawValue: 1 << 10), shape = Touched(rawValue: 1 << 11)
        public static let replicator = Touched(rawValue: 1 << 12), gradient = Touched(rawValue: 1 << 13), shadow = Touched(rawValue: 1 << 14)
    }

    /// The values of a model layer.
    public init(_ layer: Layer) {
        position = layer.position
        boundsSize = layer.bounds.size
        opacity = layer.opacity
        components = TransformComponents()
        transform = layer.transform
        sublayerTransform = layer.sublayerTransform
        sublayerComponents = TransformComponents()
        zPosition = layer.zPosition
        anchorPointZ = layer.anchorPointZ
        cornerRadius = layer.cornerRadius
        backgroundColor = layer.backgroundColor ?? .clear
        model = layer
    }

    /// Equal when every value is (the model they were read from aside).
    public static func == (lhs: AnimatedProperties, rhs: AnimatedProperties) -> Bool {
        lhs.position == rhs.position && lhs.boundsSize == rhs.boundsSize && lhs.opacity == rhs.opacity
            && lhs.components == rhs.components && lhs.transform == rhs.transform && lhs.sublayerTransform == rhs.sublayerTransform
            && lhs.sublayerComponents == rhs.sublayerComponents && lhs.zPosition == rhs.zPosition && lhs.anchorPointZ == rhs.anchorPointZ
            && lhs.cornerRadius == rhs.cornerRadius && lhs.backgroundColor == rhs.backgroundColor && lhs.filters == rhs.filters
            && lhs.backgroundFilters == rhs.backgroundFilters && lhs.shape == rhs.shape && lhs.replicator == rhs.replicator
            && lhs.gradient == rhs.gradient && lhs.shadow == rhs.shadow && lhs.orientation == rhs.orientation && lhs.touched == rhs.touched
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(position)
        hasher.combine(transform)
        hasher.combine(opacity)
        hasher.combine(shape)
        hasher.combine(touched)
    }

    /// Core Animation's shadow defaults: black, opacity 0, offset (0, −3), radius 3 points.
    static let defaultShadow = Shadow(color: .black, opacity: 0, offset: Size(width: 0, height: -3), radius: 3)

    /// The value of a key path.
    public subscript(keyPath: AnimationKeyPath) -> AnimationValue {
        get {
            switch keyPath {
            case .position: .point(position)
            case .positionX: .number(position.x)
            case .positionY: .number(position.y)
            case .boundsSize: .size(boundsSize)
            case .opacity: .number(opacity)
            case .transformScale: .number(scale)
            case .transformRotation: .number(rotation)
            case .transformComponent(let c): .number(components[c])
            case .transform: .transform(transform)
            case .sublayerTransform: .transform(sublayerTransform)
            case .sublayerTransformComponent(let c): .number(sublayerComponents[c])
            case .zPosition: .number(zPosition)
            case .anchorPointZ: .number(anchorPointZ)
            case .cornerRadius: .number(cornerRadius)
            case .backgroundColor: .color(backgroundColor)
            case .filter(let background, let name, let parameter):
                .number((background ? backgroundFilters : filters).first { $0.name == name }?.filter.value(of: parameter) ?? 0)
            case .strokeStart: .number(shape?.strokeStart ?? 0)
            case .strokeEnd: .number(shape?.strokeEnd ?? 1)
            case .lineDashPhase: .number(shape?.lineDashPhase ?? 0)
            case .lineWidth: .number(shape?.lineWidth ?? 1)
            case .fillColor: .color(shape?.fillColor ?? .clear)
            case .strokeColor: .color(shape?.strokeColor ?? .clear)
            case .path: .path(shape?.path ?? Path())
            case .instanceCount: .number(Double(replicator?.instanceCount ?? 1))
            case .instanceTransform: .transform(replicator?.instanceTransform ?? .identity)
            case .instanceDelay: .number(replicator?.instanceDelay ?? 0)
            case .instanceColor: .color(replicator?.instanceColor ?? .white)
            case .instanceRedOffset: .number(replicator?.instanceRedOffset ?? 0)
            case .instanceGreenOffset: .number(replicator?.instanceGreenOffset ?? 0)
            case .instanceBlueOffset: .number(replicator?.instanceBlueOffset ?? 0)
            case .instanceAlphaOffset: .number(replicator?.instanceAlphaOffset ?? 0)
            case .startPoint: .point(gradient?.startPoint ?? Point(x: 0.5, y: 0))
            case .endPoint: .point(gradient?.endPoint ?? Point(x: 0.5, y: 1))
            case .gradientColor(let index): .color(gradient.flatMap { index < $0.colors.count ? $0.colors[index] : nil } ?? .clear)
            case .gradientLocation(let index): .number(gradient.flatMap { index < $0.colors.count ? $0.resolvedLocations[index] : nil } ?? 0)
            case .shadowOpacity: .number((shadow ?? Self.defaultShadow).opacity)
            case .shadowRadius: .number((shadow ?? Self.defaultShadow).radius)
            case .shadowOffset: .size((shadow ?? Self.defaultShadow).offset)
            case .shadowColor: .color((shadow ?? Self.defaultShadow).color)
            }
        }
        set {
            switch (keyPath, newValue) {
            case (.position, .point(let p)): position = p
            case (.positionX, .number(let v)): position.x = v
            case (.positionY, .number(let v)): position.y = v
            case (.boundsSize, .size(let s)): boundsSize = Size(width: max(0, s.width), height: max(0, s.height))
            case (.opacity, .number(let v)): opacity = min(1, max(0, v))
            case (.transformScale, .number(let v)): scale = v
            case (.transformRotation, .number(let v)): rotation = v
            case (.transformComponent(let c), .number(let v)): components[c] = v
            case (.transform, .transform(let t)): transform = t
            case (.sublayerTransform, .transform(let t)): sublayerTransform = t
            case (.sublayerTransformComponent(let c), .number(let v)): sublayerComponents[c] = v
            case (.zPosition, .number(let v)): zPosition = v
            case (.anchorPointZ, .number(let v)): anchorPointZ = v
            case (.cornerRadius, .number(let v)): cornerRadius = max(0, v)
            case (.backgroundColor, .color(let c)): backgroundColor = c
            case (.filter(let background, let name, let parameter), .number(let v)):
                var list = background ? backgroundFilters : filters
                if let index = list.firstIndex(where: { $0.name == name }), let changed = list[index].filter.setting(parameter, to: v) {
                    list[index].filter = changed
                    if background { backgroundFilters = list } else { filters = list }
                }
            case (.strokeStart, .number(let v)): shape?.strokeStart = v.isNaN ? 0 : min(1, max(0, v))
            case (.strokeEnd, .number(let v)): shape?.strokeEnd = v.isNaN ? 1 : min(1, max(0, v))
            case (.lineDashPhase, .number(let v)): shape?.lineDashPhase = v.isFinite ? v : 0
            case (.lineWidth, .number(let v)): shape?.lineWidth = v.isNaN ? 0 : min(Limits.maximumLineWidth, max(0, v))
            case (.fillColor, .color(let c)): shape?.fillColor = c
            case (.strokeColor, .color(let c)): shape?.strokeColor = c
            case (.path, .path(let p)): if p.isFinite { shape?.path = p }
            case (.instanceCount, .number(let v)):
                // Rounded down, within what the scene file could hold.
                replicator?.instanceCount = min(Limits.maximumReplicatorInstances, max(0, Int(saturating: v, .down)))
            case (.instanceTransform, .transform(let t)): if t.isFinite { replicator?.instanceTransform = t }
            case (.instanceDelay, .number(let v)): replicator?.instanceDelay = v.isFinite ? v : 0
            case (.instanceColor, .color(let c)): replicator?.instanceColor = c
            case (.instanceRedOffset, .number(let v)): replicator?.instanceRedOffset = v.isFinite ? v : 0
            case (.instanceGreenOffset, .number(let v)): replicator?.instanceGreenOffset = v.isFinite ? v : 0
            case (.instanceBlueOffset, .number(let v)): replicator?.instanceBlueOffset = v.isFinite ? v : 0
            case (.instanceAlphaOffset, .number(let v)): replicator?.instanceAlphaOffset = v.isFinite ? v : 0
            case (.startPoint, .point(let p)): if p.x.isFinite && p.y.isFinite { gradient?.startPoint = p }
            case (.endPoint, .point(let p)): if p.x.isFinite && p.y.isFinite { gradient?.endPoint = p }
            case (.gradientColor(let index), .color(let c)):
                if let count = gradient?.colors.count, index < count { gradient?.colors[index] = c }
            case (.gradientLocation(let index), .number(let v)):
                // A stop moves within 0…1; the locations are kept ascending as drawn. Written in
                // place where the gradient has its locations (a Lottie gradient animates every
                // stop's: one write each, not a copy of them all).
                if v.isFinite, let count = gradient?.colors.count, index < count, let locations = gradient?.locations?.count, index < locations {
                    gradient!.locations![index] = min(1, max(0, v))
                } else if var g = gradient, index < g.colors.count, v.isFinite {
                    var locations = g.resolvedLocations
                    locations[index] = min(1, max(0, v))
                    g.locations = locations
                    gradient = g
                }
            case (.shadowOpacity, .number(let v)): if v.isFinite { shadow = (shadow ?? Self.defaultShadow).with { $0.opacity = min(1, max(0, v)) } }
            case (.shadowRadius, .number(let v)): if v.isFinite { shadow = (shadow ?? Self.defaultShadow).with { $0.radius = min(Limits.maximumBlurRadius, max(0, v)) } }
            case (.shadowOffset, .size(let o)):
                if o.width.isFinite, o.height.isFinite {
                    let limit = Limits.maximumPathCoordinate
                    shadow = (shadow ?? Self.defaultShadow).with {
                        $0.offset = Size(width: min(limit, max(-limit, o.width)), height: min(limit, max(-limit, o.height)))
                    }
                }
            case (.shadowColor, .color(let c)): shadow = (shadow ?? Self.defaultShadow).with { $0.color = c }
            default: break  // a value of the wrong kind is rejected when the scene is read
            }
        }
    }

    /// `model` with these values written back: only those written since they were read from
    /// it (the others are the model's own), so a layer nothing changed is the model itself.
    public func applied(to model: Layer) -> Layer {
        if touched.isEmpty { return model }
        var layer = model
        if touched.contains(.position) { layer.position = position }
        if touched.contains(.boundsSize) { layer.bounds.size = boundsSize }
        if touched.contains(.opacity) { layer.opacity = opacity }
        if touched.contains(.transform) {
            layer.transform = components.applied(to: transform)
            if orientation != 0, orientation.isFinite {
                layer.transform = layer.transform.concatenating(Transform3D(Transform2D.rotation(radians: orientation)))
            }
        }
        if touched.contains(.sublayerTransform) { layer.sublayerTransform = sublayerComponents.applied(to: sublayerTransform) }
        if touched.contains(.zPosition) { layer.zPosition = zPosition }
        if touched.contains(.anchorPointZ) { layer.anchorPointZ = anchorPointZ }
        if touched.contains(.cornerRadius) { layer.cornerRadius = cornerRadius }
        if touched.contains(.filters) { layer.filters = filters }
        if touched.contains(.backgroundFilters) { layer.backgroundFilters = backgroundFilters }
        if touched.contains(.shape) { layer.shape = shape }
        if touched.contains(.replicator) { layer.replicator = replicator }
        if touched.contains(.gradient) { layer.gradient = gradient }
        if touched.contains(.shadow) { layer.shadow = shadow }
        if touched.contains(.backgroundColor), model.backgroundColor != nil || backgroundColor != .clear {
            layer.backgroundColor = backgroundColor
        }
        return layer
    }
}

extension Shadow {
    /// This shadow with `change` made to it.
    func with(_ change: (inout Shadow) -> Void) -> Shadow {
        var copy = self
        change(&copy)
        return copy
    }
}
