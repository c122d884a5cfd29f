import Foundation

/// One key of a layer's key-value coding: how to read it, boxed as Core Animation boxes it
/// (numbers as `NSNumber`, geometry as `NSValue`), and how to set it.
struct LayerKey {
    let get: (CALayer) -> Any?
    /// Sets the value; false when it is not of the key's type.
    let set: (CALayer, Any?) -> Bool

    static func number<L: CALayer>(_ path: ReferenceWritableKeyPath<L, CGFloat>) -> LayerKey {
        LayerKey(get: { NSNumber(value: Double(($0 as! L)[keyPath: path])) },
                 set: { guard let v = QuartzConversion.number($1) else { return false }; ($0 as! L)[keyPath: path] = CGFloat(v); return true })
    }
    static func float<L: CALayer>(_ path: ReferenceWritableKeyPath<L, Float>) -> LayerKey {
        LayerKey(get: { NSNumber(value: ($0 as! L)[keyPath: path]) },
                 set: { guard let v = QuartzConversion.number($1) else { return false }; ($0 as! L)[keyPath: path] = Float(v); return true })
    }
    static func seconds<L: CALayer>(_ path: ReferenceWritableKeyPath<L, Double>) -> LayerKey {
        LayerKey(get: { NSNumber(value: ($0 as! L)[keyPath: path]) },
                 set: { guard let v = QuartzConversion.number($1) else { return false }; ($0 as! L)[keyPath: path] = v; return true })
    }
    static func integer<L: CALayer>(_ path: ReferenceWritableKeyPath<L, Int>) -> LayerKey {
        LayerKey(get: { NSNumber(value: ($0 as! L)[keyPath: path]) },
                 set: { guard let v = QuartzConversion.number($1), let n = Int(exactly: v.rounded(.towardZero)) else { return false }; ($0 as! L)[keyPath: path] = n; return true })
    }
    static func flag<L: CALayer>(_ path: ReferenceWritableKeyPath<L, Bool>) -> LayerKey {
        LayerKey(get: { NSNumber(value: ($0 as! L)[keyPath: path]) },
                 set: { layer, value in
                     guard let v = value as? Bool ?? QuartzConversion.number(value).map({ $0 != 0 }) else { return false }
                     (layer as! L)[keyPath: path] = v
                     return true
                 })
    }
    static func point<L: CALayer>(_ path: ReferenceWritableKeyPath<L, CGPoint>) -> LayerKey {
        LayerKey(get: { NSValue(cgPoint: ($0 as! L)[keyPath: path]) },
                 set: { guard let v = unboxed($1) as? CGPoint else { return false }; ($0 as! L)[keyPath: path] = v; return true })
    }
    static func size<L: CALayer>(_ path: ReferenceWritableKeyPath<L, CGSize>) -> LayerKey {
        LayerKey(get: { NSValue(cgSize: ($0 as! L)[keyPath: path]) },
                 set: { guard let v = unboxed($1) as? CGSize else { return false }; ($0 as! L)[keyPath: path] = v; return true })
    }
    static func rect<L: CALayer>(_ path: ReferenceWritableKeyPath<L, CGRect>) -> LayerKey {
        LayerKey(get: { NSValue(cgRect: ($0 as! L)[keyPath: path]) },
                 set: { guard let v = unboxed($1) as? CGRect else { return false }; ($0 as! L)[keyPath: path] = v; return true })
    }
    static func transform<L: CALayer>(_ path: ReferenceWritableKeyPath<L, CATransform3D>) -> LayerKey {
        LayerKey(get: { NSValue(caTransform3D: ($0 as! L)[keyPath: path]) },
                 set: { guard let v = unboxed($1) as? CATransform3D else { return false }; ($0 as! L)[keyPath: path] = v; return true })
    }
    /// A reference or value kept as it is (`CGColor?`, `CGPath?`, `CALayer?`, `String?`, …); nil clears it.
    static func object<L: CALayer, T>(_ path: ReferenceWritableKeyPath<L, T?>) -> LayerKey {
        LayerKey(get: { ($0 as! L)[keyPath: path] },
                 set: { layer, value in
                     let opened = unboxed(value)
                     guard value == nil || opened is T else { return false }
                     (layer as! L)[keyPath: path] = opened as? T
                     return true
                 })
    }
    /// A string option (`lineCap`, `contentsGravity`, …), read as its string.
    static func option<L: CALayer, T: QuartzStringOption>(_ path: ReferenceWritableKeyPath<L, T>) -> LayerKey {
        LayerKey(get: { ($0 as! L)[keyPath: path].rawValue },
                 set: { layer, value in
                     guard let v = value as? T ?? (value as? String).map(T.init(rawValue:)) else { return false }
                     (layer as! L)[keyPath: path] = v
                     return true
                 })
    }
    /// An array of numbers (`lineDashPattern`, `locations`), read as `[NSNumber]`.
    static func numbers<L: CALayer>(_ path: ReferenceWritableKeyPath<L, [NSNumber]?>) -> LayerKey {
        LayerKey(get: { ($0 as! L)[keyPath: path] },
                 set: { layer, value in
                     guard let value else { (layer as! L)[keyPath: path] = nil; return true }
                     guard let items = value as? [Any] else { return false }
                     let numbers = items.compactMap { QuartzConversion.number($0) }
                     guard numbers.count == items.count else { return false }
                     (layer as! L)[keyPath: path] = numbers.map { NSNumber(value: $0) }
                     return true
                 })
    }
    /// A component of a geometric property (`position.x`, `bounds.size.width`).
    static func component<L: CALayer, V>(_ path: ReferenceWritableKeyPath<L, V>, _ part: WritableKeyPath<V, CGFloat>) -> LayerKey {
        LayerKey(get: { NSNumber(value: Double(($0 as! L)[keyPath: path][keyPath: part])) },
                 set: { guard let v = QuartzConversion.number($1) else { return false }; ($0 as! L)[keyPath: path][keyPath: part] = CGFloat(v); return true })
    }

