import Foundation
import StrataModel

extension CALayer {
    /// Sets this (presentation) layer's properties from Strata's presented layer.
    func apply(presented layer: Layer) {
        bounds = CGRect(layer.bounds)
        position = CGPoint(layer.position)
        zPosition = CGFloat(layer.zPosition)
        anchorPointZ = CGFloat(layer.anchorPointZ)
        transform = CATransform3D(layer.transform)
        sublayerTransform = CATransform3D(layer.sublayerTransform)
        opacity = Float(layer.opacity)
        backgroundColor = layer.backgroundColor.map { CGColor($0) }
        cornerRadius = CGFloat(layer.cornerRadius)
        if let shadow = layer.shadow {
            shadowColor = CGColor(shadow.color)
            shadowOpacity = Float(shadow.opacity)
            shadowOffset = CGSize(shadow.offset)
            shadowRadius = CGFloat(shadow.radius)
        }
        if let shape = self as? CAShapeLayer, let content = layer.shape {
            shape.path = content.path.isEmpty && shape.path == nil ? nil : CGPath(content.path)
            shape.fillColor = content.fillColor.map { CGColor($0) }
            shape.strokeColor = content.strokeColor.map { CGColor($0) }
            shape.lineWidth = CGFloat(content.lineWidth)
            shape.strokeStart = CGFloat(content.strokeStart)
            shape.strokeEnd = CGFloat(content.strokeEnd)
            shape.lineDashPhase = CGFloat(content.lineDashPhase)
        }
        if let gradient = self as? CAGradientLayer, let content = layer.gradient {
            gradient.startPoint = CGPoint(content.startPoint)
            gradient.endPoint = CGPoint(content.endPoint)
            gradient.colors = content.colors.map { CGColor($0) }
            gradient.locations = content.locations?.map { NSNumber(value: $0) }
        }
        if let replicator = self as? CAReplicatorLayer, let content = layer.replicator {
            replicator.instanceCount = content.instanceCount
            replicator.instanceTransform = CATransform3D(content.instanceTransform)
            replicator.instanceDelay = content.instanceDelay
            replicator.instanceColor = CGColor(content.instanceColor)
        }
    }
}

extension CALayer {
    /// A transform's parts as Core Animation's key paths name them (`transform.rotation.z`,
    /// `transform.scale.x`, `transform.translation`, …): scale, then rotation about z, then
    /// translation. Nil for a transform outside the layer's plane, or with shear.
    struct TransformParts {
        var translation: (x: CGFloat, y: CGFloat, z: CGFloat)
        var scale: (x: CGFloat, y: CGFloat, z: CGFloat)
        var angle: CGFloat

        init?(_ t: CATransform3D) {
            guard t.m13 == 0, t.m23 == 0, t.m31 == 0, t.m32 == 0, t.m14 == 0, t.m24 == 0, t.m34 == 0, t.m44 == 1 else { return nil }
            let sx = (t.m11 * t.m11 + t.m12 * t.m12).squareRoot()
            let angle = sx == 0 ? 0 : atan2(t.m12, t.m11)
            let sy = t.m22 * cos(angle) - t.m21 * sin(angle)
            let tolerance = 1e-9 * max(1, abs(sy))
            guard abs(t.m21 + sy * sin(angle)) <= tolerance, abs(t.m22 - sy * cos(angle)) <= tolerance else { return nil }
            translation = (t.m41, t.m42, t.m43)
            scale = (sx, sy, t.m33)
            self.angle = angle
        }

        var transform: CATransform3D {
            var t = CATransform3DConcat(CATransform3DMakeScale(scale.x, scale.y, scale.z), CATransform3DMakeRotation(angle, 0, 0, 1))
            t.m41 = translation.x
            t.m42 = translation.y
            t.m43 = translation.z
            return t
        }
    }

    /// `transform.…` or `sublayerTransform.…` set as Core Animation sets it: the named part of the
    /// decomposed matrix changes and the others stay. A transform outside the plane keeps its
    /// translation and takes the part's own matrix for the rest.
    func setTransformComponent(_ value: Any?, keyPath: String) -> Bool {
        let sublayer = keyPath.hasPrefix("sublayerTransform.")
        let part = keyPath.dropFirst(sublayer ? "sublayerTransform.".count : "transform.".count)
        let old = sublayer ? sublayerTransform : transform
        var t = old
        if part == "translation" {
            guard let size = LayerKey.unboxed(value) as? CGSize else { return false }
            t.m41 = size.width
            t.m42 = size.height
        } else {
            guard let v = QuartzConversion.number(value).map({ CGFloat($0) }) else { return false }
            switch part {
            case "translation.x": t.m41 = v
            case "translation.y": t.m42 = v
            case "translation.z": t.m43 = v
            case "rotation", "rotation.z", "scale", "scale.x", "scale.y", "scale.z":
                if var parts = TransformParts(old) {
                    switch part {
                    case "scale": parts.scale = (v, v, v)
                    case "scale.x": parts.scale.x = v
                    case "scale.y": parts.scale.y = v
                    case "scale.z": parts.scale.z = v
                    default: parts.angle = v
                    }
                    t = parts.transform
                } else {
                    t = part.hasPrefix("rotation") ? CATransform3DMakeRotation(v, 0, 0, 1)
                        : CATransform3DMakeScale(part == "scale.y" || part == "scale.z" ? 1 : v, part == "scale.x" || part == "scale.z" ? 1 : v,
                                                 part == "scale.x" || part == "scale.y" ? 1 : v)
                    (t.m41, t.m42, t.m43) = (old.m41, old.m42, old.m43)
                }
            case "rotation.x", "rotation.y":
                t = CATransform3DMakeRotation(v, part == "rotation.x" ? 1 : 0, part == "rotation.y" ? 1 : 0, 0)
                (t.m41, t.m42, t.m43) = (old.m41, old.m42, old.m43)
            default: return false
            }
        }
        if sublayer { sublayerTransform = t } else { transform = t }
        return true
    }

    /// `transform.…` read as Core Animation reads it: `NSNumber`s, and an `NSValue` size for
    /// `translation`; `scale` is the mean of the three scales. Nil for a rotation or scale of a
    /// transform outside the layer's plane.
    func transformComponent(keyPath: String) -> Any? {
        let sublayer = keyPath.hasPrefix("sublayerTransform.")
        let part = keyPath.dropFirst(sublayer ? "sublayerTransform.".count : "transform.".count)
        let t = sublayer ? sublayerTransform : transform
        let number: (CGFloat) -> NSNumber = { NSNumber(value: Double($0)) }
        switch part {
        case "translation": return NSValue(cgSize: CGSize(width: t.m41, height: t.m42))
        case "translation.x": return number(t.m41)
        case "translation.y": return number(t.m42)
        case "translation.z": return number(t.m43)
        default: break
        }
        guard let parts = TransformParts(t) else { return nil }
        switch part {
        case "rotation", "rotation.z": return number(parts.angle)
        case "rotation.x", "rotation.y": return number(0)
        case "scale": return number((parts.scale.x + parts.scale.y + parts.scale.z) / 3)
        case "scale.x": return number(parts.scale.x)
        case "scale.y": return number(parts.scale.y)
        case "scale.z": return number(parts.scale.z)
        default: return nil
        }
    }
}
