import Foundation
import StrataAnimation
import StrataModel

extension CALayer {
    /// Adds a copy of `anim` under `key` (replacing one with that key), as Core Animation does.
    /// A `beginTime` of 0 starts it now (the layer's time at `CACurrentMediaTime()`). An animation
    /// whose values do not fit its key path, or whose key path Strata does not animate, is refused
    /// here and reported when the layer is drawn, naming the layer, the key and the key path.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        let copy = anim.copy() as! CAAnimation
        if let transition = copy as? CATransition { transition.before = lastDrawn }
        // Values are checked when added (Core Animation would take them and misbehave): an
        // animation Strata cannot draw is refused, and reported with the layer when it is drawn.
        let check = QuartzConversion()
        _ = check.animations(copy, addedAt: 0, inGroup: nil, "the animation added as \(key.map { "\"\($0)\"" } ?? "one without a key")")
        guard check.errors.isEmpty else {
            refusals += check.errors.map { "\($0) (not added)" }
            return
        }
        // Core Animation's "now" for a beginTime of 0: the layer's own time when added.
        let now = convertTime(CACurrentMediaTime(), from: nil)
        let name: String
        if let key {
            name = key
        } else {
            unnamedAnimations += 1
            name = "\u{1}unnamed-\(unnamedAnimations)"   // not a key code can ask for
        }
        if let index = animationEntries.firstIndex(where: { $0.key == name }) {
            let old = animationEntries[index].animation
            animationEntries[index] = (name, copy, now)
            old.delegate?.animationDidStop(old, finished: false)
        } else {
            animationEntries.append((name, copy, now))
        }
        // Start and end on the media clock (through the layers' own time).
        let localStart = copy.beginTime == 0 ? now : copy.beginTime
        let start = toMediaTime(localStart), end = toMediaTime(localStart + Self.activeDuration(of: copy))
        let state = QuartzThreadState.current
        if end.isFinite { state.noteAnimation(endingAt: end) }
        if let delegate = copy.delegate {
            state.when(start) { delegate.animationDidStart(copy) }
            if end.isFinite {
                state.when(end) { [weak self] in
                    guard let self else { return }
                    // Still on the layer (not removed or replaced): it finished.
                    guard self.animationEntries.contains(where: { $0.animation === copy }) else { return }
                    if copy.isRemovedOnCompletion { self.animationEntries.removeAll { $0.animation === copy } }
                    delegate.animationDidStop(copy, finished: true)
                }
            }
        }
    }

    /// The animation under `key` (the copy the layer holds).
    public func animation(forKey key: String) -> CAAnimation? {
        animationEntries.first { $0.key == key }?.animation
    }
    public func removeAnimation(forKey key: String) {
        guard let index = animationEntries.firstIndex(where: { $0.key == key }) else { return }
        let removed = animationEntries.remove(at: index).animation
        removed.delegate?.animationDidStop(removed, finished: false)
    }
    public func removeAllAnimations() {
        let removed = animationEntries
        animationEntries = []
        for entry in removed { entry.animation.delegate?.animationDidStop(entry.animation, finished: false) }
    }
    public func animationKeys() -> [String]? {
        let keys = animationEntries.map(\.key).filter { !$0.hasPrefix("\u{1}") }
        return keys.isEmpty ? nil : keys
    }

    /// Seconds from an animation's start to its end in its parent's time; infinity for ever.
    static func activeDuration(of anim: CAAnimation) -> CFTimeInterval {
        let timing = QuartzConversion.timing(of: anim, inGroup: nil, addedAt: 0).timing
        return timing.activeDurationInParent
    }

    /// The layer as shown at the current media time (`CACurrentMediaTime()`): a copy whose
    /// properties hold the animated values (position, bounds' size, opacity, transform, colours,
    /// a shape's path and stroke range, …). Nil for a layer class of the app's own, which Strata
    /// cannot make (it returns its model's values through `model()`).
    public func presentation() -> Self? {
        let layer = QuartzConversion().layer(self)
        guard let presented = PresentationTree(evaluating: [layer], atSeconds: CACurrentMediaTime()).layers.first else { return nil }
        let copy = makeCopy()
        copy.isPresentationCopy = true
        copy.apply(presented: presented)
        return copy as? Self
    }
    /// The layer itself (the model).
    public func model() -> Self { self }

    /// Converts a point in this layer's bounds to `layer`'s (both in one tree; affine maps only).
    public func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
        let p = toRoot.apply(to: point.strataPoint)
        guard let layer, let back = Transform3D(layer.toRoot).inverted()?.affine else { return CGPoint(p) }
        return CGPoint(back.apply(to: p))
    }
    public func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint {
        let p = layer.map { $0.toRoot.apply(to: point.strataPoint) } ?? point.strataPoint
        guard let back = Transform3D(toRoot).inverted()?.affine else { return point }
        return CGPoint(back.apply(to: p))
    }
    public func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect {
        let a = convert(rect.origin, to: layer), b = convert(CGPoint(x: rect.maxX, y: rect.maxY), to: layer)
        return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
    public func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect {
        let a = convert(rect.origin, from: layer), b = convert(CGPoint(x: rect.maxX, y: rect.maxY), from: layer)
        return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
    /// This layer's coordinates to the root's (the affine part of each transform).
    var toRoot: Transform2D {
        var transform = Transform2D.identity
        var layer: CALayer? = self
        while let current = layer, let parent = current.superlayer {
            var step = current.strataTransformToSuperlayer.affine
            if !parent.sublayerTransform.strataTransform.isIdentity {
                let ax = Double(parent.bounds.minX + parent.anchorPoint.x * parent.bounds.width)
                let ay = Double(parent.bounds.minY + parent.anchorPoint.y * parent.bounds.height)
                step = step.concatenating(Transform2D(a: 1, b: 0, c: 0, d: 1, tx: -ax, ty: -ay))
                    .concatenating(parent.sublayerTransform.strataTransform.affine)
                    .concatenating(Transform2D(a: 1, b: 0, c: 0, d: 1, tx: ax, ty: ay))
            }
            let origin = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: -Double(parent.bounds.minX), ty: -Double(parent.bounds.minY))
            transform = transform.concatenating(step).concatenating(origin)
            layer = parent
        }
        return transform
    }

    // MARK: Implicit animations

    /// An animatable property changed from `old`: Core Animation's implicit animation, when the
    /// layer has been committed, actions are enabled and the layer's `actions` allow it.
    /// A key of the app's own (`custom`) animates only through an action the app gives, as Core
    /// Animation's default action for it is none.
    func changed(_ key: String, _ old: Any?, custom: Bool = false) {
        if type(of: self).needsDisplay(forKey: key) { needsDisplayFlag = true }
        guard !isPresentationCopy, createdEpoch < CATransaction.epoch, !CATransaction.disableActions() else { return }
        if let action = action(forKey: key) {
            if let animation = action as? CAAnimation { add(animation, forKey: key) }
            return   // NSNull, or an animation of the app's
        }
        guard !custom else { return }
        let animation = CABasicAnimation(keyPath: key == "bounds" ? "bounds.size" : key)
        animation.fromValue = key == "bounds" ? (old as? CGRect).map { $0.size } : old
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        add(animation, forKey: key)
    }
}