    /// An `NSValue` holding geometry opened to its Swift value; anything else as it is.
    static func unboxed(_ value: Any?) -> Any? {
        (value as? NSValue).flatMap { $0 is NSNumber ? nil : $0.quartzObject } ?? value
    }
}

extension CALayer {
    /// The key `keyPath` names on this layer's class, or nil for a key the class does not have.
    func layerKey(_ keyPath: String) -> LayerKey? {
        if let key = Self.baseKey(keyPath) { return key }
        switch self {
        case is CAShapeLayer: return Self.shapeKey(keyPath)
        case is CAGradientLayer: return Self.gradientKey(keyPath)
        case is CATextLayer: return Self.textKey(keyPath)
        case is CAReplicatorLayer: return Self.replicatorKey(keyPath)
        case is CAEmitterLayer: return Self.emitterKey(keyPath)
        default: return nil
        }
    }

    /// Whether `name` is a property of `CALayer` or one of its subclasses: a key path starting
    /// with one is checked against it; any other is a key of the app's own (Core Animation keeps
    /// such keys, and animates them without drawing anything).
    static func isPropertyName(_ name: String) -> Bool {
        baseKey(name) ?? shapeKey(name) ?? gradientKey(name) ?? textKey(name) ?? replicatorKey(name) ?? emitterKey(name) != nil
            || ["transform", "sublayerTransform", "frame", "superlayer"].contains(name)
    }

    /// Sets a property by its key path (`setValue(_:forKeyPath:)`): every property of the layer's
    /// class, the components Core Animation names (`position.x`, `bounds.size.width`,
    /// `transform.rotation.z`, `transform.scale`, `transform.translation.x`, …), and, as
    /// `CALayer` allows, keys of the app's own, which are kept and read back. A value of the
    /// wrong type, or a component the property does not have, changes nothing and returns false
    /// (Core Animation raises an exception).
    @discardableResult
    public func setValue(_ value: Any?, forKeyPath keyPath: String) -> Bool {
        if let key = layerKey(keyPath) { return key.set(self, value) }
        if keyPath.hasPrefix("transform.") || keyPath.hasPrefix("sublayerTransform.") {
            return setTransformComponent(value, keyPath: keyPath)
        }
        let first = String(keyPath.prefix { $0 != "." })
        guard layerKey(first) == nil, !Self.isPropertyName(first) || !keyPath.contains(".") else { return false }
        let old = customValues[keyPath]
        customValues[keyPath] = value
        changed(keyPath, old, custom: true)
        return true
    }

    /// `setValue(_:forKey:)`: as `setValue(_:forKeyPath:)`.
    @discardableResult
    public func setValue(_ value: Any?, forKey key: String) -> Bool { setValue(value, forKeyPath: key) }

    /// A property by its key path (`value(forKeyPath:)`), boxed as Core Animation boxes it: numbers
    /// as `NSNumber`, points, sizes, rectangles and transforms as `NSValue`. A key of the app's
    /// own reads what was set, or the class's `defaultValue(forKey:)`.
    public func value(forKeyPath keyPath: String) -> Any? {
        if let key = layerKey(keyPath) { return key.get(self) }
        if keyPath.hasPrefix("transform.") || keyPath.hasPrefix("sublayerTransform.") {
            return transformComponent(keyPath: keyPath)
        }
        return customValues[keyPath] ?? type(of: self).defaultValue(forKey: keyPath)
    }

