import Foundation
import StrataAnimation

/// A display link (`CADisplayLink`) driven by Strata's frame clock instead of the screen: `run()`
/// moves the media clock (`CACurrentMediaTime()`) to each displayed tick's time, runs the
/// animation delegates and completion blocks that fall due, then calls the handler. Linux has no
/// Objective-C selectors, so the link takes a closure where Core Animation takes a target and a
/// selector.
public final class CADisplayLink {
    private let link: DisplayLink
    private let handler: (CADisplayLink) -> Void
    public private(set) var timestamp: CFTimeInterval = 0
    public private(set) var targetTimestamp: CFTimeInterval = 0
    public var duration: CFTimeInterval { link.duration }
    public var preferredFramesPerSecond: Int {
        get { link.preferredFramesPerSecond }
        set { link.preferredFramesPerSecond = newValue }
    }
    public var isPaused: Bool {
        get { link.isPaused }
        set { link.isPaused = newValue }
    }

    /// A link on `clock` (60 Hz for `seconds` by default) calling `handler` on every displayed tick.
    public init(clock: FrameClock, handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
        weak var me: CADisplayLink?
        link = DisplayLink(clock: clock) { _, tick in
            guard let me else { return }
            me.timestamp = tick.timestamp
            me.targetTimestamp = tick.targetTimestamp
            CAMediaClock.advance(to: tick.timestamp)
            me.handler(me)
        }
        me = self
    }
    /// Accepted for source compatibility; the link runs when `run()` is called.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {}
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {}
    /// Stops the link: `run()` returns after the current tick.
    public func invalidate() { link.invalidate() }
    /// Runs through the clock's ticks.
    public func run() { link.run() }
}
