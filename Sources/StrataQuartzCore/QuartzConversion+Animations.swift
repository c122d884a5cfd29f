import Foundation
import StrataModel

extension QuartzConversion {
    /// Core Animation's timing as Strata's. Outside a group a `beginTime` of 0 is the time the
    /// animation was added; otherwise media time (`CACurrentMediaTime()`) is scene time. A
    /// `duration` of 0 is 0.25 s, or the group's duration for an animation in a group.
    static func timing(of anim: CAAnimation, inGroup groupDuration: Double?, addedAt: Double, origin: Double = 0) -> (timing: MediaTiming, timingFunction: TimingFunction) {
        func finite(_ v: Double, _ fallback: Double) -> Double { v.isFinite ? v : fallback }
        var timing = MediaTiming()
        timing.beginTime = groupDuration != nil ? finite(anim.beginTime, 0) : (anim.beginTime == 0 ? addedAt : finite(anim.beginTime, 0) - origin)
        timing.duration = anim.duration > 0 && anim.duration.isFinite ? anim.duration : (groupDuration ?? 0.25)
        timing.speed = anim.speed.isFinite ? Double(anim.speed) : 1
        timing.timeOffset = finite(anim.timeOffset, 0)
        // HUGE (the largest Float) and infinity both repeat for ever.
        timing.repeatCount = anim.repeatCount >= .greatestFiniteMagnitude ? .infinity : (anim.repeatCount.isNaN ? 0 : Double(max(0, anim.repeatCount)))
        timing.repeatDuration = anim.repeatDuration >= Double(Float.greatestFiniteMagnitude) ? .infinity : max(0, finite(anim.repeatDuration, 0))
        timing.autoreverses = anim.autoreverses
        timing.fillMode = FillMode(rawValue: anim.fillMode.rawValue) ?? .removed
        timing.isRemovedOnCompletion = anim.isRemovedOnCompletion
        return (timing, anim.timingFunction?.strataTimingFunction ?? .linear)
    }

    /// Strata's animations for `anim` (one, or two for a `.translation` of sizes), or none (with
    /// the reason in `errors` or `warnings`).
    func animations(_ anim: CAAnimation, addedAt: Double, inGroup groupDuration: Double?, _ where_: String) -> [Animation] {
        if let property = anim as? CAPropertyAnimation, let path = property.keyPath,
           path == "transform.translation" || path == "sublayerTransform.translation" {
            // A translation of CGSizes: the x and y components animated alike.
            return [("x", \CGSize.width), ("y", \CGSize.height)].flatMap { axis, component in
                animations(Self.component(of: property, keyPath: "\(path).\(axis)", component), addedAt: addedAt, inGroup: groupDuration, where_)
            }
        }
        return animation(anim, addedAt: addedAt, inGroup: groupDuration, where_).map { [$0] } ?? []
    }

    /// A copy of `anim` animating `keyPath` with one component of its size values (other values kept as they are).
    static func component(of anim: CAPropertyAnimation, keyPath: String, _ component: KeyPath<CGSize, CGFloat>) -> CAPropertyAnimation {
        let copy = anim.copy() as! CAPropertyAnimation
        copy.keyPath = keyPath
        func pick(_ value: Any?) -> Any? {
            let unboxed = (value as? NSValue).flatMap { $0 is NSNumber ? nil : $0.quartzObject } ?? value
            return (unboxed as? CGSize).map { $0[keyPath: component] } ?? value
        }
        if let basic = copy as? CABasicAnimation {
            (basic.fromValue, basic.toValue, basic.byValue) = (pick(basic.fromValue), pick(basic.toValue), pick(basic.byValue))
        } else if let keyframe = copy as? CAKeyframeAnimation {
            keyframe.values = keyframe.values?.map { pick($0) as Any }
        }
        return copy
    }

