import StrataModel

/// Animated components of a transform on top of a model matrix: what the key paths
/// `transform.rotation.y`, `transform.scale.x`, `transform.translation.z`, … change.
///
/// They compose with the model matrix M as S · Rx · Ry · Rz · T · M (row vectors: scale first,
/// then the rotations about x, y, z, then the translation, then the model's own transform), all
/// about the layer's anchor. So Core Animation's recipe works: a model transform holding only
/// perspective (m34 = −1/d) and a `transform.rotation.y` animation turn the layer, then see it in
/// perspective, as Core Animation's decomposed key paths do. With only the uniform scale and the
/// z rotation set on a 2-D model, the product is computed in 2-D (Rz · S · M).
public struct TransformComponents: Hashable, Sendable {
    public var scale = 1.0
    public var scaleX = 1.0, scaleY = 1.0, scaleZ = 1.0
    public var rotationX = 0.0, rotationY = 0.0, rotationZ = 0.0
    public var translationX = 0.0, translationY = 0.0, translationZ = 0.0

    /// No change.
    public init() {}

    /// The value of one component.
    public subscript(component: TransformComponent) -> Double {
        get {
            switch component {
            case .scale: scale
            case .scaleX: scaleX
            case .scaleY: scaleY
            case .scaleZ: scaleZ
            case .rotationX: rotationX
            case .rotationY: rotationY
            case .rotationZ: rotationZ
            case .translationX: translationX
            case .translationY: translationY
            case .translationZ: translationZ
            }
        }
        set {
            switch component {
            case .scale: scale = newValue
            case .scaleX: scaleX = newValue
            case .scaleY: scaleY = newValue
            case .scaleZ: scaleZ = newValue
            case .rotationX: rotationX = newValue
            case .rotationY: rotationY = newValue
            case .rotationZ: rotationZ = newValue
            case .translationX: translationX = newValue
            case .translationY: translationY = newValue
            case .translationZ: translationZ = newValue
            }
        }
    }

    /// True when nothing is changed.
    public var isIdentity: Bool { self == TransformComponents() }

    /// `model` with the components applied (see the type's discussion for the order).
    public func applied(to model: Transform3D) -> Transform3D {
        if isIdentity { return model }
        let planar = scaleX == 1 && scaleY == 1 && scaleZ == 1 && rotationX == 0 && rotationY == 0
            && translationX == 0 && translationY == 0 && translationZ == 0
        if planar, model.isAffine {
            let change = Transform2D.rotation(radians: rotationZ).concatenating(.scale(x: scale, y: scale))
            return Transform3D(model.affine.isIdentity ? change : change.concatenating(model.affine))
        }
        var change = Transform3D.scale(x: scale * scaleX, y: scale * scaleY, z: scale * scaleZ)
        if rotationX != 0 { change = change.concatenating(.rotation(radians: rotationX, x: 1, y: 0, z: 0)) }
        if rotationY != 0 { change = change.concatenating(.rotation(radians: rotationY, x: 0, y: 1, z: 0)) }
        if rotationZ != 0 { change = change.concatenating(.rotation(radians: rotationZ, x: 0, y: 0, z: 1)) }
        change = change.concatenating(.translation(x: translationX, y: translationY, z: translationZ))
        return change.concatenating(model)
    }
}
