/// An animation added to a layer, with the key it was added under.
public struct KeyedAnimation: Hashable, Sendable {
    /// The key given to `add(_:forKey:)`; nil when none was given (then it cannot be looked up).
    public var key: String?
    /// The animation.
    public var animation: Animation
}

/// An animation that does not fit the layer it is added to: named by the layer and key path.
public struct AnimationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The layer's name, or nil for an unnamed layer.
    public var layer: String?
    /// The key path, e.g. `position.x` (for a child of a group, `group.animations[1].position.x`).
    public var keyPath: String
    /// What was expected and what was found.
    public var expected: String
    public var found: String

    public var description: String {
        "layer \(layer.map { "\"\($0)\"" } ?? "(unnamed)"): \(keyPath): expected \(expected), found \(found)"
    }
}

// MARK: - Core Animation's animation API

extension Layer {
    /// Adds `animation` (as `CALayer.add(_:forKey:)`): an animation already under `key` is removed
    /// first, and the new one applies on top of the others. Throws when a value does not fit the
    /// key path (a point for `position.x`, say), naming the layer and key path; nothing is added then.
    public mutating func add(_ animation: Animation, forKey key: String? = nil) throws(AnimationError) {
        try animation.check(layer: self, prefix: "")
        if let key { mutableAnimations.removeAll { $0.key == key } }
        mutableAnimations.append(KeyedAnimation(key: key, animation: animation))
    }

    /// The animation added under `key`, or nil.
    public func animation(forKey key: String) -> Animation? {
        animations.last { $0.key == key }?.animation
    }

    /// Removes the animation added under `key` (nothing when there is none).
    public mutating func removeAnimation(forKey key: String) {
        mutableAnimations.removeAll { $0.key == key }
    }

    /// Removes every animation of this layer (not of its sublayers).
    public mutating func removeAllAnimations() {
        mutableAnimations.removeAll()
    }

    /// The keys of the animations, in the order added (animations added without a key have none).
    public func animationKeys() -> [String] {
        animations.compactMap(\.key)
    }
}

extension Animation {
    /// Checks that every value fits its key path and that a filter key path names one of the
    /// layer's filters, recursively through groups.
    func check(layer: Layer, prefix: String) throws(AnimationError) {
        func fail(_ path: String, _ expected: String, _ found: String) -> AnimationError {
            AnimationError(layer: layer.name, keyPath: prefix + path, expected: expected, found: found)
        }
        if case .group(let children) = kind {
            for (index, child) in children.enumerated() {
                try child.check(layer: layer, prefix: "\(prefix)group.animations[\(index)].")
            }
            return
        }
        guard let keyPath else { throw fail("(no key path)", "a key path for an animation that is not a group", "none") }
        if let problem = layer.problem(animating: keyPath) { throw fail(keyPath.description, problem.expected, problem.found) }
        let expected = keyPath.valueKind
        var values: [AnimationValue?] = []
        switch kind {
        case .basic(let from, let to, let by), .spring(_, let from, let to, let by):
            guard from != nil || to != nil || by != nil else { throw fail(keyPath.description, "from, to or by", "none of them") }
            values = [from, to, by]
        case .keyframe(let keyframes):
            if keyframes.path != nil, keyPath != .position {
                throw fail(keyPath.description, "values (a path animates position only)", "a path")
            }
            if keyframes.path == nil && keyframes.values.isEmpty { throw fail(keyPath.description, "at least one value", "none") }
            values = keyframes.values
        case .group:
            return
        }
        for value in values.compactMap({ $0 }) where value.kind != expected {
            throw fail(keyPath.description, "a \(expected) value", "\(value.kind) \(value)")
        }
        let numbers = [timing.beginTime, timing.duration, timing.speed, timing.timeOffset, timing.repeatDuration]
        if numbers.contains(where: { !$0.isFinite }) || timing.repeatCount.isNaN {
            throw fail(keyPath.description, "finite timing (beginTime, duration, speed, timeOffset, repeatDuration)", "\(numbers)")
        }
    }
}

extension Layer {
    /// Why this layer cannot animate `keyPath`, or nil: a filter key path must name one of the
    /// layer's filters (or backdrop filters) and a parameter that filter has.
    public func problem(animating keyPath: AnimationKeyPath) -> (expected: String, found: String)? {
        guard case .filter(let background, let name, let parameter) = keyPath else { return nil }
        let list = background ? backgroundFilters : filters
        guard let filter = list.first(where: { $0.name == name }) else {
            return ("the name of one of the layer's \(background ? "backgroundFilters" : "filters") (\(list.map(\.name).joined(separator: ", ")))",
                    "\"\(name)\"")
        }
        guard filter.filter.value(of: parameter) != nil else { return ("a parameter that \(name) has", "\"\(parameter)\"") }
        return nil
    }
}
