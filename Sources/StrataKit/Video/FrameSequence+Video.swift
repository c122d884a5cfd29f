import Foundation
import StrataRaster

extension FrameSequence {
    /// Refuses option combinations a video cannot honour, before anything is written.
    func checkVideoOptions() throws(StrataError) {
        guard let video = options.video else {
            guard options.writesFrames else { throw StrataError(.usage, "a run that writes no frames needs a video to write") }
            return
        }
        if options.skipExisting {
            throw StrataError(.usage, "--skip-existing keeps frames without rendering them, and a video needs every frame: finish the frames with --skip-existing, then make the video with strata encode \(options.directory.path) --video \(video.url.lastPathComponent)")
        }
        if options.encoding.mode == .zlib {
            throw StrataError(.usage, "the zlib PNG mode reads RGBA frames and cannot share a rendering with a video; use the fast or compact mode")
        }
        if options.shard != nil && !options.writesFrames {
            throw StrataError(.usage, "a shard writes its video segment into the run's folder: give the folder with --out DIR (strata encode DIR --video \(video.url.lastPathComponent) joins the segments)")
        }
    }

    /// The video sink of this run, started (nil without a video, or for a shard with no frames).
    /// A shard's video is its segment in the run's folder.
    func videoSink(renderer: FrameRenderer, fingerprint: RunFingerprint, requested: ClosedRange<Int>,
                   range: ClosedRange<Int>?, cancellation: CancellationFlag) throws(StrataError) -> VideoSink? {
        guard var settings = options.video, let range else { return nil }
        let rate = try VideoFrameRate.checked(fps: renderer.clock.framesPerSecond, source: "--video \(settings.url.path)")
        if options.shard != nil {
            settings = try VideoSegments.claim(directory: options.directory, settings: settings, fingerprint: fingerprint,
                                               requested: requested, range: range, rate: rate, overwrite: options.overwrite)
        }
        let repeats = VideoSegments.repeats(of: range, ticks: renderer.frames.ticks, tickCount: renderer.clock.tickCount)
        return try VideoSink(settings: settings, width: renderer.pixelSize.width, height: renderer.pixelSize.height,
                             sceneHasAlpha: !scene.isOpaque, framesPerSecond: renderer.clock.framesPerSecond,
                             repeats: repeats, overwrite: options.overwrite || options.shard != nil, cancellation: cancellation)
    }
}
