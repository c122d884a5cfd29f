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

    private var stride: Int { Self.stride(clock, preferredFramesPerSecond) }

    static func stride(_ clock: FrameClock, _ preferred: Int) -> Int {
        guard preferred > 0 else { return 1 }
        return max(1, Int(saturating: clock.framesPerSecond / Double(preferred), .toNearestOrAwayFromZero))
    }

    /// The tick at clock tick `index` for a link firing every `step` ticks, or nil when the clock
    /// drops that tick or the link does not fire on it.
    static func tick(_ clock: FrameClock, index: Int, step: Int) -> Tick? {
        guard index % step == 0, !clock.droppedFrames.drops(index) else { return nil }
        return Tick(timestamp: clock.seconds(ofTick: index), targetTimestamp: clock.seconds(ofTick: index + step),
                    duration: 1 / clock.framesPerSecond * Double(step), frameIndex: index)
    }

    /// Runs through the clock's ticks, calling the callback on each displayed tick at the link's
    /// rate until the ticks end or the link is invalidated.
    public func run() {
        let step = stride
        for index in 0..<clock.tickCount where isValid {
            guard !isPaused, let tick = Self.tick(clock, index: index, step: step) else { continue }
            callback(self, tick)
        }
    }

    /// The link's ticks for async code: `for await tick in DisplayLink.ticks(clock: clock) { … }`
    /// gives the ticks `run()` would pass to a callback, in order; leaving the loop is
    /// `invalidate()`. A `Sendable` value, so it can be handed to any task. (The callback form
    /// above keeps a non-`Sendable` closure and is for synchronous code.)
    public static func ticks(clock: FrameClock, preferredFramesPerSecond: Int = 0) -> Ticks {
        Ticks(clock: clock, step: stride(clock, preferredFramesPerSecond))
    }

    /// The ticks of a link as an `AsyncSequence` (computed as they are awaited; nothing waits for
    /// the wall clock, as everywhere in Strata).
    public struct Ticks: AsyncSequence, Sendable {
        public typealias Element = Tick
        let clock: FrameClock
        let step: Int

        public func makeAsyncIterator() -> Iterator { Iterator(clock: clock, step: step) }

        public struct Iterator: AsyncIteratorProtocol {
            let clock: FrameClock
            let step: Int
            var index = 0

            public mutating func next() async -> Tick? {
                while index < clock.tickCount {
                    if Task.isCancelled { return nil }
                    defer { index += 1 }
                    if let tick = DisplayLink.tick(clock, index: index, step: step) { return tick }
                }
                return nil
            }
        }
    }
}
