import ArgumentParser
import Foundation
import StrataKit

/// `--video FILE [--codec C] [--crf N] [--preset P] [--pixel-format F]`, shared by `render` and `encode`.
struct VideoOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also (or only, without --out) write the frames as a video through ffmpeg: .mp4 (H.264), .webm (VP9), .mov (ProRes), .gif or .mkv (FFV1, lossless).", valueName: "file"))
    var video: String?

    @Option(help: ArgumentHelp("The video codec: h264, h265, vp9, prores, gif or ffv1 (default: the container's).", valueName: "codec"))
    var codec: VideoSettings.Codec?

    @Option(help: "Constant rate factor, lower is better: h264/h265 0…51 (default 18 / 22), vp9 0…63 (default 31).")
    var crf: Int?

    @Option(help: "x264/x265 speed preset: ultrafast … veryslow (default medium).")
    var preset: String?

    @Option(help: ArgumentHelp("The video's pixel format (default yuv420p for h264/h265; see docs/video.md).", valueName: "format"))
    var pixelFormat: String?

    /// The settings, checked; nil without --video (and then no other video option may be given).
    func settings() throws -> VideoSettings? {
        guard let video else {
            if codec != nil || crf != nil || preset != nil || pixelFormat != nil {
                throw ValidationError("--codec, --crf, --preset and --pixel-format go with --video FILE")
            }
            return nil
        }
        guard !video.isEmpty else { throw ValidationError("--video needs a file name ending in .mp4, .webm, .mov, .gif or .mkv, found nothing") }
        // A name that ends in "/" names a folder (URL would quietly drop the slash); an existing
        // folder cannot be replaced by the video: both are said before anything is rendered.
        if video.hasSuffix("/") {
            throw ValidationError("--video \(video) names a folder; give a file name ending in .mp4, .webm, .mov, .gif or .mkv")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: video, isDirectory: &isDirectory), isDirectory.boolValue {
            FileHandle.standardError.write(Data("strata: error: --video \(video) is a folder; a video cannot replace it\n".utf8))
            throw ExitCode(StrataError.Kind.cannotCreate.rawValue)
        }
        do {
            return try VideoSettings(url: URL(fileURLWithPath: video), codec: codec, crf: crf, preset: preset, pixelFormat: pixelFormat)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func validate() throws { _ = try settings() }
}

extension VideoSettings.Codec: ExpressibleByArgument {}

/// `wrote out.mp4: 61 frames at 30/1 fps, 2.033 s (h264, crf 18, preset medium)`.
func videoLine(_ result: VideoSink.Result, settings: VideoSettings, path: String) -> String {
    "wrote \(path): \(result.videoFrames) frame\(result.videoFrames == 1 ? "" : "s") at \(result.rate) fps, \(Manifest.number(result.seconds)) s (\(settings.summary))"
}
