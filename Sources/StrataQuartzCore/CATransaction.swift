import Foundation

/// What one thread's Core Animation code sees: its media clock, its transactions and the
/// callbacks waiting on the clock. Core Animation keeps transactions per thread; so does Strata,
/// so tests on parallel threads do not see each other's settings.
final class QuartzThreadState {
    struct Frame {
        var duration: CFTimeInterval = 0.25
        var timingFunction: CAMediaTimingFunction?
        var disableActions = false
        var completion: (() -> Void)?
        var values: [String: Any] = [:]
        /// The latest end (media time) of the animations added in the transaction; nil for none.
        var latestEnd: CFTimeInterval?
    }
    struct Waiting {
        var time: CFTimeInterval
        var order: Int
        var action: () -> Void
    }

    var mediaTime: CFTimeInterval = 0
    var epoch = 1
    /// The implicit transaction first, then every `begin()` not yet committed.
    var frames = [Frame()]
    var waiting: [Waiting] = []
    var order = 0

    static var current: QuartzThreadState {
        let key = "org.strata.QuartzCore.thread"
        if let state = Thread.current.threadDictionary[key] as? QuartzThreadState { return state }
        let state = QuartzThreadState()
        Thread.current.threadDictionary[key] = state
        return state
    }

    /// Runs `action` when the clock reaches `time` (at once when it has).
    func when(_ time: CFTimeInterval, _ action: @escaping () -> Void) {
        guard time > mediaTime else { return action() }
        order += 1
        waiting.append(Waiting(time: time, order: order, action: action))
    }

    /// Moves the clock to `time`, running what waited for it in time order.
    func advance(to time: CFTimeInterval) {
        guard time.isFinite else { return }
        mediaTime = time
        while let next = waiting.filter({ $0.time <= time }).min(by: { ($0.time, $0.order) < ($1.time, $1.order) }) {
            waiting.removeAll { $0.order == next.order }
            next.action()
        }
    }

    /// Records an animation's end in every open transaction (for their completion blocks).
    func noteAnimation(endingAt end: CFTimeInterval) {
        for index in frames.indices { frames[index].latestEnd = max(frames[index].latestEnd ?? end, end) }
    }
}

/// The current media time, in seconds (`CACurrentMediaTime()`): the time of the thread's Strata
/// clock, 0 until a display link or `CAMediaClock.advance(to:)` moves it, never the wall clock.
public func CACurrentMediaTime() -> CFTimeInterval { QuartzThreadState.current.mediaTime }

/// Strata's media clock for Core Animation code: where `CACurrentMediaTime()` is, and moving it
/// (which runs animation delegates and transaction completion blocks that fall due).
public enum CAMediaClock {
    /// The thread's media time, in seconds.
    public static var now: CFTimeInterval { QuartzThreadState.current.mediaTime }
    /// Moves the thread's media time to `seconds`, calling what falls due on the way, in order.
    public static func advance(to seconds: CFTimeInterval) { QuartzThreadState.current.advance(to: seconds) }
}

/// Batches of layer changes (`CATransaction`), per thread: the duration and curve of implicit
/// animations, whether they happen, and a block run when the batch's animations end.
open class CATransaction {
    static var state: QuartzThreadState { QuartzThreadState.current }
    /// The number of commits so far: a layer made before the last one has been "on screen".
    static var epoch: Int { state.epoch }

    open class func begin() { state.frames.append(QuartzThreadState.Frame()) }

    /// Ends the innermost transaction; its completion block runs when every animation added in
    /// it has ended on the media clock (at once when there is none).
    open class func commit() {
        let state = self.state
        guard state.frames.count > 1 else { return flush() }
        let frame = state.frames.removeLast()
        if let completion = frame.completion { state.when(frame.latestEnd ?? state.mediaTime, completion) }
        if state.frames.count == 1 { state.epoch += 1 }
    }

    /// Commits the implicit transaction: layers made so far count as shown.
    open class func flush() {
        let state = self.state
        let frame = state.frames[0]
        state.frames[0] = QuartzThreadState.Frame()
        if let completion = frame.completion { state.when(frame.latestEnd ?? state.mediaTime, completion) }
        state.epoch += 1
    }

    open class func lock() {}
    open class func unlock() {}

    open class func animationDuration() -> CFTimeInterval { state.frames.last!.duration }
    open class func setAnimationDuration(_ duration: CFTimeInterval) { state.frames[state.frames.count - 1].duration = duration }
    open class func animationTimingFunction() -> CAMediaTimingFunction? { state.frames.last!.timingFunction }
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        state.frames[state.frames.count - 1].timingFunction = function
    }
    open class func disableActions() -> Bool { state.frames.contains { $0.disableActions } }
    open class func setDisableActions(_ flag: Bool) { state.frames[state.frames.count - 1].disableActions = flag }
    open class func completionBlock() -> (() -> Void)? { state.frames.last!.completion }
    open class func setCompletionBlock(_ block: (() -> Void)?) { state.frames[state.frames.count - 1].completion = block }
    open class func value(forKey key: String) -> Any? { state.frames.last!.values[key] }
    open class func setValue(_ value: Any?, forKey key: String) { state.frames[state.frames.count - 1].values[key] = value }
}
