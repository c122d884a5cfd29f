
/// A value an animation produces for a key path: a number, a point, a size or a colour.
public enum AnimationValue: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case point(Point)
    case size(Size)
    case color(Color)

    /// The kind of value, for matching against a key path.
    public enum Kind: String, Sendable {
        case number, point, size, color
    }

    /// The kind of this value.
    public var kind: Kind {
        switch self {
        case .number: .number
        case .point: .point
        case .size: .size
        case .color: .color
        }
    }

    /// The components as a vector (colours: red, green, blue, alpha, straight).
    public var components: [Double] {
        switch self {
        case .number(let v): [v]
        case .point(let p): [p.x, p.y]
        case .size(let s): [s.width, s.height]
        case .color(let c): [c.red, c.green, c.blue, c.alpha]
        }
    }

    /// A value of `kind` from components (colour components are clamped to 0…1). Missing
    /// components are 0 (alpha 1), so that no input can index past the end.
    public static func make(_ kind: Kind, _ components: [Double]) -> AnimationValue {
        let c = components + [0, 0, 0, 1].dropFirst(min(components.count, 4))
        return switch kind {
        case .number: .number(c[0])
        case .point: .point(Point(x: c[0], y: c[1]))
        case .size: .size(Size(width: c[0], height: c[1]))
        case .color: .color(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        }
    }

    /// Linear interpolation: `self` at fraction 0, `other` at 1 (fractions outside extrapolate).
    /// Values of different kinds cannot be blended: `self` until fraction 1, then `other` (scene
    /// files are checked for this at decode; it never traps).
    public func interpolated(to other: AnimationValue, fraction: Double) -> AnimationValue {
        guard kind == other.kind else { return fraction < 1 ? self : other }
        let a = components, b = other.components
        return .make(kind, zip(a, b).map { $0 + ($1 - $0) * fraction })
    }

    /// Component-wise sum (for additive animations and `by`); `self` when the kinds differ.
    public func adding(_ other: AnimationValue) -> AnimationValue {
        guard kind == other.kind else { return self }
        return .make(kind, zip(components, other.components).map(+))
    }

    /// Component-wise difference; `self` when the kinds differ.
    public func subtracting(_ other: AnimationValue) -> AnimationValue {
        guard kind == other.kind else { return self }
        return .make(kind, zip(components, other.components).map(-))
    }

    /// Euclidean distance between the component vectors (for paced keyframes); 0 when the kinds
    /// differ.
    public func distance(to other: AnimationValue) -> Double {
        guard kind == other.kind else { return 0 }
        return zip(components, other.components).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }

    public var description: String {
        switch self {
        case .number(let v): "\(v)"
        case .point(let p): "\(p)"
        case .size(let s): "\(s)"
        case .color(let c): "\(c)"
        }
    }
}

/// The animatable properties of a layer, by Core Animation's key path names.
public enum AnimationKeyPath: Hashable, Sendable, CustomStringConvertible {
    case position
    case positionX
    case positionY
    case boundsSize
    case opacity
    /// A uniform scale applied about the anchor point on top of the model transform (1 = none).
    case transformScale
    /// A rotation in radians about the anchor point on top of the model transform (0 = none).
    case transformRotation
    case cornerRadius
    case backgroundColor
    /// A parameter of a named filter: `filters.<name>.<parameter>` or, with `background`,
    /// `backgroundFilters.<name>.<parameter>` (parameters: radius, angle, amount).
    case filter(background: Bool, name: String, parameter: String)

    /// The fixed key paths (filter key paths are built from the layer's filter names).
    public static let properties: [AnimationKeyPath] = [
        .position, .positionX, .positionY, .boundsSize, .opacity, .transformScale, .transformRotation, .cornerRadius, .backgroundColor,
    ]

    /// Parses a key path: a property name, or `filters.NAME.PARAMETER` / `backgroundFilters.NAME.PARAMETER`.
    public init?(_ text: String) {
        if let property = Self.properties.first(where: { $0.description == text }) {
            self = property
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[0] == "filters" || parts[0] == "backgroundFilters", !parts[1].isEmpty,
              ["radius", "angle", "amount"].contains(parts[2]) else { return nil }
        self = .filter(background: parts[0] == "backgroundFilters", name: parts[1], parameter: parts[2])
    }

    /// Core Animation's spelling.
    public var description: String {
        switch self {
        case .position: "position"
        case .positionX: "position.x"
        case .positionY: "position.y"
        case .boundsSize: "bounds.size"
        case .opacity: "opacity"
        case .transformScale: "transform.scale"
        case .transformRotation: "transform.rotation"
        case .cornerRadius: "cornerRadius"
        case .backgroundColor: "backgroundColor"
        case .filter(let background, let name, let parameter): "\(background ? "backgroundFilters" : "filters").\(name).\(parameter)"
        }
    }

    /// The kind of value the key path takes.
    public var valueKind: AnimationValue.Kind {
        switch self {
        case .position: .point
        case .boundsSize: .size
        case .backgroundColor: .color
        default: .number
        }
    }
}