    /// Strata's animation for one animation of Core Animation, or nil.
    private func animation(_ anim: CAAnimation, addedAt: Double, inGroup groupDuration: Double?, _ where_: String) -> Animation? {
        var (timing, timingFunction) = Self.timing(of: anim, inGroup: groupDuration, addedAt: addedAt, origin: origin)
        if groupDuration == nil {
            // In the layer's own time (its and its superlayers' beginTime, speed, timeOffset).
            guard let inSceneTime = clock.sceneTiming(timing) else { return nil }
            timing = inSceneTime
        }
        if let group = anim as? CAAnimationGroup {
            let children = (group.animations ?? []).flatMap { animations($0, addedAt: addedAt, inGroup: timing.duration, where_) }
            return Animation(keyPath: nil, kind: .group(children), timing: timing, timingFunction: timingFunction)
        }
        if anim is CATransition { return nil }   // drawn by `transitionOverlays`
        guard let property = anim as? CAPropertyAnimation else {
            warnings.append("\(where_): a \(type(of: anim)) is not drawn (Strata draws basic, keyframe, spring and group animations)")
            return nil
        }
        let text = property.keyPath ?? ""
        let spelled = text == "bounds" ? "bounds.size" : text
        guard let keyPath = AnimationKeyPath(spelled) else {
            // A key no layer property has is a key of the app's own, which Core Animation
            // animates without drawing anything (its timing and delegate still run).
            let first = String(text.prefix { $0 != "." })
            if text.isEmpty || CALayer.isPropertyName(first) {
                errors.append("\(where_): key path \"\(text)\" is not one Strata animates (docs/core-animation.md lists them)")
            } else {
                warnings.append("\(where_): key path \"\(text)\" names no layer property: a key of the app's own, animated without drawing anything")
            }
            return nil
        }
        let what = "\(where_), key path \"\(text)\""
        if property.isCumulative { warnings.append("\(what): isCumulative is not drawn") }
        if property.valueFunction != nil { warnings.append("\(what): valueFunction is not drawn; name the component in the key path instead") }
        func convert(_ value: Any?, _ role: String) -> AnimationValue?? {
            guard let value else { return .some(nil) }
            guard let converted = self.value(value, for: keyPath, text: text) else {
                errors.append("\(what): \(role) is a \(type(of: value)) (\(value)), expected \(Self.expected(keyPath.valueKind))")
                return nil
            }
            return .some(converted)
        }
        let kind: Animation.Kind
        if let spring = anim as? CASpringAnimation {
            guard let from = convert(spring.fromValue, "fromValue"), let to = convert(spring.toValue, "toValue"),
                  let by = convert(spring.byValue, "byValue") else { return nil }
            kind = .spring(Spring(mass: Double(spring.mass), stiffness: Double(spring.stiffness), damping: Double(spring.damping),
                                  initialVelocity: Double(spring.initialVelocity)), from: from, to: to, by: by)
        } else if let basic = anim as? CABasicAnimation {
            guard let from = convert(basic.fromValue, "fromValue"), let to = convert(basic.toValue, "toValue"),
                  let by = convert(basic.byValue, "byValue") else { return nil }
            kind = .basic(from: from, to: to, by: by)
        } else if let keyframe = anim as? CAKeyframeAnimation {
            var values: [AnimationValue] = []
            for (index, value) in (keyframe.values ?? []).enumerated() {
                guard let converted = convert(value, "values[\(index)]") else { return nil }
                if let converted { values.append(converted) }
            }
            var frames = Keyframes(values: values)
            frames.keyTimes = keyframe.keyTimes?.map(\.doubleValue)
            frames.timingFunctions = keyframe.timingFunctions?.map(\.strataTimingFunction)
            frames.calculationMode = CalculationMode(rawValue: keyframe.calculationMode.rawValue) ?? .linear
            frames.rotationMode = keyframe.rotationMode.flatMap { RotationMode(rawValue: $0.rawValue) }
            if let path = keyframe.path { frames.path = keyframePath(path, what) }
            if keyframe.tensionValues != nil || keyframe.continuityValues != nil || keyframe.biasValues != nil {
                warnings.append("\(what): tension, continuity and bias values are not drawn (cubic keyframes are Catmull-Rom)")
            }
            kind = .keyframe(frames)
        } else {
            warnings.append("\(what): a \(type(of: anim)) is not drawn")
            return nil
        }
        return Animation(keyPath: keyPath, kind: kind, timing: timing, timingFunction: timingFunction, isAdditive: property.isAdditive)
    }