    /// `value(forKey:)`: as `value(forKeyPath:)`.
    public func value(forKey key: String) -> Any? { value(forKeyPath: key) }

    // MARK: The keys of each class

    static func baseKey(_ keyPath: String) -> LayerKey? {
        switch keyPath {
        case "position": .point(\CALayer.position)
        case "position.x": .component(\CALayer.position, \.x)
        case "position.y": .component(\CALayer.position, \.y)
        case "bounds": .rect(\CALayer.bounds)
        case "bounds.origin": .point(\CALayer.bounds.origin)
        case "bounds.origin.x": .component(\CALayer.bounds, \.origin.x)
        case "bounds.origin.y": .component(\CALayer.bounds, \.origin.y)
        case "bounds.size": .size(\CALayer.bounds.size)
        case "bounds.size.width": .component(\CALayer.bounds, \.size.width)
        case "bounds.size.height": .component(\CALayer.bounds, \.size.height)
        case "frame": .rect(\CALayer.frame)
        case "anchorPoint": .point(\CALayer.anchorPoint)
        case "anchorPoint.x": .component(\CALayer.anchorPoint, \.x)
        case "anchorPoint.y": .component(\CALayer.anchorPoint, \.y)
        case "zPosition": .number(\CALayer.zPosition)
        case "anchorPointZ": .number(\CALayer.anchorPointZ)
        case "transform": .transform(\CALayer.transform)
        case "sublayerTransform": .transform(\CALayer.sublayerTransform)
        case "opacity": .float(\CALayer.opacity)
        case "hidden", "isHidden": .flag(\CALayer.isHidden)
        case "doubleSided", "isDoubleSided": .flag(\CALayer.isDoubleSided)
        case "geometryFlipped", "isGeometryFlipped": .flag(\CALayer.isGeometryFlipped)
        case "masksToBounds": .flag(\CALayer.masksToBounds)
        case "opaque", "isOpaque": .flag(\CALayer.isOpaque)
        case "shouldRasterize": .flag(\CALayer.shouldRasterize)
        case "allowsGroupOpacity": .flag(\CALayer.allowsGroupOpacity)
        case "allowsEdgeAntialiasing": .flag(\CALayer.allowsEdgeAntialiasing)
        case "drawsAsynchronously": .flag(\CALayer.drawsAsynchronously)
        case "needsDisplayOnBoundsChange": .flag(\CALayer.needsDisplayOnBoundsChange)
        case "rasterizationScale": .number(\CALayer.rasterizationScale)
        case "backgroundColor": .object(\CALayer.backgroundColor)
        case "cornerRadius": .number(\CALayer.cornerRadius)
        case "maskedCorners":
            LayerKey(get: { NSNumber(value: $0.maskedCorners.rawValue) },
                     set: { guard let v = QuartzConversion.number($1), v >= 0, v < 16 else { return false }; $0.maskedCorners = CACornerMask(rawValue: UInt(v)); return true })
        case "borderWidth": .number(\CALayer.borderWidth)
        case "borderColor": .object(\CALayer.borderColor)
        case "shadowColor": .object(\CALayer.shadowColor)
        case "shadowOpacity": .float(\CALayer.shadowOpacity)
        case "shadowOffset": .size(\CALayer.shadowOffset)
        case "shadowOffset.width": .component(\CALayer.shadowOffset, \.width)
        case "shadowOffset.height": .component(\CALayer.shadowOffset, \.height)
        case "shadowRadius": .number(\CALayer.shadowRadius)
        case "shadowPath": .object(\CALayer.shadowPath)
        case "contents": .object(\CALayer.contents)
        case "contentsGravity": .option(\CALayer.contentsGravity)
        case "contentsScale": .number(\CALayer.contentsScale)
        case "contentsRect": .rect(\CALayer.contentsRect)
        case "contentsCenter": .rect(\CALayer.contentsCenter)
        case "contentsFormat": .option(\CALayer.contentsFormat)
        case "mask": .object(\CALayer.mask)
        case "filters": .object(\CALayer.filters)
        case "backgroundFilters": .object(\CALayer.backgroundFilters)
        case "compositingFilter": .object(\CALayer.compositingFilter)
        case "name": .object(\CALayer.name)
        case "sublayers": .object(\CALayer.sublayers)
        case "beginTime": .seconds(\CALayer.beginTime)
        case "timeOffset": .seconds(\CALayer.timeOffset)
        case "duration": .seconds(\CALayer.duration)
        case "speed": .float(\CALayer.speed)
        case "repeatCount": .float(\CALayer.repeatCount)
        case "autoreverses": .flag(\CALayer.autoreverses)
        default: nil
        }
    }

