/// Which ticks of a frame clock are not displayed, to simulate irregular pacing.
public enum DroppedFrames: Hashable, Sendable {
    /// Every tick is displayed.
    case none
    /// These tick indices are dropped.
    case ticks(Set<Int>)
    /// Every n-th tick is dropped (ticks n−1, 2n−1, …); n ≥ 2.
    case every(Int)

    /// True when tick `index` is dropped. Tick 0 is never dropped.
    public func drops(_ index: Int) -> Bool {
        guard index > 0 else { return false }
        switch self {
        case .none: return false
        case .ticks(let set): return set.contains(index)
        case .every(let n): return n >= 2 && index % n == n - 1
        }
    }
}

/// A fixed-rate frame clock: tick k is at k / fps seconds exactly (never an accumulated sum).
public struct FrameClock: Hashable, Sendable {
    /// Ticks per second (> 0).
    public var framesPerSecond: Double
    /// Number of ticks, dropped ones included.
    public var tickCount: Int
    /// Ticks that are not displayed.
    public var droppedFrames: DroppedFrames

    /// Creates a clock of `tickCount` ticks at `framesPerSecond`.
    public init(framesPerSecond: Double = 60, tickCount: Int, droppedFrames: DroppedFrames = .none) {
        self.framesPerSecond = framesPerSecond
        self.tickCount = tickCount
        self.droppedFrames = droppedFrames
    }

    /// A clock covering `seconds` inclusive of both ends: ⌊seconds × fps⌋ + 1 ticks.
    public init(framesPerSecond: Double = 60, seconds: Double, droppedFrames: DroppedFrames = .none) {
        self.init(framesPerSecond: framesPerSecond, tickCount: Int(saturating: seconds * framesPerSecond + 1e-9, .down).addingReportingOverflow(1).partialValue,
                  droppedFrames: droppedFrames)
    }

    /// The clock at `framesPerSecond` over the same duration (its last tick's time), with the same
    /// dropped ticks: `strata render --fps`, the studio's rate. Itself when the rate is the same.
    public func retimed(framesPerSecond fps: Double) -> FrameClock {
        guard fps != framesPerSecond else { return self }
        return FrameClock(framesPerSecond: fps, seconds: Double(tickCount - 1) / framesPerSecond, droppedFrames: droppedFrames)
    }

    /// The time of tick `index`, in seconds: index / fps.
    public func seconds(ofTick index: Int) -> Double { Double(index) / framesPerSecond }

    /// The ticks that are displayed, in order; displayed frame n is tick `displayedTicks[n]`.
    public var displayedTicks: [Int] { (0..<tickCount).filter { !droppedFrames.drops($0) } }
}
