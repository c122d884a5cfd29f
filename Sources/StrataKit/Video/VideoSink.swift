import Foundation
import StrataRaster

/// A video file as a sink of rendered frames: render threads hand it frames in any order, it
/// writes them to an ffmpeg process in order, each repeated for the clock ticks it lasts (a dropped
/// tick holds the frame before it), so the video is constant-rate at the clock's rate and plays in
/// real time. The file is written under a temporary name in its folder and renamed when ffmpeg
/// exits 0; on any failure or interruption it is removed (DESIGN §11).
public final class VideoSink: @unchecked Sendable {
    /// What was written.
    public struct Result: Sendable {
        public var url: URL
        /// Frames in the video (the clock ticks covered, dropped ones included).
        public var videoFrames: Int
        public var rate: VideoFrameRate
        /// The video's duration, in seconds: videoFrames / rate.
        public var seconds: Double { rate.seconds(frames: videoFrames) }
    }

    public let settings: VideoSettings
    public let rate: VideoFrameRate
    /// Things the user should know about the encoding: padding, and alpha dropped when a frame
    /// written so far had a transparent pixel (not merely a scene that could have one).
    public var notes: [String] {
        condition.withLock { fixedNotes + (sawTransparency ? alphaDroppedNote.map { [$0] } ?? [] : []) }
    }
    private let fixedNotes: [String]
    /// Said when a frame has a transparent pixel, which the encoding draws over black.
    private let alphaDroppedNote: String?
    private var sawTransparency = false
    let width: Int, height: Int
    let straight: Bool
    let repeats: [Int]
    let temporary: URL
    private let process: FFmpegProcess
    private let condition = NSCondition()
    /// Each render thread's conversion buffer (`take(_:slot:worker:)`).
    let scratchBuffers = ScratchBuffers()
    private var next = 0
    private var failure: StrataError?
    private var ended = false
    private var written = false

    /// Starts ffmpeg for frames of `width × height` pixels whose slots 0, 1, … last `repeats[slot]`
    /// video frames each. Throws when the file exists (without `overwrite`), its folder cannot be
    /// made, or ffmpeg is missing or cannot start.
    /// When `cancellation` is interrupted, ffmpeg is killed at once and the video ends
    /// `.interrupted`, whatever it was waiting for.
    public init(settings: VideoSettings, width: Int, height: Int, sceneHasAlpha: Bool, framesPerSecond: Double,
                repeats: [Int], overwrite: Bool, cancellation: CancellationFlag? = nil) throws(StrataError) {
        let rate = try VideoFrameRate.checked(fps: framesPerSecond, source: settings.url.path)
        guard repeats.allSatisfy({ $0 >= 1 }) else { throw StrataError(.software, "every frame of a video lasts at least one tick") }
        let url = settings.url
        if !overwrite && FileManager.default.fileExists(atPath: url.path) {
            throw StrataError(.cannotCreate, "\(url.path) exists; pass --overwrite to replace it")
        }
        try AtomicFile.createDirectory(url.deletingLastPathComponent())
        let executable = try FFmpegProcess.locate()
        self.settings = settings
        self.rate = rate
        self.width = width
        self.height = height
        self.repeats = repeats
        temporary = AtomicFile.temporaryURL(for: url)
        let invocation = settings.invocation(width: width, height: height, sceneHasAlpha: sceneHasAlpha, rate: rate,
                                             output: temporary.path)
        straight = invocation.inputPixelFormat == "bgra"
        fixedNotes = invocation.notes
        alphaDroppedNote = invocation.alphaDroppedNote
        process = try FFmpegProcess(executable: executable, arguments: invocation.arguments, cancellation: cancellation,
                                    killsOnInterrupt: false)
        // On Ctrl-C the video is marked interrupted first, then ffmpeg is killed: a thread whose
        // write then fails finds the interruption already recorded, not an I/O error.
        let stopped = StrataError(.interrupted, "interrupted; \(url.path) was not written")
        _ = cancellation?.whenInterrupted { [weak self] in
            self?.fail(stopped)
            self?.process.signalKill()
        }
    }

    /// Bytes of one raw frame as ffmpeg reads it.
    var frameBytes: Int { 4 * width * height }

