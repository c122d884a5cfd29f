/// The displayed frames of a `FrameClock`, listed once: the one place where a displayed frame's
/// index, its tick and its time in seconds are converted into each other.
///
/// Displayed frame n is tick `ticks[n]`, at `ticks[n] / fps` seconds; after dropped ticks the
/// index and the tick differ. Make it once per clock (`FrameClock.displayedFrames` lists every
/// tick) and keep it, rather than asking the clock again for every frame.
public struct DisplayedFrames: Hashable, Sendable {
    /// The clock the frames come from.
    public let clock: FrameClock
    /// The displayed ticks, in order.
    public let ticks: [Int]

    /// Lists the displayed ticks of `clock`.
    public init(_ clock: FrameClock) {
        self.clock = clock
        self.ticks = clock.displayedTicks
    }

    /// The number of displayed frames.
    public var count: Int { ticks.count }

    /// The displayed frame indices, 0..<count.
    public var indices: Range<Int> { ticks.indices }

    /// The tick that displayed frame `index` shows.
    public func tick(ofFrame index: Int) -> Int { ticks[index] }

    /// The time of displayed frame `index`, in seconds: its tick / fps.
    public func seconds(ofFrame index: Int) -> Double { clock.seconds(ofTick: ticks[index]) }

    /// The displayed frame shown at `seconds`: the last one at or before it (within 1e-9 s), and
    /// frame 0 for times before the first.
    public func index(atSeconds seconds: Double) -> Int {
        // Binary search for the first frame after `seconds`; times grow with the index.
        var low = 0, high = ticks.count
        while low < high {
            let middle = (low + high) / 2
            if clock.seconds(ofTick: ticks[middle]) <= seconds + 1e-9 { low = middle + 1 } else { high = middle }
        }
        return max(0, low - 1)
    }
}

extension FrameClock {
    /// The displayed frames of this clock (see `DisplayedFrames`).
    public var displayedFrames: DisplayedFrames { DisplayedFrames(self) }
}
