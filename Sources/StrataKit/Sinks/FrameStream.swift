import Foundation
import StrataRaster
import StrataScene

/// One rendered frame, for Swift concurrency.
public struct RenderedFrame: Sendable {
    /// Displayed frame index (0 …).
    public let index: Int
    /// The frame's time, in seconds.
    public let seconds: Double
    /// Premultiplied RGBA pixels, the scene's size in points × scale.
    public let image: PixelBuffer
}

/// A scene's frames as an `AsyncSequence`, in order, nothing written to disk:
///
///     for try await frame in FrameSequence(scene: scene).frames() {
///         print(frame.index, frame.seconds, frame.image.width)
///     }
///
/// The frames come from the same run as `run()`'s files — `FrameSequence`'s render threads, into
/// a `FrameStreamSink` — so they are the frames `run()` writes. The run starts at the first
/// `next()`; a thread renders a frame only when it is at most `jobs` ahead of the one awaited, so
/// memory holds at most `jobs` frames however slowly they are consumed. Cancelling the consuming
/// task, or dropping the iterator, stops the run after the frames being rendered; `next()` then
/// throws `CancellationError`. A frame that fails to render ends the sequence with its error.
/// The render threads are threads of the run's own, never Swift concurrency's: a thread that waits
/// for the consumer holds none of the threads the consumer's task needs.
public struct FrameStream: AsyncSequence, Sendable {
    public typealias Element = RenderedFrame

    let sequence: FrameSequence
    let plan: FrameSequence.Plan
    let jobs: Int

    public func makeAsyncIterator() -> Iterator {
        Iterator(run: Run(sequence: sequence, plan: plan, jobs: jobs))
    }

    /// Pulls frames in order from the run.
    public struct Iterator: AsyncIteratorProtocol {
        let run: Run
        var position = 0

        public mutating func next() async throws -> RenderedFrame? {
            guard position < run.plan.queued.count else { return nil }
            if Task.isCancelled {
                run.stop()
                throw CancellationError()
            }
            run.startOnce()
            let slot = position
            let sink = run.sink, stop = run.stop
            let frame = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    sink.await(slot: slot, continuation)
                }
            } onCancel: {
                stop()
            }
            position += 1
            return frame
        }
    }

    /// One iteration's run: its sink and its render threads, stopped when the iterator goes away.
    final class Run: @unchecked Sendable {
        let sequence: FrameSequence
        let plan: FrameSequence.Plan
        let jobs: Int
        let sink: FrameStreamSink
        let cancellation = CancellationFlag()
        private let lock = NSLock()
        private var started = false

        init(sequence: FrameSequence, plan: FrameSequence.Plan, jobs: Int) {
            self.sequence = sequence
            self.plan = plan
            self.jobs = jobs
            let renderer = plan.renderer
            sink = FrameStreamSink(capacity: jobs) { slot, frame throws(StrataError) in
                let index = plan.queued[slot]
                return RenderedFrame(index: index, seconds: renderer.frames.seconds(ofFrame: index), image: try frame.image())
            }
        }

        func startOnce() {
            guard lock.withLock({ () -> Bool in defer { started = true }; return !started }) else { return }
            let sequence = sequence, plan = plan, sink = sink, cancellation = cancellation
            let workers = Swift.min(jobs, Swift.max(1, plan.queued.count))
            Thread.detachNewThread {
                let outcome = sequence.render(plan, into: [sink], workers: workers, progress: nil, cancellation: cancellation)
                sink.finish(outcome.error)
            }
        }

        func stop() {
            cancellation.cancel()
            sink.stop()
        }

        deinit { stop() }
    }
}

/// The sink behind `frames()`: it admits a slot only while it is fewer than `capacity` ahead of
/// the slot awaited, keeps each frame until it is awaited, and hands it to the awaiting task.
final class FrameStreamSink: FrameSink, @unchecked Sendable {
    typealias Continuation = CheckedContinuation<RenderedFrame, Error>
    private let condition = NSCondition()
    private let capacity: Int
    private let convert: @Sendable (Int, FrameRenderer.RenderedFrame) throws(StrataError) -> RenderedFrame
    private var ready: [Int: Result<RenderedFrame, Error>] = [:]
    private var awaited = 0
    private var waiter: (slot: Int, continuation: Continuation)?
    private var ending: Error?
    private var stopped = false

