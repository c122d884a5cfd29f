import Foundation

/// How a sequence becomes a video file: the container (from the file's extension), the codec and
/// its settings. ffmpeg does the encoding (docs/video.md); Strata gives it raw frames through a pipe.
///
/// Defaults, per codec (the container is the file's extension):
///
/// | codec | containers | pixels | quality |
/// |---|---|---|---|
/// | `h264` (libx264) | .mp4 .mov .mkv | yuv420p, BT.709 | CRF 18, preset medium |
/// | `h265` (libx265) | .mp4 .mov .mkv | yuv420p, BT.709 | CRF 22, preset medium |
/// | `vp9` (libvpx-vp9) | .webm .mkv | yuva420p with alpha, else yuv420p | CRF 31, constant quality |
/// | `prores` (prores_ks) | .mov | 4444 yuva444p10le with alpha, else 422 HQ yuv422p10le | the profile's |
/// | `gif` | .gif | a palette for the whole scene (palettegen, paletteuse) | 256 colours |
/// | `ffv1` | .mkv | bgra with alpha, else bgr0: lossless | lossless |
///
/// yuv420p needs even sizes: an odd width or height is padded by one column or row, repeating the
/// last one (a note says so; `--pixel-format yuv444p` keeps the size). `h264` with
/// `pixelFormat: "rgb24"` uses libx264rgb (with `crf: 0`, lossless RGB).
public struct VideoSettings: Hashable, Sendable {
    /// The codecs Strata drives.
    public enum Codec: String, CaseIterable, Hashable, Sendable {
        case h264, h265, vp9, prores, gif, ffv1
    }

    /// The final file.
    public var url: URL
    public var codec: Codec
    /// Constant rate factor: lower is better; nil for the codec's default (h264 18, h265 22, vp9 31).
    /// h264/h265 0…51, vp9 0…63; other codecs take none.
    public var crf: Int?
    /// x264/x265's speed preset (ultrafast … placebo); nil for medium. Other codecs take none.
    public var preset: String?
    /// The encoded pixel format; nil for the codec's default (see the table).
    public var pixelFormat: String?

    /// The containers, by file extension, and the muxer ffmpeg is told to use.
    static let muxers = ["mp4": "mp4", "mov": "mov", "mkv": "matroska", "webm": "webm", "gif": "gif"]
    /// The codec a container gets when none is named.
    static let defaultCodec: [String: Codec] = ["mp4": .h264, "mov": .prores, "mkv": .ffv1, "webm": .vp9, "gif": .gif]
    static let containers: [Codec: [String]] = [
        .h264: ["mp4", "mov", "mkv"], .h265: ["mp4", "mov", "mkv"], .vp9: ["webm", "mkv"],
        .prores: ["mov"], .gif: ["gif"], .ffv1: ["mkv"],
    ]
    static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
    static let pixelFormats: [Codec: [String]] = [
        .h264: ["yuv420p", "yuv422p", "yuv444p", "rgb24"], .h265: ["yuv420p", "yuv422p", "yuv444p"],
        .vp9: ["yuv420p", "yuva420p", "yuv444p"], .prores: ["yuv422p10le", "yuv444p10le", "yuva444p10le"],
        .gif: [], .ffv1: ["bgr0", "bgra"],
    ]

    /// Settings for `url`, checked: the extension names a container, the codec (the container's
    /// default when nil) fits it, and the options fit the codec. Throws a usage error saying what
    /// is accepted.
    public init(url: URL, codec: Codec? = nil, crf: Int? = nil, preset: String? = nil, pixelFormat: String? = nil) throws(StrataError) {
        let container = url.pathExtension.lowercased()
        guard let fallback = Self.defaultCodec[container] else {
            throw StrataError(.usage, "--video \(url.lastPathComponent): the file must end in .mp4, .webm, .mov, .gif or .mkv (the container), found \(container.isEmpty ? "no extension" : "." + container)")
        }
        let codec = codec ?? fallback
        let fits = Self.containers[codec]!
        guard fits.contains(container) else {
            throw StrataError(.usage, "--codec \(codec.rawValue) does not go in .\(container); it goes in \(fits.map { "." + $0 }.joined(separator: ", "))")
        }
        if let crf {
            switch codec {
            case .h264, .h265:
                guard (0...51).contains(crf) else { throw StrataError(.usage, "--crf for \(codec.rawValue) must be in 0…51, found \(crf)") }
            case .vp9:
                guard (0...63).contains(crf) else { throw StrataError(.usage, "--crf for vp9 must be in 0…63, found \(crf)") }
            case .prores, .gif, .ffv1:
                throw StrataError(.usage, "--crf does not apply to \(codec.rawValue) (h264, h265 and vp9 take it)")
            }
        }
        if let preset {
            guard codec == .h264 || codec == .h265 else {
                throw StrataError(.usage, "--preset does not apply to \(codec.rawValue) (h264 and h265 take it)")
            }
            guard Self.presets.contains(preset) else {
                throw StrataError(.usage, "--preset \(preset) is not one of \(Self.presets.joined(separator: ", "))")
            }
        }
        if let pixelFormat {
            let allowed = Self.pixelFormats[codec]!
            guard allowed.contains(pixelFormat) else {
                throw StrataError(.usage, allowed.isEmpty ? "--pixel-format does not apply to gif (it has a palette)"
                    : "--pixel-format \(pixelFormat) is not one Strata encodes \(codec.rawValue) in: \(allowed.joined(separator: ", "))")
            }
        }
        self.url = url
        self.codec = codec
        self.crf = crf
        self.preset = preset
        self.pixelFormat = pixelFormat
    }

