import Dispatch
import Foundation
import StrataRender

extension FrameSequence {
    /// Renders the plan's frames on `workers` threads and hands each to every sink, in the sinks'
    /// order. Frames go to threads as contiguous chunks (each drawn over the one its thread drew
    /// before: damage), or in order when a sink needs them so. Returns the frames done and the
    /// first error.
    func render(_ plan: Plan, into sinks: [any FrameSink], workers: Int, progress: ProgressReporter?,
                cancellation: CancellationFlag) -> (done: Int, error: StrataError?) {
        let pending = plan.queued, renderer = plan.renderer, truth = options.groundTruth, drawsDamage = options.drawsDamage
        let shared = SharedWork(total: pending.count)
        let start = DispatchTime.now()
        @Sendable func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
        let chunked = drawsDamage && !sinks.contains { $0.needsFramesInOrder }
        @Sendable func work(_ worker: Int) {
            let resources = RenderResources()
            resources.keepsDamage = drawsDamage
            var chunk = (worker * pending.count / workers)..<((worker + 1) * pending.count / workers)
            func next() -> Int? {
                guard chunked else { return shared.take() }
                guard shared.proceeds, let slot = chunk.popFirst() else { return nil }
                return slot
            }
            while !cancellation.isCancelled, let slot = next() {
                guard sinks.allSatisfy({ $0.admit(slot: slot) }) else { return }
                let index = pending[slot]
                do throws(StrataError) {
                    let frame: FrameRenderer.RenderedFrame
                    if let truth {
                        frame = FrameRenderer.RenderedFrame(pixels: .image(try truth.render(renderer, displayedIndex: index, resources: resources)),
                                                            presentation: renderer.presentation(displayedIndex: index))
                    } else {
                        frame = try renderer.render(.displayed(index), resources: resources)
                    }
                    for sink in sinks { try sink.take(frame, slot: slot, worker: worker) }
                } catch {
                    shared.fail(error)
                    for sink in sinks { sink.fail(error) }
                    cancellation.cancel()
                    return
                }
                let done = shared.complete()
                progress?.update(done: done, total: pending.count, elapsedSeconds: elapsed())
            }
        }
        WorkerThreads.run(workers) { work($0) }
        progress?.finish(done: shared.done, total: pending.count, elapsedSeconds: elapsed())
        return (shared.done, shared.error)
    }
}

/// The work queue shared by the render threads.
private final class SharedWork: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private let total: Int
    private(set) var done = 0
    private(set) var error: StrataError?

    init(total: Int) { self.total = total }

    /// The next frame slot, or nil when none is left or an error happened.
    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard error == nil, next < total else { return nil }
        next += 1
        return next - 1
    }

    /// False once an error happened.
    var proceeds: Bool {
        lock.lock()
        defer { lock.unlock() }
        return error == nil
    }

    /// Counts a written frame; returns the count.
    func complete() -> Int {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        return done
    }

    func fail(_ failure: StrataError) {
        lock.lock()
        if error == nil { error = failure }
        lock.unlock()
    }
}
