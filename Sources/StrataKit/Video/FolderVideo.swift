import Dispatch
import Foundation
import StrataRaster

/// A video made from a folder `strata render --out` wrote: the segments its shards encoded, joined
/// without re-encoding, or else its PNG frames encoded, each held for the ticks the manifest says.
public enum FolderVideo {
    /// What was made.
    public struct Outcome: Sendable {
        public var result: VideoSink.Result
        /// True when segments were joined (nothing re-encoded).
        public var joined: Bool
        /// The settings of the video (the segments' when joined).
        public var settings: VideoSettings
        /// Notes about the encoding.
        public var notes: [String]
    }

    /// Makes `settings.url` from `directory`. Segments are joined when the folder has a complete set
    /// recorded under its manifest's fingerprint and `settings` asks for nothing they were not
    /// encoded with (`fromFrames` encodes the frames regardless).
    public static func make(from directory: URL, settings: VideoSettings, codecGiven: Bool, overwrite: Bool, fromFrames: Bool,
                            jobs: Int, cancellation: CancellationFlag = CancellationFlag()) throws(StrataError) -> Outcome {
        let manifest = try readManifest(directory)
        _ = try VideoFrameRate.checked(fps: manifest.fps, source: directory.appendingPathComponent("manifest.json").path + ": fps", kind: .dataError)
        if !overwrite && FileManager.default.fileExists(atPath: settings.url.path) {
            throw StrataError(.cannotCreate, "\(settings.url.path) exists; pass --overwrite to replace it")
        }
        if !fromFrames, let (record, segments) = try VideoSegments.read(directory) {
            guard record.fingerprint == manifest.fingerprint?.id else {
                throw StrataError(.dataError, "\(directory.path)/\(VideoSegments.folderName) holds segments of another run (fingerprint \(record.fingerprint.prefix(12))…, the manifest's \(manifest.fingerprint?.id.prefix(12) ?? "none")…); render them again or pass --from-frames")
            }
            let frames = record.frames[0]...record.frames[1]
            guard frames.upperBound < manifest.frameCount else {
                throw StrataError(.dataError, "\(directory.path)/\(VideoSegments.folderName)/segments.json covers frames \(frames), but the manifest has \(manifest.frameCount)")
            }
            guard let chain = VideoSegments.tiling(frames, segments: segments) else {
                let missing = VideoSegments.missing(frames, segments: segments).map { "\($0.lowerBound)..\($0.upperBound)" }
                throw StrataError(.dataError, "\(directory.path): the video segments do not cover frames \(missing.joined(separator: ", ")); render those shards again (strata check \(directory.path) lists them) or pass --from-frames")
            }
            var joined = settings
            joined.codec = VideoSettings.Codec(rawValue: record.codec) ?? settings.codec
            if let conflict = conflict(settings, codecGiven: codecGiven, record: record) {
                throw StrataError(.usage, "the segments in \(directory.path)/\(VideoSegments.folderName) are \(conflict); joining them cannot change that: ask for no other setting, or pass --from-frames to encode the frames again")
            }
            guard VideoSettings.containers[joined.codec]?.contains(settings.container) == true else {
                throw StrataError(.usage, "the segments are \(record.codec), which does not go in .\(settings.container); use \(VideoSettings.containers[joined.codec]!.map { "." + $0 }.joined(separator: ", "))")
            }
            joined.crf = record.crf; joined.preset = record.preset; joined.pixelFormat = record.pixelFormat
            let result = try join(chain, in: directory, manifest: manifest, settings: joined, segmentContainer: record.container,
                                  cancellation: cancellation)
            return Outcome(result: result, joined: true, settings: joined, notes: [])
        }
        return try encodeFrames(directory, manifest: manifest, settings: settings, overwrite: overwrite, jobs: jobs, cancellation: cancellation)
    }