    static func shapeKey(_ keyPath: String) -> LayerKey? {
        switch keyPath {
        case "path": .object(\CAShapeLayer.path)
        case "fillColor": .object(\CAShapeLayer.fillColor)
        case "strokeColor": .object(\CAShapeLayer.strokeColor)
        case "lineWidth": .number(\CAShapeLayer.lineWidth)
        case "strokeStart": .number(\CAShapeLayer.strokeStart)
        case "strokeEnd": .number(\CAShapeLayer.strokeEnd)
        case "miterLimit": .number(\CAShapeLayer.miterLimit)
        case "lineDashPhase": .number(\CAShapeLayer.lineDashPhase)
        case "lineDashPattern": .numbers(\CAShapeLayer.lineDashPattern)
        case "lineCap": .option(\CAShapeLayer.lineCap)
        case "lineJoin": .option(\CAShapeLayer.lineJoin)
        case "fillRule": .option(\CAShapeLayer.fillRule)
        default: nil
        }
    }

    static func gradientKey(_ keyPath: String) -> LayerKey? {
        switch keyPath {
        case "colors": .object(\CAGradientLayer.colors)
        case "locations": .numbers(\CAGradientLayer.locations)
        case "startPoint": .point(\CAGradientLayer.startPoint)
        case "startPoint.x": .component(\CAGradientLayer.startPoint, \.x)
        case "startPoint.y": .component(\CAGradientLayer.startPoint, \.y)
        case "endPoint": .point(\CAGradientLayer.endPoint)
        case "endPoint.x": .component(\CAGradientLayer.endPoint, \.x)
        case "endPoint.y": .component(\CAGradientLayer.endPoint, \.y)
        case "type": .option(\CAGradientLayer.type)
        default: nil
        }
    }

    static func textKey(_ keyPath: String) -> LayerKey? {
        switch keyPath {
        case "string": .object(\CATextLayer.string)
        case "font": .object(\CATextLayer.font)
        case "fontSize": .number(\CATextLayer.fontSize)
        case "foregroundColor": .object(\CATextLayer.foregroundColor)
        case "wrapped", "isWrapped": .flag(\CATextLayer.isWrapped)
        case "truncationMode": .option(\CATextLayer.truncationMode)
        case "alignmentMode": .option(\CATextLayer.alignmentMode)
        case "allowsFontSubpixelQuantization": .flag(\CATextLayer.allowsFontSubpixelQuantization)
        default: nil
        }
    }

    static func replicatorKey(_ keyPath: String) -> LayerKey? {
        switch keyPath {
        case "instanceCount": .integer(\CAReplicatorLayer.instanceCount)
        case "preservesDepth": .flag(\CAReplicatorLayer.preservesDepth)
        case "instanceDelay": .seconds(\CAReplicatorLayer.instanceDelay)
        case "instanceTransform": .transform(\CAReplicatorLayer.instanceTransform)
        case "instanceColor": .object(\CAReplicatorLayer.instanceColor)
        case "instanceRedOffset": .float(\CAReplicatorLayer.instanceRedOffset)
        case "instanceGreenOffset": .float(\CAReplicatorLayer.instanceGreenOffset)
        case "instanceBlueOffset": .float(\CAReplicatorLayer.instanceBlueOffset)
        case "instanceAlphaOffset": .float(\CAReplicatorLayer.instanceAlphaOffset)
        default: nil
        }
    }

    static func emitterKey(_ keyPath: String) -> LayerKey? {
        switch keyPath {
        case "emitterCells": .object(\CAEmitterLayer.emitterCells)
        case "birthRate": .float(\CAEmitterLayer.birthRate)
        case "lifetime": .float(\CAEmitterLayer.lifetime)
        case "emitterPosition": .point(\CAEmitterLayer.emitterPosition)
        case "emitterZPosition": .number(\CAEmitterLayer.emitterZPosition)
        case "emitterSize": .size(\CAEmitterLayer.emitterSize)
        case "emitterDepth": .number(\CAEmitterLayer.emitterDepth)
        case "velocity": .float(\CAEmitterLayer.velocity)
        case "scale": .float(\CAEmitterLayer.scale)
        case "spin": .float(\CAEmitterLayer.spin)
        default: nil
        }
    }
}
