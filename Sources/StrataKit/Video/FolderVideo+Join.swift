import Foundation

extension FolderVideo {
    /// Joins `chain` (segments that follow each other) with ffmpeg's concat demuxer and stream
    /// copy: nothing is re-encoded. Each segment is given its exact duration (its frames' ticks at
    /// the record's rate), so the joined video has the frame count and timing of one encode.
    static func join(_ chain: [ClosedRange<Int>], in directory: URL, manifest: Manifest,
                     settings: VideoSettings, segmentContainer: String,
                     cancellation: CancellationFlag? = nil) throws(StrataError) -> VideoSink.Result {
        let ticks = manifest.frames.map(\.tick)
        let rate = VideoFrameRate(fps: manifest.fps)  // checked by make(from:)
        var lines: [String] = ["ffconcat version 1.0"]
        var total = 0
        let recorded = FrameRecords.digests(in: FrameRecords.read(directory), fingerprint: manifest.fingerprint?.id ?? "")
        for range in chain {
            let url = VideoSegments.segmentURL(in: directory, range: range, container: segmentContainer)
            // ffmpeg would block on a FIFO and read a device without end: only regular files go,
            // and only the bytes the shard recorded (a swapped or truncated segment is refused).
            try VideoSegments.checkRecorded(url, in: directory, recorded: recorded)
            let frames = VideoSegments.repeats(of: range, ticks: ticks, tickCount: manifest.tickCount).reduce(0, +)
            total += frames
            // The concat list quotes with '…'; a quote inside is closed, escaped and reopened. The
            // list comes through a pipe, so each entry names its protocol (`file:`), which would
            // otherwise be taken from the list's (`pipe:`).
            let quoted = url.standardizedFileURL.path.replacingOccurrences(of: "'", with: "'\\''")
            lines.append("file 'file:\(quoted)'")
            lines.append("duration " + String(format: "%.6f", rate.seconds(frames: frames)))
        }
        let folder = settings.url.deletingLastPathComponent()
        try AtomicFile.createDirectory(folder)
        let temporary = AtomicFile.temporaryURL(for: settings.url)
        // The list goes to ffmpeg's standard input: no file of it can be left behind.
        let list = Array((lines.joined(separator: "\n") + "\n").utf8)
        var arguments = ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "error", "-y", "-protocol_whitelist", "file,pipe",
                         "-f", "concat", "-safe", "0", "-i", "pipe:0", "-map", "0:v", "-c", "copy"]
        if settings.codec == .h265 && settings.container != "mkv" { arguments += ["-tag:v", "hvc1"] }
        if settings.container == "mp4" || settings.container == "mov" { arguments += ["-movflags", "+faststart"] }
        arguments += ["-fflags", "+bitexact", "-map_metadata", "-1", "-f", VideoSettings.muxers[settings.container]!, temporary.path]
        let process = try FFmpegProcess(executable: try FFmpegProcess.locate(), arguments: arguments, preamble: list,
                                        cancellation: cancellation)
        try process.publish(temporary, as: settings.url, frames: total,
                            doing: "joining the segments of \(directory.path) into \(settings.url.path)")
        return VideoSink.Result(url: settings.url, videoFrames: total, rate: rate)
    }
}