    /// What `settings` asks for that the segments were not made with, or nil.
    static func conflict(_ settings: VideoSettings, codecGiven: Bool, record: VideoSegments.Record) -> String? {
        if codecGiven && settings.codec.rawValue != record.codec { return "\(record.codec), not \(settings.codec.rawValue)" }
        if let crf = settings.crf, crf != record.crf { return "encoded at crf \(record.crf.map(String.init) ?? "default"), not \(crf)" }
        if let preset = settings.preset, preset != record.preset { return "encoded with preset \(record.preset ?? "medium"), not \(preset)" }
        if let format = settings.pixelFormat, format != record.pixelFormat { return "in \(record.pixelFormat ?? "the default pixel format"), not \(format)" }
        return nil
    }

    /// The folder's manifest, checked as input (`Manifest.read(in:missing:)`).
    static func readManifest(_ directory: URL) throws(StrataError) -> Manifest {
        try Manifest.read(in: directory) { url in
            StrataError(.noInput, "\(url.path) is missing: render the folder first (strata render SCENE --out \(directory.path)); strata check says what a farm's folder lacks")
        }
    }

    /// The folder's frames, decoded on `jobs` threads and written in order.
    static func encodeFrames(_ directory: URL, manifest: Manifest, settings: VideoSettings, overwrite: Bool, jobs: Int,
                             cancellation: CancellationFlag) throws(StrataError) -> Outcome {
        let ticks = manifest.frames.map(\.tick)
        let repeats = VideoSegments.repeats(of: 0...(manifest.frameCount - 1), ticks: ticks, tickCount: manifest.tickCount)
        let sink = try VideoSink(settings: settings, width: manifest.pixelSize[0], height: manifest.pixelSize[1],
                                 sceneHasAlpha: manifest.opaque != true, framesPerSecond: manifest.fps, repeats: repeats,
                                 overwrite: overwrite, cancellation: cancellation)
        defer { sink.abort() }
        let counter = SlotCounter()
        let count = manifest.frameCount
        // Each frame must be the bytes its render recorded: frames swapped, changed or left by
        // another run would make a wrongly ordered video with exit 0.
        let recorded = manifest.fingerprint.map { FrameRecords.digests(in: FrameRecords.read(directory), fingerprint: $0.id) }
        WorkerThreads.run(max(1, min(jobs, count))) { _ in
            var scratch: [UInt8] = []
            while !cancellation.isCancelled {
                let slot = counter.take()
                guard slot < count else { return }
                let url = directory.appendingPathComponent(manifest.frames[slot].file)
                do throws(StrataError) {
                    guard let bytes = try AtomicFile.readRegularFile(url) else {
                        throw StrataError(.noInput, "\(url.path) is missing; strata check \(directory.path) lists what to render again")
                    }
                    if let recorded {
                        guard let digests = recorded[manifest.frames[slot].file] else {
                            throw StrataError(.dataError, "\(url.path) has no record under the manifest's fingerprint in \(directory.path)/\(FrameRecords.folderName); strata check \(directory.path) lists what to render again")
                        }
                        guard digests.contains(SHA256.hex(bytes)) else {
                            throw StrataError(.dataError, "\(url.path) is not the frame its render recorded (its SHA-256 differs: changed, truncated or swapped with another); strata check \(directory.path) lists what to render again")
                        }
                    }
                    let image: PixelBuffer
                    do { image = try PNGCodec.decode(bytes) } catch { throw StrataError(.dataError, "\(url.path): \(error)") }
                    try sink.submit(slot: slot, image: image, scratch: &scratch)
                } catch {
                    sink.fail(error)
                    cancellation.cancel()
                    return
                }
            }
        }
        // An error on a thread: finish throws it; Ctrl-C: it returns nil (or whatever it throws
        // after the interruption is the interruption's doing).
        let interrupted = StrataError(.interrupted, "interrupted; \(settings.url.path) was not written")
        let finished: VideoSink.Result?
        do throws(StrataError) {
            finished = try sink.finish()
        } catch {
            throw cancellation.isInterrupted ? interrupted : error
        }
        guard let result = finished else { throw interrupted }
        return Outcome(result: result, joined: false, settings: settings, notes: sink.notes)
    }
}

/// Hands out 0, 1, 2, … to threads.
private final class SlotCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    func take() -> Int {
        lock.withLock {
            next += 1
            return next - 1
        }
    }
}
