import StrataModel

/// An animation of one layer, as Core Animation's `CABasicAnimation`, `CAKeyframeAnimation`,
/// `CASpringAnimation` and `CAAnimationGroup`.
public struct Animation: Hashable, Sendable {
    /// What the animation computes.
    public enum Kind: Hashable, Sendable {
        /// From/to/by interpolation (`CABasicAnimation`); at least one of the three is set.
        case basic(from: AnimationValue?, to: AnimationValue?, by: AnimationValue?)
        /// Keyframes (`CAKeyframeAnimation`).
        case keyframe(Keyframes)
        /// A damped spring (`CASpringAnimation`) moving from `from` to `to` (resolved as basic).
        case spring(Spring, from: AnimationValue?, to: AnimationValue?, by: AnimationValue?)
        /// A group (`CAAnimationGroup`): its children run in the group's time.
        case group([Animation])
    }

    /// The animated property; nil for groups.
    public var keyPath: AnimationKeyPath?
    /// What the animation computes.
    public var kind: Kind
    /// How the scene's (or group's) time maps onto this animation.
    public var timing: MediaTiming
    /// Paces the whole animation (basic and keyframe); default linear.
    public var timingFunction: TimingFunction
    /// Add the value to the current one instead of replacing it.
    public var isAdditive: Bool

    /// Creates an animation.
    public init(keyPath: AnimationKeyPath?, kind: Kind, timing: MediaTiming = MediaTiming(),
                timingFunction: TimingFunction = .linear, isAdditive: Bool = false) {
        self.keyPath = keyPath
        self.kind = kind
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
    }

    /// A basic animation from `from` to `to` over `duration` seconds.
    public static func basic(_ keyPath: AnimationKeyPath, from: AnimationValue? = nil, to: AnimationValue? = nil,
                             by: AnimationValue? = nil, duration: Double, beginTime: Double = 0,
                             timingFunction: TimingFunction = .linear) -> Animation {
        Animation(keyPath: keyPath, kind: .basic(from: from, to: to, by: by),
                  timing: MediaTiming(beginTime: beginTime, duration: duration), timingFunction: timingFunction)
    }

    // MARK: - Evaluation

    /// Applies the animation at the parent's time `parentSeconds` to `state`, whose values are
    /// the current ones (model values, then earlier animations in the order added).
    public func apply(atParentTime parentSeconds: Double, to state: inout AnimatedProperties) {
        apply(atParentTime: parentSeconds, inGroup: false, to: &state)
    }

    private func apply(atParentTime parentSeconds: Double, inGroup: Bool, to state: inout AnimatedProperties) {
        guard let now = timing.state(atParentTime: parentSeconds, inGroup: inGroup) else { return }
        if case .group(let children) = kind {
            for child in children { child.apply(atParentTime: now.simpleTime, inGroup: true, to: &state) }
            return
        }
        guard let keyPath else { return }
        let current = state[keyPath]
        guard let value = value(atSimpleTime: now.simpleTime, isBefore: now.isBefore, current: current) else { return }
        state[keyPath] = isAdditive ? current.adding(value) : value
    }

    /// The animation's value `simple` seconds into a play, given the current value of the key path.
    /// `isBefore` is the before phase (see `TimingFunction.value(at:isBefore:)`).
    func value(atSimpleTime simple: Double, isBefore: Bool = false, current: AnimationValue) -> AnimationValue? {
        let progress = timing.duration > 0 ? simple / timing.duration : 1
        switch kind {
        case .basic(let from, let to, let by):
            guard let (start, end) = Self.endpoints(from: from, to: to, by: by, current: current, additive: isAdditive) else { return nil }
            return start.interpolated(to: end, fraction: timingFunction.value(at: progress, isBefore: isBefore))
        case .spring(let spring, let from, let to, let by):
            guard let (start, end) = Self.endpoints(from: from, to: to, by: by, current: current, additive: isAdditive) else { return nil }
            return start.interpolated(to: end, fraction: 1 - spring.displacement(atSeconds: simple))
        case .keyframe(let keyframes):
            return keyframes.value(atProgress: timingFunction.value(at: progress, isBefore: isBefore))
        case .group:
            return nil
        }
    }

    /// Core Animation's from/to/by rules. Additive animations count from zero instead of the
    /// current value.
    static func endpoints(from: AnimationValue?, to: AnimationValue?, by: AnimationValue?, current: AnimationValue,
                          additive: Bool) -> (AnimationValue, AnimationValue)? {
        let base = additive ? current.subtracting(current) : current
        switch (from, to, by) {
        case let (from?, to?, _): return (from, to)
        case let (from?, nil, by?): return (from, from.adding(by))
        case let (nil, to?, by?): return (to.subtracting(by), to)
        case let (from?, nil, nil): return (from, base)
        case let (nil, to?, nil): return (base, to)
        case let (nil, nil, by?): return (base, base.adding(by))
        case (nil, nil, nil): return nil
        }
    }
}
