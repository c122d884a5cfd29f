import Foundation
import StrataAnimation
import StrataEffects
import StrataRaster
import StrataRender
import StrataScene

/// Renders the frames of a scene to `DIR/frame-00000.png …` plus `DIR/manifest.json`, on several
/// threads, deterministically: every frame is a pure function of the scene and its time, so the
/// bytes do not depend on `jobs`, on the order or on how a run is split into ranges.
public struct FrameSequence: Sendable {
    /// What to render and how.
    public struct Options: Sendable {
        /// The output folder (created if missing).
        public var directory: URL
        /// Displayed frame indices to render (inclusive); nil renders all.
        public var frames: ClosedRange<Int>?
        /// Overrides the scene's frames per second, keeping its duration.
        public var framesPerSecond: Double?
        /// Overrides the scene's scale.
        public var scale: Double?
        /// Replace existing frames.
        public var overwrite: Bool
        /// Keep the frames that exist and are recorded, with the same bytes, under this run's
        /// fingerprint; render the others (resume an interrupted run).
        public var skipExisting: Bool
        /// Render only this shard's contiguous chunk of the frames (of `frames` when set).
        public var shard: FrameShard?
        /// Frames rendered at once (≥ 1); each job holds one frame in memory.
        public var jobs: Int
        /// PNG settings.
        public var encoding: PNGCodec.EncodingOptions
        /// When set, every frame is the true motion blur by supersampling (no motion-blur overlays).
        public var groundTruth: GroundTruth?
        /// When set, the frames also go to this video (through ffmpeg), from the same renders.
        /// With `shard`, the video is this shard's segment in `directory` (`VideoSegments`).
        public var video: VideoSettings?
        /// Write PNG frames, the manifest and records to `directory` (false: only the video).
        public var writesFrames: Bool
        /// When set (with `writesFrames`), also an animated PNG of the run's frames, from the same
        /// renders: the file `AnimatedPreview.write(frames:)` makes of the folder.
        public var preview: PreviewSettings?
        /// Draw each frame over the thread's previous one, only where it can differ (default
        /// true; the same bytes). Each thread then renders a contiguous chunk of the frames (but
        /// for a video, whose frames are written in order). False draws every frame in full.
        public var drawsDamage: Bool

        /// Creates options; by default every frame, all cores, fast PNG.
        public init(directory: URL, frames: ClosedRange<Int>? = nil, framesPerSecond: Double? = nil, scale: Double? = nil,
                    overwrite: Bool = false, skipExisting: Bool = false,
                    jobs: Int = ProcessInfo.processInfo.activeProcessorCount, encoding: PNGCodec.EncodingOptions = .fast) {
            self.directory = directory
            self.frames = frames
            self.framesPerSecond = framesPerSecond
            self.scale = scale
            self.overwrite = overwrite
            self.skipExisting = skipExisting
            self.jobs = jobs
            self.encoding = encoding
            self.groundTruth = nil
            self.shard = nil
            self.video = nil
            self.writesFrames = true
            self.preview = nil
            self.drawsDamage = true
        }
    }

    /// What a run did.
    public struct Summary: Sendable {
        /// Frames written by this run.
        public var written: Int
        /// Frames kept because they existed, recorded under this run's fingerprint (`skipExisting`).
        public var skipped: Int
        /// The frames this process was given (its shard's chunk; nil when a shard has none).
        public var range: ClosedRange<Int>?
        /// The run's fingerprint, as the manifest and the records carry it.
        public var fingerprint: RunFingerprint
        /// Displayed frames of the scene.
        public var frameCount: Int
        /// The manifest written next to the frames (or that would be, when only a video is made).
        public var manifest: Manifest
        /// The video written, when one was asked for (nil for a shard with no frames).
        public var video: VideoSink.Result?
        /// Notes about the video's encoding (padding, alpha dropped).
        public var videoNotes: [String] = []
        /// The preview written, when one was asked for.
        public var preview: AnimatedPreview.Summary?
    }

    public let scene: Scene
    public let options: Options

    /// Creates a sequence renderer.
    public init(scene: Scene, options: Options) {
        self.scene = scene
        self.options = options
    }

    /// The clock after `framesPerSecond` (keeping the scene's duration).
    public var clock: FrameClock {
        options.framesPerSecond.map { scene.clock.retimed(framesPerSecond: $0) } ?? scene.clock
    }