    init(capacity: Int, convert: @escaping @Sendable (Int, FrameRenderer.RenderedFrame) throws(StrataError) -> RenderedFrame) {
        self.capacity = max(1, capacity)
        self.convert = convert
    }

    public var needsFramesInOrder: Bool { true }

    public func admit(slot: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !stopped && slot >= awaited + capacity { condition.wait() }
        return !stopped
    }

    public func take(_ frame: FrameRenderer.RenderedFrame, slot: Int, worker: Int) throws(StrataError) {
        let converted = try convert(slot, frame)
        deliver(.success(converted), slot: slot)
    }

    public func fail(_ error: StrataError) {
        finish(error)
    }

    /// Awaits the frame of `slot`: at once when it is ready, otherwise when it lands or the run ends.
    func await(slot: Int, _ continuation: Continuation) {
        condition.lock()
        awaited = slot
        condition.broadcast()
        if let result = ready.removeValue(forKey: slot) {
            condition.unlock()
            continuation.resume(with: result)
        } else if let ending = ending ?? (stopped ? CancellationError() : nil) {
            condition.unlock()
            continuation.resume(throwing: ending)
        } else {
            waiter = (slot, continuation)
            condition.unlock()
        }
    }

    private func deliver(_ result: Result<RenderedFrame, Error>, slot: Int) {
        condition.lock()
        if let waiter, waiter.slot == slot {
            self.waiter = nil
            condition.unlock()
            waiter.continuation.resume(with: result)
        } else {
            if !stopped { ready[slot] = result }
            condition.unlock()
        }
    }

    /// The run ended: a frame still awaited gets `error`, or — when the run stopped short of it —
    /// a cancellation.
    func finish(_ error: StrataError?) {
        end(error ?? CancellationError())
    }

    /// Stops the run: waiting threads return, frames not awaited are dropped, an awaiting task is
    /// cancelled.
    func stop() {
        condition.lock()
        stopped = true
        ready.removeAll()
        condition.broadcast()
        condition.unlock()
        end(CancellationError())
    }

    private func end(_ error: Error) {
        condition.lock()
        if ending == nil { ending = error }
        let waiter = self.waiter
        self.waiter = nil
        let reason = ending!
        condition.broadcast()
        condition.unlock()
        waiter?.continuation.resume(throwing: reason)
    }
}

extension FrameSequence {
    /// A sequence of the frames of `scene` with default options (every frame, all cores), for
    /// `frames()`; `run()` would write them to `out/`.
    public init(scene: Scene) {
        self.init(scene: scene, options: Options(directory: URL(fileURLWithPath: "out")))
    }

    /// The frames of `options.frames` (all when nil) at `options.scale` and `options.framesPerSecond`,
    /// rendered as they are awaited, `options.jobs` at a time; nothing is written. Throws the
    /// errors `run()` would throw before its first frame.
    public func frames() throws(StrataError) -> FrameStream {
        let clock = try checkedClock()
        let scale = options.scale ?? scene.scale
        let renderer = try FrameRenderer(scene: scene, clock: clock, scale: scale)
        try renderer.checkRenderable()
        let count = renderer.frames.count
        let requested = options.frames ?? 0...(count - 1)
        guard requested.lowerBound >= 0, requested.upperBound < count else {
            throw StrataError(.usage, "frames \(requested.lowerBound)..\(requested.upperBound) are outside the scene's frames 0..\(count - 1)")
        }
        let fingerprint = RunFingerprint(scene: scene, fps: clock.framesPerSecond, scale: scale, encoding: options.encoding,
                                         groundTruth: options.groundTruth)
        let plan = Plan(clock: clock, requested: requested, range: requested, fingerprint: fingerprint, queued: Array(requested),
                        kept: [:], renderer: renderer)
        return FrameStream(sequence: self, plan: plan, jobs: max(1, options.jobs))
    }
}
