/// Where a frame sequence's frames go: every sink of a run gets every frame it renders, from the
/// same rendering — the folder of PNGs with its records and manifest (`PNGFolderSink`), a video
/// (`VideoSink`), an APNG preview (`AnimatedPreviewSink`), the frames of `frames()`
/// (`FrameStreamSink`). `FrameSequence.run` plans, renders into its sinks, then finishes them.
public protocol FrameSink: AnyObject, Sendable {
    /// Whether frames must come in display order (a video writes them to ffmpeg as they come, and
    /// a thread waits its turn). When a sink needs it, the sequence hands the frames to its threads
    /// in order; otherwise each thread takes a contiguous chunk, so that each frame is drawn over
    /// the one its thread drew before (damage).
    var needsFramesInOrder: Bool { get }

    /// Called before the frame of `slot` is rendered: a sink that cannot take it yet (a consumer
    /// that is behind) waits here, so that no thread holds a frame nobody reads. False stops the
    /// thread (the sink was stopped). The default admits every slot at once.
    func admit(slot: Int) -> Bool

    /// Takes the frame of `slot` (0, 1, … in the run's order of frames) on render thread `worker`
    /// (0 ..< the run's threads; one thread per worker number at a time).
    func take(_ frame: FrameRenderer.RenderedFrame, slot: Int, worker: Int) throws(StrataError)

    /// Marks the run failed or stopped: threads waiting in `admit` or `take` return at once.
    func fail(_ error: StrataError)
}

extension FrameSink {
    public func admit(slot: Int) -> Bool { true }
}