    /// `clock`, checked against `Limits.maximumFrames` before anything is allocated for its ticks
    /// (`--fps 1000` on a long scene would otherwise make millions).
    public func checkedClock() throws(StrataError) -> FrameClock {
        let clock = self.clock
        guard clock.tickCount <= Limits.maximumFrames else {
            throw StrataError(.usage, "\(scene.origin): at \(Manifest.number(clock.framesPerSecond)) fps the scene has \(clock.tickCount) ticks, over the limit of \(Limits.maximumFrames); use a lower --fps")
        }
        return clock
    }

    /// Renders the frames into the run's sinks — the folder of PNGs (`writesFrames`) and the
    /// video — and finishes them: plan, render, finish. Stops after the frames in flight when
    /// `cancellation` is set, leaving no temporary files, and throws `.interrupted`.
    @discardableResult
    public func run(progress: ProgressReporter? = nil, cancellation: CancellationFlag = CancellationFlag()) throws(StrataError) -> Summary {
        if let preview = options.preview {
            guard options.writesFrames, options.shard == nil else {
                throw StrataError(.usage, "a preview is made with the folder of a whole run: not for a shard, nor for a video alone")
            }
            try AnimatedPreview.check(output: preview.url, scale: preview.scale, overwrite: options.overwrite)
        }
        let plan = try makePlan()
        let workers = min(options.jobs, max(1, plan.queued.count))
        let folder = options.writesFrames
            ? try PNGFolderSink(directory: options.directory, indices: plan.queued, range: plan.range, fingerprint: plan.fingerprint,
                                kept: plan.kept, encoding: options.encoding, workers: workers)
            : nil
        let video = try videoSink(renderer: plan.renderer, fingerprint: plan.fingerprint, requested: plan.requested, range: plan.range,
                                  cancellation: cancellation)
        // Whatever way this function is left, a video not finished is stopped and removed.
        defer { video?.abort() }
        let preview = options.preview.map {
            AnimatedPreviewSink($0, directory: options.directory, indices: plan.queued, encoding: options.encoding)
        }
        if let preview, let folder { folder.written = { slot, png in preview.keep(slot: slot, png: png) } }
        var sinks: [any FrameSink] = []
        if let folder { sinks.append(folder) }
        if let video { sinks.append(video) }
        if let preview { sinks.append(preview) }
        let outcome = render(plan, into: sinks, workers: workers, progress: progress, cancellation: cancellation)
        var summary = try finish(plan, outcome: outcome, folder: folder, video: video, cancellation: cancellation)
        if let preview, let range = plan.range {
            summary.preview = try preview.finish(range: range, manifest: summary.manifest, overwrite: options.overwrite)
        }
        return summary
    }

    /// What a run renders, decided before anything is: the clock and scale, the frames asked for
    /// and this process's (its shard's), the fingerprint, the frames to render and those kept, and
    /// the renderer, checked for every frame.
    struct Plan {
        var clock: FrameClock
        var requested: ClosedRange<Int>
        var range: ClosedRange<Int>?
        var fingerprint: RunFingerprint
        var queued: [Int]
        var kept: [String: String]
        var renderer: FrameRenderer
    }

    private func makePlan() throws(StrataError) -> Plan {
        let clock = try checkedClock()
        let scale = options.scale ?? scene.scale
        let frameCount = clock.displayedFrames.count
        let requested = options.frames ?? 0...(frameCount - 1)
        guard requested.lowerBound >= 0, requested.upperBound < frameCount else {
            throw StrataError(.usage, "--frames \(requested.lowerBound)..\(requested.upperBound) is outside the scene's frames 0..\(frameCount - 1)")
        }
        let range = options.shard.map { $0.chunk(of: requested) } ?? requested
        guard options.jobs >= 1 else { throw StrataError(.usage, "--jobs must be at least 1") }
        try checkVideoOptions()
        let fingerprint = RunFingerprint(scene: scene, fps: clock.framesPerSecond, scale: scale, encoding: options.encoding,
                                         groundTruth: options.groundTruth)
        var queued: [Int] = range.map(Array.init) ?? []
        var kept: [String: String] = [:]
        if options.writesFrames {
            try AtomicFile.createDirectory(options.directory)
            let records = try RenderFolder(directory: options.directory, fingerprint: fingerprint).claim(overwrite: options.overwrite)
            (queued, kept) = try decide(range, recorded: FrameRecords.digests(in: records, fingerprint: fingerprint.id))
        }
        let renderer = try FrameRenderer(scene: scene, clock: clock, scale: scale)
        // A scene whose presentation is not finite, or that would need a surface over the limits,
        // fails before any frame is written; the manifest itself is made after the frames, so that
        // it does not occupy memory while they render.
        try renderer.checkRenderable(jobs: options.jobs)
        return Plan(clock: clock, requested: requested, range: range, fingerprint: fingerprint, queued: queued, kept: kept, renderer: renderer)
    }

