import Foundation

extension VideoSettings {
    /// What ffmpeg is told for frames of `width × height` pixels: its arguments (an array, never a
    /// shell line), the raw pixel format Strata writes to its standard input, and notes for the user.
    struct Invocation: Hashable, Sendable {
        /// Everything after the executable's name.
        var arguments: [String]
        /// `bgra` (straight alpha) or `bgr0` (Cairo's bytes as they are: opaque, or premultiplied,
        /// which is the frame over black).
        var inputPixelFormat: String
        /// Things the user should know (padding).
        var notes: [String]
        /// What to tell the user if a frame turns out to have transparent pixels, which this
        /// encoding draws over black; nil when it keeps alpha or the scene cannot be transparent.
        var alphaDroppedNote: String?
    }

    /// The invocation writing `output` (a temporary name; the muxer is named, not guessed from it).
    func invocation(width: Int, height: Int, sceneHasAlpha: Bool, rate: VideoFrameRate, output: String) -> Invocation {
        let alpha = carriesAlpha(sceneHasAlpha: sceneHasAlpha)
        var notes: [String] = []
        var alphaDroppedNote: String?
        if sceneHasAlpha && !alpha {
            alphaDroppedNote = "\(url.lastPathComponent): \(codec.rawValue)\(pixelFormat.map { " in \($0)" } ?? "") carries no alpha, so the transparent parts of the frames are black; --codec prores (.mov), vp9 (.webm) or ffv1 (.mkv) keep them"
        }
        let input = alpha ? "bgra" : "bgr0"
        var arguments = ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "error", "-y",
                         "-f", "rawvideo", "-pix_fmt", input, "-video_size", "\(width)x\(height)",
                         "-framerate", rate.description, "-i", "pipe:0", "-an"]
        let format = encodedPixelFormat(alpha: alpha)
        var filters: [String] = []
        // Chroma subsampled horizontally (4:2:x) needs an even width; 4:2:0 an even height too.
        let subsampled = ["yuv420p", "yuva420p"].contains(format ?? "") ? (true, true)
            : format == "yuv422p" ? (true, false) : (false, false)
        let padRight = subsampled.0 && width % 2 == 1 ? 1 : 0
        let padBottom = subsampled.1 && height % 2 == 1 ? 1 : 0
        if padRight + padBottom > 0 {
            filters.append("pad=\(width + padRight):\(height + padBottom):0:0")
            filters.append("fillborders=right=\(padRight):bottom=\(padBottom):mode=smear")
            notes.append("\(url.lastPathComponent): \(width)×\(height) pixels padded to \(width + padRight)×\(height + padBottom), repeating the last \(padRight > 0 && padBottom > 0 ? "column and row" : padRight > 0 ? "column" : "row") (\(format!) needs even sizes); --pixel-format yuv444p keeps the size")
        }
        let yuv = format.map { $0.hasPrefix("yuv") } ?? false
        if yuv { filters.append("scale=out_color_matrix=bt709:out_range=tv") }
        if let format { filters.append("format=\(format)") }
        switch codec {
        case .gif:
            let generate = "palettegen=stats_mode=full:reserve_transparent=\(alpha ? 1 : 0)"
            let use = alpha ? "paletteuse=alpha_threshold=128" : "paletteuse"
            arguments += ["-filter_complex", "[0:v]split[frames][stats];[stats]\(generate)[palette];[frames][palette]\(use)",
                          "-loop", "0"]
        default:
            arguments += ["-vf", filters.joined(separator: ",")]
        }
        switch codec {
        case .h264:
            arguments += format == "rgb24" ? ["-c:v", "libx264rgb"] : ["-c:v", "libx264"]
            arguments += ["-preset", preset ?? "medium", "-crf", "\(crf ?? 18)"]
        case .h265:
            arguments += ["-c:v", "libx265", "-preset", preset ?? "medium", "-crf", "\(crf ?? 22)",
                          "-x265-params", "log-level=error"]
            if container != "mkv" { arguments += ["-tag:v", "hvc1"] }
        case .vp9:
            arguments += ["-c:v", "libvpx-vp9", "-crf", "\(crf ?? 31)", "-b:v", "0", "-deadline", "good", "-cpu-used", "2", "-row-mt", "1"]
        case .prores:
            arguments += ["-c:v", "prores_ks", "-profile:v", format == "yuv422p10le" ? "3" : "4", "-vendor", "apl0"]
            if alpha { arguments += ["-alpha_bits", "16"] }
        case .ffv1:
            arguments += ["-c:v", "ffv1", "-level", "3", "-g", "1"]
        case .gif:
            break
        }
        if yuv { arguments += ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "iec61966-2-1", "-color_range", "tv"] }
        if container == "mp4" || container == "mov" { arguments += ["-movflags", "+faststart"] }
        // No encoder version, creation time or random ids in the file: same frames, same bytes.
        arguments += ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1",
                      "-f", Self.muxers[container]!, output]
        return Invocation(arguments: arguments, inputPixelFormat: input, notes: notes, alphaDroppedNote: alphaDroppedNote)
    }
}
