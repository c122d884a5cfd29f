import StrataTestSupport
import Foundation
import StrataAnimation
@testable import StrataKit
import StrataScene
import Testing

/// Frames and display-link ticks for Swift concurrency (issue 14).
@Suite("Frames and ticks as async sequences")
struct AsyncFramesTests {
    func scene(_ name: String) throws -> Scene {
        try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent("\(name).yaml").path)
    }

    func requireSendable<T: Sendable>(_ value: T) {}

    @Test func framesArriveInOrderWithTheRenderersPixels() async throws {
        let scene = try scene("dropped-frames")
        var options = FrameSequence.Options(directory: PackagePaths.temporaryDirectory(), frames: 3...12, jobs: 3)
        options.scale = 2
        let stream = try FrameSequence(scene: scene, options: options).frames()
        requireSendable(stream)
        let renderer = try FrameRenderer(scene: scene, scale: 2)
        var seen: [Int] = []
        for try await frame in stream {
            requireSendable(frame)
            seen.append(frame.index)
            #expect(frame.seconds == renderer.frames.seconds(ofFrame: frame.index))
            #expect(frame.image == (try renderer.render(displayedIndex: frame.index).image), "frame \(frame.index)")
            #expect(frame.image.width == 480)
        }
        #expect(seen == Array(3...12))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: options.directory.path))?.isEmpty ?? true, "frames() writes nothing")
        #expect(throws: StrataError.self) {
            try FrameSequence(scene: scene, options: FrameSequence.Options(directory: options.directory, frames: 0...99)).frames()
        }
    }

    @Test func cancellingTheConsumerStopsTheFrames() async throws {
        let stream = try FrameSequence(scene: try scene("side-menu")).frames()
        let counter = Counter()
        let task = Task {
            for try await _ in stream {
                counter.add()
                withUnsafeCurrentTask { $0?.cancel() }  // the consumer is cancelled after its first frame
            }
        }
        let result = await task.result
        #expect(counter.value == 1)
        #expect(throws: CancellationError.self) { try result.get() }
    }

    /// The stream is a sink of the one frame run: a render thread waits before drawing a frame more
    /// than `capacity` ahead of the one awaited, and a stopped stream releases it.
    @Test func theStreamSinkHoldsBackThreadsThatAreAhead() async throws {
        let scene = try scene("dropped-frames")
        let renderer = try FrameRenderer(scene: scene)
        let sink = FrameStreamSink(capacity: 2) { slot, frame throws(StrataError) in
            RenderedFrame(index: slot, seconds: 0, image: try frame.image())
        }
        #expect(sink.admit(slot: 0) && sink.admit(slot: 1))
        let admitted = Counter(), released = DispatchSemaphore(value: 0)
        let result = Counter()
        Thread.detachNewThread {
            if sink.admit(slot: 2) { result.add() }
            admitted.add()
            released.signal()
        }
        try sink.take(try renderer.render(.displayed(1)), slot: 1, worker: 0)
        #expect(admitted.value == 0, "slot 2 waits while slot 0 is not awaited")
        let first = try await withCheckedThrowingContinuation { sink.await(slot: 1, $0) }
        #expect(first.index == 1, "a frame that landed before it was awaited is kept")
        released.wait()
        #expect(result.value == 1, "awaiting slot 1 admits slot 2")
        Thread.detachNewThread {
            if sink.admit(slot: 3) { result.add() }
            released.signal()
        }
        sink.stop()
        released.wait()
        #expect(result.value == 1, "a stopped stream admits nothing more")
        await #expect(throws: CancellationError.self) {
            _ = try await withCheckedThrowingContinuation { sink.await(slot: 2, $0) }
        }
    }

    /// The stream renders what `run()` renders, ground truth included, with more jobs than frames.
    @Test func aGroundTruthStreamGivesTheTruthsFrames() async throws {
        let scene = try scene("dropped-frames")
        let truth = GroundTruth(shutterDegrees: 180, subframes: 4)
        var options = FrameSequence.Options(directory: PackagePaths.temporaryDirectory(), frames: 4...5, jobs: 8)
        options.groundTruth = truth
        let renderer = try FrameRenderer(scene: scene)
        var seen: [Int] = []
        for try await frame in try FrameSequence(scene: scene, options: options).frames() {
            #expect(frame.image == (try truth.render(renderer, displayedIndex: frame.index)), "frame \(frame.index)")
            seen.append(frame.index)
        }
        #expect(seen == [4, 5])
    }

    @Test func displayLinkTicksAreTheCallbacksTicks() async {
        let clock = FrameClock(framesPerSecond: 60, tickCount: 20, droppedFrames: .every(3))
        for preferred in [0, 30] {
            var called: [DisplayLink.Tick] = []
            let link = DisplayLink(clock: clock) { _, tick in called.append(tick) }
            link.preferredFramesPerSecond = preferred
            link.run()
            let ticks = DisplayLink.ticks(clock: clock, preferredFramesPerSecond: preferred)
            requireSendable(ticks)
            var awaited: [DisplayLink.Tick] = []
            for await tick in ticks { awaited.append(tick) }
            #expect(awaited == called && !awaited.isEmpty, "preferred \(preferred)")
        }
    }
}

/// A count shared with a task.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
