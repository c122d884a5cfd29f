import Foundation

extension FolderVideo {
    /// Joins `chain` (segments that follow each other) with ffmpeg's concat demuxer and stream
    /// copy: nothing is re-encoded. Each segment is given its exact duration (its frames' ticks at
    /// the record's rate), so the joined video has the frame count and timing of one encode.
    static func join(_ chain: [ClosedRange<Int>], in directory: URL, manifest: Manifest,
                     settings: VideoSettings, segmentContainer: String) throws(StrataError) -> VideoSink.Result {
        let ticks = manifest.frames.map(\.tick)
        let rate = VideoFrameRate(fps: manifest.fps)  // checked by make(from:)
        var lines: [String] = ["ffconcat version 1.0"]
        var total = 0
        for range in chain {
            let url = VideoSegments.segmentURL(in: directory, range: range, container: segmentContainer)
            // ffmpeg would block on a FIFO and read a device without end: only regular files go.
            try AtomicFile.checkRegularFile(url)
            let frames = VideoSegments.repeats(of: range, ticks: ticks, tickCount: manifest.tickCount).reduce(0, +)
            total += frames
            // The concat list quotes with '…'; a quote inside is closed, escaped and reopened.
            let quoted = url.standardizedFileURL.path.replacingOccurrences(of: "'", with: "'\\''")
            lines.append("file '\(quoted)'")
            lines.append("duration " + String(format: "%.6f", rate.seconds(frames: frames)))
        }
        let folder = settings.url.deletingLastPathComponent()
        try AtomicFile.createDirectory(folder)
        let list = AtomicFile.temporaryURL(for: folder.appendingPathComponent("concat.txt"), tag: "-list")
        let temporary = AtomicFile.temporaryURL(for: settings.url)
        try AtomicFile.write(Array((lines.joined(separator: "\n") + "\n").utf8), to: list, overwrite: true)
        defer { try? FileManager.default.removeItem(at: list) }
        var arguments = ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "error", "-y",
                         "-f", "concat", "-safe", "0", "-i", list.path, "-map", "0:v", "-c", "copy"]
        if settings.codec == .h265 && settings.container != "mkv" { arguments += ["-tag:v", "hvc1"] }
        if settings.container == "mp4" || settings.container == "mov" { arguments += ["-movflags", "+faststart"] }
        arguments += ["-fflags", "+bitexact", "-map_metadata", "-1", "-f", VideoSettings.muxers[settings.container]!, temporary.path]
        let process = try FFmpegProcess(executable: try FFmpegProcess.locate(), arguments: arguments)
        try process.publish(temporary, as: settings.url, frames: total,
                            doing: "joining the segments of \(directory.path) into \(settings.url.path)")
        return VideoSink.Result(url: settings.url, videoFrames: total, rate: rate)
    }
}