    /// Hands over the frame of `slot`: premultiplied BGRA (Cairo's bytes), `rowBytes` apart. Waits
    /// until the frames before it are written, then writes it. `scratch` is the calling thread's
    /// buffer for converted pixels. Throws when the video failed (here or on another thread).
    public func submit(slot: Int, premultipliedBGRA pixels: UnsafeRawBufferPointer, rowBytes: Int,
                       scratch: inout [UInt8]) throws(StrataError) {
        guard slot >= 0, slot < repeats.count else { throw StrataError(.software, "video frame \(slot) is not one of 0..<\(repeats.count)") }
        guard pixels.count >= rowBytes * (height - 1) + 4 * width else {
            throw StrataError(.software, "a video frame of \(pixels.count) bytes does not hold \(width)×\(height) pixels")
        }
        // Converted before waiting: threads convert in parallel, only the writes are in order.
        let tight = rowBytes == 4 * width
        if straight || !tight {
            if scratch.count != frameBytes { scratch = [UInt8](repeating: 0, count: frameBytes) }
            scratch.withUnsafeMutableBytes { target in
                if straight {
                    StraightAlpha.unpremultiply(pixels, rowBytes: rowBytes, width: width, height: height, into: target)
                } else {
                    for row in 0..<height {
                        target.baseAddress!.advanced(by: row * 4 * width)
                            .copyMemory(from: pixels.baseAddress!.advanced(by: row * rowBytes), byteCount: 4 * width)
                    }
                }
            }
        }
        if alphaDroppedNote != nil, !condition.withLock({ sawTransparency }), Self.hasTransparency(pixels, rowBytes: rowBytes, width: width, height: height) {
            condition.withLock { sawTransparency = true }
        }
        try waitForTurn(slot)
        let count = repeats[slot]
        func writeAll(_ bytes: UnsafeRawBufferPointer) -> StrataError? {
            do throws(StrataError) {
                for _ in 0..<count { try process.write(bytes) }
                return nil
            } catch {
                return error
            }
        }
        let problem = straight || !tight ? scratch.withUnsafeBytes { writeAll($0) }
            : writeAll(UnsafeRawBufferPointer(rebasing: pixels[0..<frameBytes]))
        if let problem {
            let failure = explain(problem)
            fail(failure)
            throw failure
        }
        condition.withLock {
            next += 1
            condition.broadcast()
        }
    }

    /// Whether a BGRA frame has a pixel with alpha below 255.
    static func hasTransparency(_ pixels: UnsafeRawBufferPointer, rowBytes: Int, width: Int, height: Int) -> Bool {
        let bytes = pixels.bindMemory(to: UInt8.self)
        for row in 0..<height {
            var opaque: UInt8 = 255
            let start = row * rowBytes + 3
            for x in 0..<width { opaque &= bytes[start + 4 * x] }
            if opaque != 255 { return true }
        }
        return false
    }

    /// Hands over a frame as premultiplied RGBA (a `PixelBuffer`: ground truth, decoded PNGs).
    public func submit(slot: Int, image: PixelBuffer, scratch: inout [UInt8]) throws(StrataError) {
        guard image.width == width, image.height == height else {
            throw StrataError(.dataError, "a frame of \(image.width)×\(image.height) pixels does not fit a \(width)×\(height) video")
        }
        let bgra = image.swappingRedAndBlue()
        let outcome = bgra.withUnsafeBytes { bytes -> Swift.Result<Void, StrataError> in
            do throws(StrataError) {
                try submit(slot: slot, premultipliedBGRA: bytes, rowBytes: 4 * width, scratch: &scratch)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try outcome.get()
    }

    /// Marks the video failed: threads waiting for their turn stop, `finish` removes the file.
    public func fail(_ error: StrataError) {
        condition.withLock {
            if failure == nil { failure = error }
            condition.broadcast()
        }
    }

    /// Ends the video. When every slot was written and nothing failed, lets ffmpeg finish and moves
    /// the file to its name; otherwise stops ffmpeg and removes the temporary file (and throws the
    /// failure, if there was one).
    @discardableResult
    public func finish() throws(StrataError) -> Result? {
        let (complete, failure) = condition.withLock { () -> (Bool, StrataError?) in
            ended = true
            return (next == repeats.count, self.failure)
        }
        guard complete, failure == nil else {
            process.kill()
            try? FileManager.default.removeItem(at: temporary)
            if let failure { throw failure }
            return nil
        }
        try process.publish(temporary, as: settings.url, frames: repeats.reduce(0, +), doing: "making \(settings.url.path)")
        condition.withLock { written = true }
        return Result(url: settings.url, videoFrames: repeats.reduce(0, +), rate: rate)
    }

    /// Stops the video (Ctrl-C, an error elsewhere): ffmpeg is killed and the temporary file
    /// removed. Does nothing once the video is written.
    public func abort() {
        guard !condition.withLock({ written }) else { return }
        fail(StrataError(.interrupted, "the video was stopped"))
        _ = try? finish()
    }

    private func waitForTurn(_ slot: Int) throws(StrataError) {
        condition.lock()
        defer { condition.unlock() }
        while next != slot && failure == nil && !ended { condition.wait() }
        if let failure { throw failure }
        if ended { throw StrataError(.interrupted, "the video was finished before frame \(slot) came") }
    }

    /// A write that failed: ffmpeg has exited, so its own words say why.
    private func explain(_ error: StrataError) -> StrataError {
        let (status, killed, lines) = process.finish()
        return StrataError(.ioError, "ffmpeg stopped (\(FFmpegProcess.ending(status: status, killed: killed))) while taking frames for \(settings.url.path); nothing was written there. ffmpeg's last lines:\n\(lines.isEmpty ? "  (none)" : lines)")
    }
}