    /// The container: the file's extension, lower case.
    public var container: String { url.pathExtension.lowercased() }

    /// The encoded pixel format for a scene with (`alpha`) or without transparency.
    public func encodedPixelFormat(alpha: Bool) -> String? {
        if let pixelFormat { return pixelFormat }
        switch codec {
        case .h264, .h265: return "yuv420p"
        case .vp9: return alpha ? "yuva420p" : "yuv420p"
        case .prores: return alpha ? "yuva444p10le" : "yuv422p10le"
        case .ffv1: return alpha ? "bgra" : "bgr0"
        case .gif: return nil
        }
    }

    /// Whether the video keeps transparency, for a scene that has some.
    public func carriesAlpha(sceneHasAlpha: Bool) -> Bool {
        guard sceneHasAlpha else { return false }
        if codec == .gif { return true }
        return ["yuva420p", "yuva444p10le", "bgra"].contains(encodedPixelFormat(alpha: true) ?? "")
    }

    /// A one-line account of what the settings do, for messages and the segment record.
    public var summary: String {
        var parts = [codec.rawValue]
        switch codec {
        case .h264, .h265: parts += ["crf \(crf ?? (codec == .h264 ? 18 : 22))", "preset \(preset ?? "medium")"]
        case .vp9: parts.append("crf \(crf ?? 31)")
        case .prores, .gif, .ffv1: break
        }
        if let pixelFormat { parts.append(pixelFormat) }
        return parts.joined(separator: ", ")
    }
}

/// A video frame rate as a fraction, as containers store it.
public struct VideoFrameRate: Hashable, Sendable, CustomStringConvertible {
    public var numerator: Int
    public var denominator: Int

    /// The rate for a clock's `fps`: a whole number of frames as n/1; within 0.01 of an NTSC rate
    /// n·1000/1001 (23.976, 29.97, 59.94, 119.88) as that fraction; otherwise the fraction with the
    /// smallest denominator up to 1001 within 1e-9 of it, or else fps rounded to 1/1000.
    public init(fps: Double) {
        precondition(fps.isFinite && fps > 0 && fps <= 1_000_000, "a frame rate is a positive finite number up to 1,000,000")
        let whole = fps.rounded()
        if abs(fps - whole) < 1e-9 {
            (numerator, denominator) = (Int(saturating: whole), 1); return
        }
        let ntsc = (fps * 1.001).rounded()
        if ntsc >= 1, abs(ntsc * 1000 / 1001 - fps) < 0.01 {
            (numerator, denominator) = (Int(saturating: ntsc) * 1000, 1001); return
        }
        for denominator in 2...1001 {
            let numerator = (fps * Double(denominator)).rounded()
            if abs(numerator / Double(denominator) - fps) <= 1e-9 * fps {
                (self.numerator, self.denominator) = (Int(saturating: numerator), denominator); return
            }
        }
        let thousandths = max(1, Int(saturating: (fps * 1000).rounded()))
        let divisor = Self.gcd(thousandths, 1000)
        (numerator, denominator) = (thousandths / divisor, 1000 / divisor)
    }

    /// The rate for `fps`, or a usage error (data error for a manifest's rate) naming `source`
    /// when a video cannot have it: outside 0.001…1000 fps, or no fraction of `init(fps:)` within
    /// 0.1 % of it (0.0015 fps would become 2/1000). A rate of 0/1 never reaches ffmpeg.
    public static func checked(fps: Double, source: String, kind: StrataError.Kind = .usage) throws(StrataError) -> VideoFrameRate {
        guard fps.isFinite, fps >= 0.001, fps <= 1000 else {
            throw StrataError(kind, "\(source): a video needs a frame rate of 0.001 to 1000 fps, found \(fps)")
        }
        let rate = VideoFrameRate(fps: fps)
        guard abs(rate.value - fps) <= 1e-3 * fps else {
            throw StrataError(kind, "\(source): a video's frame rate is a fraction n/d with d ≤ 1001 or a multiple of 0.001 fps; the nearest to \(fps) is \(rate) (\(rate.value) fps)")
        }
        return rate
    }

    /// Frames per second.
    public var value: Double { Double(numerator) / Double(denominator) }

    /// `n/d`, as ffmpeg reads it.
    public var description: String { "\(numerator)/\(denominator)" }

    /// The time of `frames` frames, in seconds.
    public func seconds(frames: Int) -> Double { Double(frames) * Double(denominator) / Double(numerator) }

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? max(1, a) : gcd(b, a % b) }
}
