/// What an animation does outside its active period, as `CAMediaTimingFillMode`.
public enum FillMode: String, Hashable, Sendable, CaseIterable {
    /// No effect before the start or after the end.
    case removed
    /// Keeps the final value after the end (with `isRemovedOnCompletion` false, or inside a group).
    case forwards
    /// Shows the initial value before the start.
    case backwards
    /// Both.
    case both
}

/// Core Animation's media timing (`CAMediaTiming`): how a parent's time maps onto an animation's
/// own time. All times are in seconds.
public struct MediaTiming: Hashable, Sendable {
    /// Start, in the parent's time (the scene's time for top-level animations, the group's for
    /// animations in a group).
    public var beginTime: Double
    /// Length of one play, forward only, in seconds (> 0).
    public var duration: Double
    /// Local time runs this many times faster than the parent's (≥ 0; 0 freezes at `timeOffset`).
    public var speed: Double
    /// Added to local time; the active period wraps around, so an offset of half the duration
    /// starts half-way and plays the first half at the end, as Core Animation does.
    public var timeOffset: Double
    /// Number of cycles (a cycle is forward and, with `autoreverses`, back); may be fractional or
    /// `.infinity`. 0 means 1 unless `repeatDuration` is set.
    public var repeatCount: Double
    /// Total active time in seconds of local time, overriding `repeatCount` when > 0.
    public var repeatDuration: Double
    /// Each cycle plays forward, then backward.
    public var autoreverses: Bool
    /// Behaviour outside the active period.
    public var fillMode: FillMode
    /// When true (Core Animation's default) the animation has no effect after its end, whatever
    /// `fillMode` says.
    public var isRemovedOnCompletion: Bool

    /// Creates a timing; the defaults are Core Animation's (a 0.25 s play starting at 0).
    public init(beginTime: Double = 0, duration: Double = 0.25, speed: Double = 1, timeOffset: Double = 0,
                repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                fillMode: FillMode = .removed, isRemovedOnCompletion: Bool = true) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    /// Length of the active period in local time (seconds): every repeat, both directions.
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        let cycles = repeatCount > 0 ? repeatCount : 1
        return cycles * duration * (autoreverses ? 2 : 1)
    }

    /// Length of the active period in the parent's time (seconds).
    public var activeDurationInParent: Double {
        speed > 0 ? activeDuration / speed : .infinity
    }

    /// The time within the current play (0…`duration`, already reversed on backward plays) at the
    /// parent's time `parentSeconds`, or nil when the animation has no effect then.
    public func simpleTime(atParentTime parentSeconds: Double) -> Double? {
        state(atParentTime: parentSeconds)?.simpleTime
    }

    /// Where an animation is at a parent time: the time within the current play, and whether it
    /// is in its before phase (shown before `beginTime` through a backwards fill).
    public struct State: Hashable, Sendable {
        /// Seconds into the current play, 0…`duration`.
        public var simpleTime: Double
        /// True before `beginTime` (CSS Easing's "before flag" for `steps()`).
        public var isBefore: Bool
    }

    /// The state at the parent's time `parentSeconds`, or nil when the animation has no effect.
    ///
    /// - Parameter inGroup: true for an animation inside a `CAAnimationGroup`: its
    ///   `isRemovedOnCompletion` is ignored there, as Apple documents for the group's animations,
    ///   so a child with `fillMode` forwards keeps its end value while the group is active.
    public func state(atParentTime parentSeconds: Double, inGroup: Bool = false) -> State? {
        guard duration > 0 else { return nil }
        let elapsed = parentSeconds - beginTime
        let active = activeDuration
        var local: Double
        if elapsed < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            return State(simpleTime: simpleTime(atActiveTime: wrap(timeOffset, active)), isBefore: true)
        } else if elapsed >= activeDurationInParent {
            guard (fillMode == .forwards || fillMode == .both) && (inGroup || !isRemovedOnCompletion) else { return nil }
            local = active
        } else {
            local = elapsed * speed + timeOffset
            if timeOffset != 0 { local = wrap(local, active) }
        }
        return State(simpleTime: simpleTime(atActiveTime: local), isBefore: false)
    }

    private func wrap(_ time: Double, _ period: Double) -> Double {
        guard period.isFinite, period > 0 else { return max(0, time) }
        let wrapped = time.truncatingRemainder(dividingBy: period)
        return wrapped < 0 ? wrapped + period : wrapped
    }

    /// Maps a time in the active period (0…activeDuration) to the time within one play.
    func simpleTime(atActiveTime local: Double) -> Double {
        let plays = local / duration
        var index = plays.rounded(.down)
        var within = local - index * duration
        if local >= activeDuration && activeDuration.isFinite {
            // The end state: the end of the last (possibly partial) play.
            let fraction = plays - index
            if fraction > 1e-9 {
                within = fraction * duration
            } else {
                index = max(0, index - 1)
                within = duration
            }
        }
        if autoreverses && index.truncatingRemainder(dividingBy: 2) == 1 { within = duration - within }
        return min(max(within, 0), duration)
    }
}
