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
/// Frames are rendered on demand, up to `jobs` ahead of the one awaited (so memory holds at most
/// `jobs` frames however slowly they are consumed), each a pure function of the scene and its
/// time, so they are the frames `run()` writes. Cancelling the consuming task, or leaving the loop,
/// cancels the frames being rendered ahead; `next()` then throws `CancellationError`.
public struct FrameStream: AsyncSequence, Sendable {
    public typealias Element = RenderedFrame

    let renderer: FrameRenderer
    let indices: [Int]
    let jobs: Int

    public func makeAsyncIterator() -> Iterator {
        Iterator(renderer: renderer, indices: indices, jobs: jobs)
    }

    /// Pulls frames in order, keeping up to `jobs` in flight.
    public struct Iterator: AsyncIteratorProtocol {
        let renderer: FrameRenderer
        let indices: [Int]
        let jobs: Int
        var position = 0
        let inFlight = InFlight()

        public mutating func next() async throws -> RenderedFrame? {
            guard position < indices.count else { return nil }
            if Task.isCancelled {
                inFlight.cancelAll()
                throw CancellationError()
            }
            for ahead in position..<Swift.min(indices.count, position + jobs) where inFlight.tasks[ahead] == nil {
                let index = indices[ahead], renderer = renderer
                inFlight.tasks[ahead] = Task {
                    try Task.checkCancellation()
                    let frame = try renderer.render(displayedIndex: index)
                    return RenderedFrame(index: index, seconds: renderer.frames.seconds(ofFrame: index), image: frame.image)
                }
            }
            guard let task = inFlight.tasks.removeValue(forKey: position) else { return nil }
            position += 1
            let inFlight = self.inFlight
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
                inFlight.cancelAll()
            }
        }
    }

    /// The tasks rendering ahead; cancelled when the iterator is dropped.
    final class InFlight: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [Int: Task<RenderedFrame, Error>] = [:]

        var tasks: [Int: Task<RenderedFrame, Error>] {
            get { lock.withLock { storage } }
            set { lock.withLock { storage = newValue } }
        }

        func cancelAll() {
            for task in lock.withLock({ storage.values }) { task.cancel() }
        }

        deinit { for task in storage.values { task.cancel() } }
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
        let renderer = try FrameRenderer(scene: scene, clock: clock, scale: options.scale ?? scene.scale)
        try renderer.checkRenderable()
        let count = renderer.frames.count
        let requested = options.frames ?? 0...(count - 1)
        guard requested.lowerBound >= 0, requested.upperBound < count else {
            throw StrataError(.usage, "frames \(requested.lowerBound)..\(requested.upperBound) are outside the scene's frames 0..\(count - 1)")
        }
        return FrameStream(renderer: renderer, indices: Array(requested), jobs: max(1, options.jobs))
    }
}
