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
    /// Sets a property by its Core Animation key path (`setValue(_:forKeyPath:)`): the animatable
    /// properties and their components (`position.x`, `bounds.size.width`, `transform.scale`,
    /// `transform.rotation.z`, …). A value of the wrong type, or a key path that names no such
    /// property, changes nothing and returns false (Core Animation raises an exception).
    @discardableResult
    public func setValue(_ value: Any?, forKeyPath keyPath: String) -> Bool {
        let number = QuartzConversion.number(value).map { CGFloat($0) }
        let unboxed = (value as? NSValue).flatMap { $0 is NSNumber ? nil : $0.quartzObject } ?? value
        switch keyPath {
        case "position": guard let v = unboxed as? CGPoint else { return false }; position = v
        case "position.x": guard let v = number else { return false }; position.x = v
        case "position.y": guard let v = number else { return false }; position.y = v
        case "bounds": guard let v = unboxed as? CGRect else { return false }; bounds = v
        case "bounds.size": guard let v = unboxed as? CGSize else { return false }; bounds.size = v
        case "bounds.size.width": guard let v = number else { return false }; bounds.size.width = v
        case "bounds.size.height": guard let v = number else { return false }; bounds.size.height = v
        case "bounds.origin": guard let v = unboxed as? CGPoint else { return false }; bounds.origin = v
        case "anchorPoint": guard let v = unboxed as? CGPoint else { return false }; anchorPoint = v
        case "zPosition": guard let v = number else { return false }; zPosition = v
        case "anchorPointZ": guard let v = number else { return false }; anchorPointZ = v
        case "opacity": guard let v = number else { return false }; opacity = Float(v)
        case "cornerRadius": guard let v = number else { return false }; cornerRadius = v
        case "borderWidth": guard let v = number else { return false }; borderWidth = v
        case "shadowOpacity": guard let v = number else { return false }; shadowOpacity = Float(v)
        case "shadowRadius": guard let v = number else { return false }; shadowRadius = v
        case "shadowOffset": guard let v = unboxed as? CGSize else { return false }; shadowOffset = v
        case "hidden", "isHidden": guard let v = value as? Bool else { return false }; isHidden = v
        case "backgroundColor", "borderColor", "shadowColor":
            guard value == nil || unboxed is CGColor else { return false }
            let color = unboxed as? CGColor
            if keyPath == "backgroundColor" { backgroundColor = color } else if keyPath == "borderColor" { borderColor = color } else { shadowColor = color }
        case "transform", "sublayerTransform":
            guard let v = unboxed as? CATransform3D else { return false }
            if keyPath == "transform" { transform = v } else { sublayerTransform = v }
        default:
            return setTransformComponent(value: number, keyPath: keyPath)
        }
        return true
    }

    private func setTransformComponent(value: CGFloat?, keyPath: String) -> Bool {
        guard let v = value, keyPath.hasPrefix("transform.") else { return false }
        let t: CATransform3D
        switch keyPath.dropFirst("transform.".count) {
        case "rotation", "rotation.z": t = CATransform3DMakeRotation(v, 0, 0, 1)
        case "rotation.x": t = CATransform3DMakeRotation(v, 1, 0, 0)
        case "rotation.y": t = CATransform3DMakeRotation(v, 0, 1, 0)
        case "scale": t = CATransform3DMakeScale(v, v, v)
        case "scale.x": t = CATransform3DMakeScale(v, 1, 1)
        case "scale.y": t = CATransform3DMakeScale(1, v, 1)
        case "scale.z": t = CATransform3DMakeScale(1, 1, v)
        case "translation.x": t = CATransform3DMakeTranslation(v, 0, 0)
        case "translation.y": t = CATransform3DMakeTranslation(0, v, 0)
        case "translation.z": t = CATransform3DMakeTranslation(0, 0, v)
        default: return false
        }
        // Core Animation sets the component of the decomposed matrix; for a transform made of
        // one such component (the common case) that is the component's matrix.
        transform = t
        return true
    }

    /// A property by its key path (`value(forKeyPath:)`), for the ones `setValue` takes.
    public func value(forKeyPath keyPath: String) -> Any? {
        switch keyPath {
        case "position": position
        case "position.x": position.x
        case "position.y": position.y
        case "bounds": bounds
        case "bounds.size": bounds.size
        case "anchorPoint": anchorPoint
        case "zPosition": zPosition
        case "opacity": opacity
        case "cornerRadius": cornerRadius
        case "transform": transform
        case "backgroundColor": backgroundColor
        case "hidden", "isHidden": isHidden
        default: nil
        }
    }
}
