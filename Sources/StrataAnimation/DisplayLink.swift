/// A display-link analogue (`CADisplayLink`) driven by a `FrameClock`: `run()` calls the callback
/// on every displayed tick, in order, with Core Animation's timestamps.
public final class DisplayLink {
    /// What the callback is told on each tick.
    public struct Tick: Hashable, Sendable {
        /// This frame's time, in seconds.
        public let timestamp: Double
        /// The next frame's expected time, in seconds (timestamp + duration).
        public let targetTimestamp: Double
        /// The interval between frames at the link's rate, in seconds.
        public let duration: Double
        /// The clock tick of this frame.
        public let frameIndex: Int
    }

    /// The clock that drives the link.
    public let clock: FrameClock
    /// Rate the callback wants, in frames per second; 0 (the default) means the clock's rate.
    /// The link fires on every m-th tick, m = round(clock fps / preferred).
    public var preferredFramesPerSecond: Int = 0
    /// While paused the callback is not called (ticks still pass).
    public var isPaused = false
    /// False after `invalidate()`.
    public private(set) var isValid = true
    private let callback: (DisplayLink, Tick) -> Void

    /// Creates a link; nothing happens until `run()`.
    public init(clock: FrameClock, callback: @escaping (DisplayLink, Tick) -> Void) {
        self.clock = clock
        self.callback = callback
    }

    /// Stops the link for good: `run()` returns after the current callback.
    public func invalidate() { isValid = false }

    /// The interval between callbacks, in seconds.
    public var duration: Double {
        1 / clock.framesPerSecond * Double(stride)
    }

    private var stride: Int {
        guard preferredFramesPerSecond > 0 else { return 1 }
        return max(1, Int(saturating: clock.framesPerSecond / Double(preferredFramesPerSecond), .toNearestOrAwayFromZero))
    }

    /// Runs through the clock's ticks, calling the callback on each displayed tick at the link's
    /// rate until the ticks end or the link is invalidated.
    public func run() {
        let step = stride
        for index in 0..<clock.tickCount where isValid {
            guard index % step == 0, !clock.droppedFrames.drops(index), !isPaused else { continue }
            let timestamp = clock.seconds(ofTick: index)
            callback(self, Tick(timestamp: timestamp, targetTimestamp: clock.seconds(ofTick: index + step),
                                duration: duration, frameIndex: index))
        }
    }
}