    /// Ends the run: on an error or an interruption, says so (the frames in place are kept, with
    /// their records); otherwise the folder's record, manifest and curve, then the video (a video
    /// that fails leaves a complete folder, which strata encode makes the video from), then the
    /// shard's segment in its record.
    private func finish(_ plan: Plan, outcome: (done: Int, error: StrataError?), folder: PNGFolderSink?, video: VideoSink?,
                        cancellation: CancellationFlag) throws(StrataError) -> Summary {
        let pending = plan.queued.count
        // A shard's record is finished after its video segment, whose digest it then names.
        let recordsSegment = folder != nil && video != nil && options.shard != nil
        var error = outcome.error
        if error != nil || cancellation.isCancelled || !recordsSegment {
            do throws(StrataError) {
                try folder?.finishRecord()
            } catch let failure {
                if error == nil { error = failure }
            }
        }
        // Ctrl-C kills ffmpeg, so a video's error after it is the interruption's doing.
        if let error, !cancellation.isInterrupted {
            video?.abort()
            throw error
        }
        if cancellation.isCancelled && (outcome.done < pending || cancellation.isInterrupted && video != nil) {
            video?.abort()
            guard options.writesFrames else {
                throw StrataError(.interrupted, "interrupted after \(outcome.done) of \(pending) frames; \(options.video?.url.path ?? "the video") was not written")
            }
            let next = video == nil ? "run again with --skip-existing to finish"
                : "the video was not written; finish the frames with --skip-existing (without --video), then make the video with strata encode \(options.directory.path) --video \(options.video?.url.path ?? "FILE")"
            throw StrataError(.interrupted, "interrupted: \(outcome.done) of \(pending) frames written to \(options.directory.path); \(next)")
        }
        let manifest = Manifest.make(plan.renderer, fingerprint: plan.fingerprint, jobs: options.jobs)
        try folder?.finish(manifest: manifest, scene: scene)
        let result: VideoSink.Result?
        do throws(StrataError) {
            result = try video?.finish()
        } catch {
            if recordsSegment { try? folder?.finishRecord() }
            throw error
        }
        if recordsSegment, let folder, let result {
            // encode checks each segment against this line: a swapped or truncated one is refused.
            try folder.finishRecord(adding: try VideoSegments.recordLine(of: result.url, in: options.directory))
        }
        return Summary(written: outcome.done, skipped: options.writesFrames ? plan.kept.count : 0, range: plan.range,
                       fingerprint: plan.fingerprint, frameCount: plan.renderer.frames.count, manifest: manifest, video: result,
                       videoNotes: video?.notes ?? [])
    }

    /// Every frame's fate, decided before anything is rendered: a frame is kept only when its
    /// bytes are those recorded under this fingerprint. Returns the frames to render and the kept
    /// frames' digests by file name.
    private func decide(_ range: ClosedRange<Int>?, recorded: [String: Set<String>]) throws(StrataError) -> ([Int], [String: String]) {
        var queued: [Int] = []
        var kept: [String: String] = [:]
        for index in range.map(Array.init) ?? [] {
            let name = Pipeline.frameFileName(index)
            let url = options.directory.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else { queued.append(index); continue }
            if options.skipExisting, let digests = recorded[name], let data = FileManager.default.contents(atPath: url.path) {
                let digest = SHA256.hex(data)
                if digests.contains(digest) { kept[name] = digest; continue }
            }
            if !options.skipExisting && !options.overwrite {
                throw StrataError(.cannotCreate, "\(url.path) exists; pass --overwrite to replace it or --skip-existing to keep it")
            }
            queued.append(index)
        }
        return (queued, kept)
    }
}
