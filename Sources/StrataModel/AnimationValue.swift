
/// A value an animation produces for a key path: a number, a point, a size, a colour or a
/// whole 3-D transform.
public enum AnimationValue: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case point(Point)
    case size(Size)
    case color(Color)
    /// A whole matrix (`transform`, `sublayerTransform`): interpolated by decomposition, added by
    /// concatenation. Held out of line (`indirect`): its 128 bytes would make every value, and every
    /// animation holding three (from, to, by), four times larger, and values are copied on every
    /// frame far more often than matrices are made.
    indirect case transform(Transform3D)
    /// A shape layer's path: interpolated point by point between paths of the same structure
    /// (a path of another structure is taken whole at the end of the step); never added.
    case path(Path)

    /// The kind of value, for matching against a key path.
    public enum Kind: String, Sendable {
        case number, point, size, color, transform, path
    }

    /// The kind of this value.
    public var kind: Kind {
        switch self {
        case .number: .number
        case .point: .point
        case .size: .size
        case .color: .color
        case .transform: .transform
        case .path: .path
        }
    }

    /// The components as a vector (colours: red, green, blue, alpha, straight; transforms: the
    /// sixteen entries in row order).
    public var components: [Double] {
        switch self {
        case .number(let v): [v]
        case .point(let p): [p.x, p.y]
        case .size(let s): [s.width, s.height]
        case .color(let c): [c.red, c.green, c.blue, c.alpha]
        case .transform(let t): t.entries
        case .path(let p): p.points.flatMap { [$0.x, $0.y] }
        }
    }

    /// A value of `kind` from components (colour components are clamped to 0…1). Missing
    /// components are 0 (alpha 1; a transform's are the identity's), so that no input can index
    /// past the end.
    public static func make(_ kind: Kind, _ components: [Double]) -> AnimationValue {
        if kind == .transform {
            let identity = Transform3D.identity.entries
            return .transform(Transform3D(entries: Array(components.prefix(16)) + identity.dropFirst(min(components.count, 16)))!)
        }
        let c = components + [0, 0, 0, 1].dropFirst(min(components.count, 4))
        return switch kind {
        case .number: .number(c[0])
        case .point: .point(Point(x: c[0], y: c[1]))
        case .size: .size(Size(width: c[0], height: c[1]))
        case .color: .color(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .transform: .transform(.identity)  // made above
        case .path: .path(Path())  // a path needs its structure: see withComponents(_:)
        }
    }

    /// A value of this one's kind (and, for a path, structure) from components; a path given too
    /// few components keeps its own points.
    public func withComponents(_ components: [Double]) -> AnimationValue {
        guard case .path(let path) = self else { return .make(kind, components) }
        guard components.count == path.points.count * 2 else { return self }
        var index = 0
        var rebuilt = Path()
        for element in path.elements {
            let points = element.points.map { _ in
                defer { index += 2 }
                return Point(x: components[index], y: components[index + 1])
            }
            rebuilt.append(element.withPoints(points))
        }
        return .path(rebuilt)
    }

    /// Linear interpolation: `self` at fraction 0, `other` at 1 (fractions outside extrapolate).
    /// Values of different kinds cannot be blended: `self` until fraction 1, then `other` (scene
    /// files are checked for this at decode; it never traps).
    public func interpolated(to other: AnimationValue, fraction: Double) -> AnimationValue {
        guard kind == other.kind else { return fraction < 1 ? self : other }
        // Numbers, points, sizes and colours component by component as below, without the arrays
        // (every animated layer of every frame interpolates some).
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(mix(a, b))
        case (.point(let a), .point(let b)): return .point(Point(x: mix(a.x, b.x), y: mix(a.y, b.y)))
        case (.size(let a), .size(let b)): return .size(Size(width: mix(a.width, b.width), height: mix(a.height, b.height)))
        case (.color(let a), .color(let b)):
            return .color(Color(red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue), alpha: mix(a.alpha, b.alpha)))
        default: break
        }
        if case .transform(let a) = self, case .transform(let b) = other {
            return .transform(a.interpolated(to: b, fraction: fraction))
        }
        if case .path(let a) = self, case .path(let b) = other {
            return a.interpolated(to: b, fraction: fraction).map(AnimationValue.path) ?? (fraction < 1 ? self : other)
        }
        let a = components, b = other.components
        return .make(kind, zip(a, b).map { $0 + ($1 - $0) * fraction })
    }

    /// Component-wise sum (for additive animations and `by`); `self` when the kinds differ.
    /// Transforms add by concatenation: `other` first, then `self`.
    public func adding(_ other: AnimationValue) -> AnimationValue {
        guard kind == other.kind, kind != .path else { return self }
        if case .transform(let a) = self, case .transform(let b) = other { return .transform(b.concatenating(a)) }
        return .make(kind, zip(components, other.components).map(+))
    }

    /// Component-wise difference; `self` when the kinds differ. Transforms: `other`'s inverse
    /// first, then `self` (so that adding `other` back gives `self`).
    public func subtracting(_ other: AnimationValue) -> AnimationValue {
        guard kind == other.kind, kind != .path else { return self }
        if case .transform(let a) = self, case .transform(let b) = other {
            return .transform(b.inverted().map { $0.concatenating(a) } ?? (a == b ? .identity : a))
        }
        return .make(kind, zip(components, other.components).map(-))
    }

    /// Euclidean distance between the component vectors (for paced keyframes); 0 when the kinds
    /// differ.
    public func distance(to other: AnimationValue) -> Double {
        guard kind == other.kind else { return 0 }
        if case .path(let a) = self, case .path(let b) = other, a.structure != b.structure { return 0 }
        return zip(components, other.components).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }

    public var description: String {
        switch self {
        case .number(let v): "\(v)"
        case .point(let p): "\(p)"
        case .size(let s): "\(s)"
        case .color(let c): "\(c)"
        case .transform(let t): "\(t)"
        case .path(let p): "a path of \(p.elements.count) elements"
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
    /// The whole transform matrix (interpolated by decomposition).
    case transform
    /// One component on top of the model transform, about the anchor point:
    /// `transform.rotation.x`, `transform.scale.z`, `transform.translation.y`, …
    /// (`transform.rotation.z` is `transform.rotation`).
    case transformComponent(TransformComponent)
    /// The whole sublayer transform matrix.
    case sublayerTransform
    /// One component on top of the model sublayer transform: `sublayerTransform.rotation.y`, …
    case sublayerTransformComponent(TransformComponent)
    /// The translation along z and the drawing order among siblings, in points.
    case zPosition
    /// The anchor's z coordinate, in points.
    case anchorPointZ
    /// A parameter of a named filter: `filters.<name>.<parameter>` or, with `background`,
    /// `backgroundFilters.<name>.<parameter>` (parameters: radius, angle, amount).
    case filter(background: Bool, name: String, parameter: String)
    /// A shape layer's stroke range, fractions of the path's length.
    case strokeStart, strokeEnd
    /// A shape layer's dash phase and stroke width, in points.
    case lineDashPhase, lineWidth
    /// A shape layer's fill and stroke colours.
    case fillColor, strokeColor
    /// A shape layer's path (point by point, same structure).
    case path
    /// A replicator's instance count (rounded down), transform, delay (seconds), colour and
    /// colour offsets.
    case instanceCount, instanceTransform, instanceDelay, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
    /// A gradient layer's start and end points (unit coordinates of its bounds), as
    /// `CAGradientLayer.startPoint` and `endPoint`.
    case startPoint, endPoint
    /// One stop of a gradient layer: `colors[N]` (a colour) and `locations[N]` (0…1), N from 0 —
    /// `CAGradientLayer`'s `colors` and `locations` animated one stop at a time.
    case gradientColor(Int), gradientLocation(Int)
    /// The layer's shadow: `shadowOpacity` (0…1), `shadowRadius` (points), `shadowOffset`
    /// (points, y down) and `shadowColor`, as `CALayer`'s. A layer without a shadow animates
    /// from Core Animation's defaults (black, opacity 0, offset (0, −3), radius 3).
    case shadowOpacity, shadowRadius, shadowOffset, shadowColor

    /// The most gradient stops an animation may address (`colors[N]`, `locations[N]`).
    public static let maximumGradientStops = 256

    /// The fixed key paths (filter key paths are built from the layer's filter names).
    public static let properties: [AnimationKeyPath] = [
        .position, .positionX, .positionY, .boundsSize, .opacity, .transformScale, .transformRotation, .cornerRadius, .backgroundColor,
        .transform, .sublayerTransform, .zPosition, .anchorPointZ,
        .strokeStart, .strokeEnd, .lineDashPhase, .lineWidth, .fillColor, .strokeColor, .path,
        .instanceCount, .instanceTransform, .instanceDelay, .instanceColor,
        .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset, .startPoint, .endPoint,
        .shadowOpacity, .shadowRadius, .shadowOffset, .shadowColor,
    ] + TransformComponent.allCases.filter { $0 != .scale }.map { .transformComponent($0) }
        + TransformComponent.allCases.map { .sublayerTransformComponent($0) }

    /// Parses a key path: a property name, or `filters.NAME.PARAMETER` / `backgroundFilters.NAME.PARAMETER`.
    public init?(_ text: String) {
        if let property = Self.properties.first(where: { $0.description == text }) {
            self = property
            return
        }
        if text == "sublayerTransform.rotation" {
            self = .sublayerTransformComponent(.rotationZ)
            return
        }
        for (prefix, make) in [("colors[", AnimationKeyPath.gradientColor), ("locations[", AnimationKeyPath.gradientLocation)] where text.hasPrefix(prefix) && text.hasSuffix("]") {
            guard let index = Int(text.dropFirst(prefix.count).dropLast()), (0..<Self.maximumGradientStops).contains(index) else { return nil }
            self = make(index)
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
        case .transform: "transform"
        case .transformComponent(let component): "transform.\(component.rawValue)"
        case .sublayerTransform: "sublayerTransform"
        case .sublayerTransformComponent(let component): "sublayerTransform.\(component.rawValue)"
        case .zPosition: "zPosition"
        case .anchorPointZ: "anchorPointZ"
        case .filter(let background, let name, let parameter): "\(background ? "backgroundFilters" : "filters").\(name).\(parameter)"
        case .strokeStart: "strokeStart"
        case .strokeEnd: "strokeEnd"
        case .lineDashPhase: "lineDashPhase"
        case .lineWidth: "lineWidth"
        case .fillColor: "fillColor"
        case .strokeColor: "strokeColor"
        case .path: "path"
        case .instanceCount: "instanceCount"
        case .instanceTransform: "instanceTransform"
        case .instanceDelay: "instanceDelay"
        case .instanceColor: "instanceColor"
        case .instanceRedOffset: "instanceRedOffset"
        case .instanceGreenOffset: "instanceGreenOffset"
        case .instanceBlueOffset: "instanceBlueOffset"
        case .instanceAlphaOffset: "instanceAlphaOffset"
        case .startPoint: "startPoint"
        case .endPoint: "endPoint"
        case .gradientColor(let index): "colors[\(index)]"
        case .gradientLocation(let index): "locations[\(index)]"
        case .shadowOpacity: "shadowOpacity"
        case .shadowRadius: "shadowRadius"
        case .shadowOffset: "shadowOffset"
        case .shadowColor: "shadowColor"
        }
    }

    /// The kind of value the key path takes.
    public var valueKind: AnimationValue.Kind {
        switch self {
        case .position, .startPoint, .endPoint: .point
        case .boundsSize, .shadowOffset: .size
        case .backgroundColor, .fillColor, .strokeColor, .instanceColor, .gradientColor, .shadowColor: .color
        case .transform, .sublayerTransform, .instanceTransform: .transform
        case .path: .path
        default: .number
        }
    }

    /// True for key paths whose values are angles (radians; scene files may say `degrees:`).
    public var isAngle: Bool {
        switch self {
        case .transformRotation: true
        case .transformComponent(let c), .sublayerTransformComponent(let c): c.isRotation
        case .filter(_, _, "angle"): true
        default: false
        }
    }
}

/// One component of a transform that a key path animates on top of the model's matrix.
public enum TransformComponent: String, Hashable, Sendable, CaseIterable {
    /// Uniform scale (x, y and z).
    case scale
    case scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
    /// Rotations, in radians, about the anchor's axes (right-handed, y down, +z toward the viewer).
    case rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
    /// Translations, in points.
    case translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"

    /// True for the rotations.
    public var isRotation: Bool { self == .rotationX || self == .rotationY || self == .rotationZ }
}