    /// A keyframe path from a `CGPath`: one subpath (a later move is joined by a line, a close
    /// by a line back to the subpath's start).
    private func keyframePath(_ path: CGPath, _ what: String) -> KeyframePath? {
        var start: Point?
        var subpathStart = Point.zero
        var segments: [KeyframePath.Segment] = []
        for element in path.strataPath.elements {
            switch element {
            case .move(let p):
                if start == nil { start = p } else {
                    warnings.append("\(what): a move inside the keyframe path is drawn as a line")
                    segments.append(.line(to: p))
                }
                subpathStart = p
            case .line(let p): segments.append(.line(to: p))
            case .quad(let c, let p): segments.append(.quadCurve(control: c, to: p))
            case .cubic(let c1, let c2, let p): segments.append(.curve(control1: c1, control2: c2, to: p))
            case .close: segments.append(.line(to: subpathStart))
            }
        }
        guard let start, !segments.isEmpty else {
            warnings.append("\(what): the keyframe path is empty")
            return nil
        }
        return KeyframePath(start: start, segments: segments)
    }

    static func expected(_ kind: AnimationValue.Kind) -> String {
        switch kind {
        case .number: "a number (CGFloat, Double, Float, Int or NSNumber)"
        case .point: "a CGPoint"
        case .size: "a CGSize"
        case .color: "a CGColor"
        case .transform: "a CATransform3D"
        case .path: "a CGPath"
        }
    }

    /// A value of the kind `keyPath` takes, or nil.
    func value(_ any: Any, for keyPath: AnimationKeyPath, text: String) -> AnimationValue? {
        let unboxed = (any as? NSValue).flatMap { $0 is NSNumber ? nil : $0.quartzObject } ?? any
        switch keyPath.valueKind {
        case .number: return Self.number(unboxed).map { .number($0) }
        case .point: return (unboxed as? CGPoint).map { .point($0.strataPoint) }
        case .size:
            if let rect = unboxed as? CGRect, text == "bounds" { return .size(rect.size.strataSize) }
            return (unboxed as? CGSize).map { .size($0.strataSize) }
        case .color: return (unboxed as? CGColor).map { .color($0.strataColor) }
        case .transform: return (unboxed as? CATransform3D).map { .transform($0.strataTransform) }
        case .path: return (unboxed as? CGPath).map { .path($0.strataPath) }
        }
    }
}

extension QuartzConversion {
    /// The layer's `CATransition`s as overlays: each the layer as it was last drawn, laid over the
    /// new state in its bounds and fading or sliding out over the transition's time.
    func transitionOverlays(of layer: CALayer, over out: Layer, _ where_: String) -> [Layer] {
        var overlays: [Layer] = []
        for entry in layer.animationEntries {
            guard let transition = entry.animation as? CATransition else { continue }
            guard var before = transition.before else {
                warnings.append("\(where_): a CATransition on a layer not drawn before it was added shows the new state at once")
                continue
            }
            if transition.type != .fade { warnings.append("\(where_): a \(transition.type.rawValue) transition slides the old state out; the new one does not move in") }
            let (timing, timingFunction) = Self.timing(of: transition, inGroup: nil, addedAt: entry.addedAt - origin, origin: origin)
            guard var scene = clock.sceneTiming(timing) else { continue }
            scene.fillMode = .backwards
            scene.isRemovedOnCompletion = true
            // In the new state's bounds, without its own geometry or animations.
            before.removeAllAnimations()
            before.transform = .identity
            before.zPosition = 0
            before.position = Point(x: out.bounds.minX + before.anchorPoint.x * out.bounds.width,
                                    y: out.bounds.minY + before.anchorPoint.y * out.bounds.height)
            let opacity = before.opacity
            before.opacity = 0   // after the transition
            var keep = Animation.basic(.opacity, from: .number(opacity), to: .number(transition.type == .fade ? 0 : opacity), duration: scene.duration)
            keep.timing = scene
            keep.timingFunction = timingFunction
            try? before.add(keep, forKey: "transition.opacity")
            if transition.type != .fade {
                let w = out.bounds.width, h = out.bounds.height
                let away: (Double, Double) = switch transition.subtype {
                case .fromLeft?: (w, 0)
                case .fromTop?: (0, h)
                case .fromBottom?: (0, -h)
                default: (-w, 0)   // from the right: the old state leaves to the left
                }
                var slide = Animation.basic(.position, from: .point(before.position),
                                            to: .point(Point(x: before.position.x + away.0, y: before.position.y + away.1)), duration: scene.duration)
                slide.timing = scene
                slide.timingFunction = timingFunction
                try? before.add(slide, forKey: "transition.position")
            }
            overlays.append(before)
        }
        return overlays
    }
}
