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
        var clock = scene.clock
        if let fps = options.framesPerSecond, fps != clock.framesPerSecond {
            let seconds = Double(clock.tickCount - 1) / clock.framesPerSecond
            clock = FrameClock(framesPerSecond: fps, seconds: seconds, droppedFrames: clock.droppedFrames)
        }
        return clock
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

    /// Renders the frames. Stops after the frames in flight when `cancellation` is set, leaving no
    /// temporary files, and throws `.interrupted`.
    @discardableResult
    public func run(progress: ProgressReporter? = nil, cancellation: CancellationFlag = CancellationFlag()) throws(StrataError) -> Summary {
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
        let skipped = kept.count

        let renderer = try FrameRenderer(scene: scene, clock: clock, scale: scale)
        // A scene whose presentation is not finite, or that would need a surface over the limits,
        // fails before any frame is written; the manifest
        // itself is made after the frames, so that it does not occupy memory while they render.
        try renderer.checkRenderable(jobs: options.jobs)
        let truth = options.groundTruth
        var writer: FrameRecordWriter?
        if let range, options.writesFrames {
            writer = try FrameRecordWriter(url: FrameRecords.url(in: self.options.directory, range: range), fingerprint: fingerprint, kept: kept)
        }
        let sink = try videoSink(renderer: renderer, fingerprint: fingerprint, requested: requested, range: range, cancellation: cancellation)
        // Whatever way this function is left, a video not finished is stopped and removed.
        defer { sink?.abort() }
        let shared = SharedWork(total: queued.count)
        let start = DispatchTime.now()
        @Sendable func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
        let options = self.options, pending = queued, record = writer
        let workers = min(options.jobs, max(1, pending.count))
        // Contiguous chunks, one a thread, so that each frame follows the one its thread drew
        // before (damage); a video's frames are taken in order instead, as the sink writes them.
        let chunked = options.drawsDamage && sink == nil
        @Sendable func work(_ worker: Int) {
            let resources = RenderResources(), encoder = PNGEncoder()
            resources.keepsDamage = options.drawsDamage
            var scratch: [UInt8] = []
            let writes = options.writesFrames
            var chunk = (worker * pending.count / workers)..<((worker + 1) * pending.count / workers)
            func next() -> Int? {
                guard chunked else { return shared.take() }
                guard shared.proceeds, let slot = chunk.popFirst() else { return nil }
                return slot
            }
            while !cancellation.isCancelled, let slot = next() {
                let index = pending[slot]
                let url = options.directory.appendingPathComponent(Pipeline.frameFileName(index))
                do throws(StrataError) {
                    var bytes: [UInt8]?
                    if let truth {
                        let image = try truth.render(renderer, displayedIndex: index, resources: resources)
                        if writes { bytes = try Pipeline.encode(image, options: options.encoding, encoder: encoder) }
                        try sink?.submit(slot: slot, image: image, scratch: &scratch)
                    } else if let sink {
                        // One rendering, two sinks: the PNG and the video read the same surface.
                        bytes = try renderer.render(displayedIndex: index, resources: resources) { (bgra, width, height, rowBytes) throws(StrataError) -> [UInt8]? in
                            var png: [UInt8]?
                            if writes {
                                do throws(RasterError) {
                                    png = try encoder.encode(premultipliedBGRA: bgra, width: width, height: height, rowBytes: rowBytes,
                                                             options: options.encoding, lineage: resources.lastLineage)
                                } catch { throw StrataError(error) }
                            }
                            try sink.submit(slot: slot, premultipliedBGRA: bgra, rowBytes: rowBytes, scratch: &scratch)
                            return png
                        }
                    } else {
                        // Encoded from Cairo's surface in place: no copy of the frame is made.
                        bytes = try renderer.renderPNG(displayedIndex: index, resources: resources, encoder: encoder,
                                                       options: options.encoding)
                    }
                    if let bytes {
                        try AtomicFile.write(bytes, to: url, overwrite: true)
                        try record?.append(file: url.lastPathComponent, digest: SHA256.hex(bytes))
                    }
                } catch {
                    shared.fail(error)
                    sink?.fail(error)
                    cancellation.cancel()
                    return
                }
                let done = shared.complete()
                progress?.update(done: done, total: pending.count, elapsedSeconds: elapsed())
            }
        }
        DispatchQueue.concurrentPerform(iterations: workers) { work($0) }
        progress?.finish(done: shared.done, total: pending.count, elapsedSeconds: elapsed())
        // A shard's record is finished after its video segment, whose digest it then names.
        let recordsSegment = record != nil && sink != nil && options.shard != nil
        if shared.error != nil || cancellation.isCancelled || !recordsSegment {
            do throws(StrataError) {
                try record?.finish()
            } catch {
                shared.fail(error)
            }
        }
        // Ctrl-C kills ffmpeg, so a video's error after it is the interruption's doing.
        if let error = shared.error, !cancellation.isInterrupted {
            sink?.abort()
            throw error
        }
        if cancellation.isCancelled && (shared.done < pending.count || cancellation.isInterrupted && sink != nil) {
            sink?.abort()
            guard options.writesFrames else {
                throw StrataError(.interrupted, "interrupted after \(shared.done) of \(pending.count) frames; \(options.video?.url.path ?? "the video") was not written")
            }
            let finish = sink == nil ? "run again with --skip-existing to finish"
                : "the video was not written; finish the frames with --skip-existing (without --video), then make the video with strata encode \(options.directory.path) --video \(options.video?.url.path ?? "FILE")"
            throw StrataError(.interrupted, "interrupted: \(shared.done) of \(pending.count) frames written to \(options.directory.path); \(finish)")
        }
        let manifest = Manifest.make(renderer, fingerprint: fingerprint, jobs: options.jobs)
        guard options.writesFrames else {
            let video = try sink?.finish()
            return Summary(written: shared.done, skipped: 0, range: range, fingerprint: fingerprint, frameCount: renderer.frames.count,
                           manifest: manifest, video: video, videoNotes: sink?.notes ?? [])
        }
        try AtomicFile.write(try manifest.encodedData(), to: options.directory.appendingPathComponent("manifest.json"), overwrite: true)
        if !scene.effects.motionBlurOverlays.isEmpty {
            try AtomicFile.write(Array(manifest.curveCSV().utf8), to: options.directory.appendingPathComponent("curve.csv"), overwrite: true)
        }
        // The frames and their manifest are in place before the video is finished: a video that
        // fails leaves a complete folder (strata encode makes the video from it).
        let video: VideoSink.Result?
        do throws(StrataError) {
            video = try sink?.finish()
        } catch {
            if recordsSegment { try? record?.finish() }
            throw error
        }
        if recordsSegment, let record, let video {
            // encode checks each segment against this line: a swapped or truncated one is refused.
            try record.finish(adding: try VideoSegments.recordLine(of: video.url, in: options.directory))
        }
        return Summary(written: shared.done, skipped: skipped, range: range, fingerprint: fingerprint,
                       frameCount: renderer.frames.count, manifest: manifest, video: video, videoNotes: sink?.notes ?? [])
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
