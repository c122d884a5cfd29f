
/// An animation of one layer, as Core Animation's `CABasicAnimation`, `CAKeyframeAnimation`,
/// `CASpringAnimation` and `CAAnimationGroup`.
public struct Animation: Hashable, Sendable {
    /// What the animation computes.
    public enum Kind: Hashable, Sendable {
        /// From/to/by interpolation (`CABasicAnimation`); at least one of the three is set.
        /// (This case and `spring` are held out of line: three values would make every animation,
        /// keyframed ones included, several times larger, and animations are copied every frame.)
        indirect case basic(from: AnimationValue?, to: AnimationValue?, by: AnimationValue?)
        /// Keyframes (`CAKeyframeAnimation`).
        case keyframe(Keyframes)
        /// A damped spring (`CASpringAnimation`) moving from `from` to `to` (resolved as basic).
        indirect case spring(Spring, from: AnimationValue?, to: AnimationValue?, by: AnimationValue?)
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

    /// Core Animation's from/to/by rules. Additive animations count from zero instead of the
    /// current value.
    public static func endpoints(from: AnimationValue?, to: AnimationValue?, by: AnimationValue?, current: AnimationValue,
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
