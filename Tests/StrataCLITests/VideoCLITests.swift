import Foundation
import StrataTestSupport
import Testing

/// `strata render --video` and `strata encode`, checked against ffmpeg's own view of the files:
/// ffprobe's frame count, rate and duration, and frames decoded by ffmpeg compared with Strata's
/// PNGs. Needs Debian's ffmpeg (scripts/test installs it).
@Suite("video through ffmpeg", .tags(.ffmpeg), Oracle.ffmpeg.trait)
struct VideoCLITests {
    let cli = CLITests()

    typealias Output = TestProcess.Output

    /// Runs `executable` (a path, or a name looked up on PATH) with `arguments` in the package
    /// folder; `environment` entries are added to this process's (a nil value removes one).
    static func tool(_ executable: String, _ arguments: [String], environment: [String: String?] = [:]) throws -> Output {
        try TestProcess.run(executable, arguments, environment: environment)
    }

    func strata(_ arguments: String..., environment: [String: String?] = [:]) throws -> Output {
        try Self.tool(try CLITests.binary().path, arguments, environment: environment)
    }

    /// ffprobe's view of the first video stream: the frames it decodes, r_frame_rate, the
    /// stream's (else the container's) duration, the pixel format and the alpha tag.
    struct Probe {
        var frames: Int
        var rate: String
        var duration: Double
        var pixelFormat: String
        var width: Int
        var height: Int
        var alphaMode: String?
    }

    func probe(_ url: URL) throws -> Probe {
        let output = try Self.tool("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                               "-show_entries", "stream=nb_read_frames,r_frame_rate,duration,pix_fmt,width,height:stream_tags=alpha_mode:format=duration",
                                               "-of", "default=noprint_wrappers=1", url.path])
        #expect(output.status == 0, "\(output.stderr)")
        var fields: [String: String] = [:]
        for line in output.text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2, fields[parts[0]] == nil || fields[parts[0]] == "N/A" { fields[parts[0]] = parts[1] }
        }
        return Probe(frames: Int(fields["nb_read_frames"] ?? "") ?? -1, rate: fields["r_frame_rate"] ?? "",
                     duration: Double(fields["duration"] ?? "") ?? -1, pixelFormat: fields["pix_fmt"] ?? "",
                     width: Int(fields["width"] ?? "") ?? -1, height: Int(fields["height"] ?? "") ?? -1,
                     alphaMode: fields["TAG:alpha_mode"])
    }

    /// Every frame of `url` as ffmpeg decodes it to straight RGBA, cropped to `width × height`.
    func decodedFrames(_ url: URL, width: Int, height: Int, decoder: [String] = []) throws -> [[UInt8]] {
        let output = try Self.tool("ffmpeg", ["-v", "error"] + decoder + ["-i", url.path, "-vf", "format=rgba,crop=\(width):\(height):0:0",
                                              "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        #expect(output.status == 0, "\(output.stderr)")
        let size = width * height * 4
        let bytes = [UInt8](output.stdout)
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
    }

    /// A PNG frame as straight RGBA, as stored (decoded by ffmpeg, as the videos are).
    func straight(_ url: URL) throws -> [UInt8] {
        let output = try Self.tool("ffmpeg", ["-v", "error", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        #expect(output.status == 0, "\(output.stderr)")
        return [UInt8](output.stdout)
    }

    /// Every PNG frame of a folder (`frame-00000.png` on, consecutive) as straight RGBA, by file
    /// name, decoded by one ffmpeg run (a run per frame spent seconds starting ffmpeg).
    func straightFrames(_ folder: URL, count: Int, width: Int, height: Int) throws -> [String: [UInt8]] {
        let output = try Self.tool("ffmpeg", ["-v", "error", "-f", "image2", "-start_number", "0", "-i", folder.appendingPathComponent("frame-%05d.png").path,
                                              "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        #expect(output.status == 0, "\(output.stderr)")
        let size = width * height * 4, bytes = [UInt8](output.stdout)
        #expect(bytes.count == count * size, "\(count) frames of \(width) × \(height)")
        var frames: [String: [UInt8]] = [:]
        for index in 0..<min(count, bytes.count / max(1, size)) {
            frames[String(format: "frame-%05d.png", index)] = Array(bytes[(index * size)..<((index + 1) * size)])
        }
        return frames
    }

    /// Peak signal-to-noise ratio over the colour channels, in dB.
    func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var sum = 0.0, count = 0.0
        for offset in stride(from: 0, to: min(a.count, b.count), by: 4) {
            for channel in 0..<3 {
                let d = Double(a[offset + channel]) - Double(b[offset + channel])
                sum += d * d
                count += 1
            }
        }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / count))
    }

    struct ManifestTicks: Decodable {
        struct Frame: Decodable { let tick: Int; let file: String }
        let frames: [Frame]
        let tickCount: Int
        let pixelSize: [Int]
    }

    func manifest(_ folder: URL) throws -> ManifestTicks {
        try JSONDecoder().decode(ManifestTicks.self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
    }

    /// The displayed frame shown by video frame `n`: the last one whose tick is at or before it.
    func displayed(atVideoFrame n: Int, _ manifest: ManifestTicks) -> ManifestTicks.Frame {
        manifest.frames.last { $0.tick <= n }!
    }

    @Test func h264HasTheClocksTimingAndQuality() throws {
        let folder = cli.temporaryDirectory()
        let video = folder.appendingPathComponent("menu.mp4"), frames = folder.appendingPathComponent("frames")
        let run = try strata("render", "Scenes/side-menu.yaml", "--video", video.path, "--out", frames.path, "-q")
        #expect(run.status == 0, "\(run.stderr)")
        let probe = try probe(video)
        #expect(probe.frames == 61 && probe.rate == "60/1" && probe.pixelFormat == "yuv420p")
        #expect(abs(probe.duration - 61.0 / 60) < 1e-3, "\(probe.duration)")
        let decoded = try decodedFrames(video, width: 320, height: 480)
        #expect(decoded.count == 61)
        // The default CRF 18 keeps every frame above 35 dB (about 40 dB measured on this scene).
        for k in [0, 15, 30, 45, 60] {
            let png = try straight(frames.appendingPathComponent(String(format: "frame-%05d.png", k)))
            let quality = psnr(decoded[k], png)
            #expect(quality > 35, "frame \(k): \(quality) dB")
        }
        // Only the video when no --out is given: the same bytes, and no frame folder.
        let alone = folder.appendingPathComponent("alone").appendingPathComponent("menu.mp4")
        #expect(try strata("render", "Scenes/side-menu.yaml", "--video", alone.path, "-q").status == 0)
        #expect(try Data(contentsOf: alone) == Data(contentsOf: video), "same scene, same video bytes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: alone.deletingLastPathComponent().path) == ["menu.mp4"])
    }

    @Test func losslessVideoHoldsEachFrameForItsTicks() throws {
        let folder = cli.temporaryDirectory()
        let frames = folder.appendingPathComponent("frames")
        // FFV1 (lossless) and H.264 RGB at CRF 0 (lossless): every video frame is the PNG of the
        // displayed frame at or before its tick, so a dropped tick repeats the frame before it.
        for (name, options) in [("drop.mkv", [String]()), ("drop.mp4", ["--pixel-format", "rgb24", "--crf", "0"])] {
            let video = folder.appendingPathComponent(name)
            let run = try Self.tool(try CLITests.binary().path, ["render", "Scenes/dropped-frames.yaml", "--video", video.path,
                                                                  "--out", frames.path, "--overwrite", "-q"] + options)
            #expect(run.status == 0, "\(run.stderr)")
            let manifest = try manifest(frames)
            #expect(manifest.frames.count == 31 && manifest.tickCount == 46)
            let probe = try probe(video)
            #expect(probe.frames == 46 && probe.rate == "60/1", "\(name): \(probe)")
            #expect(abs(probe.duration - 46.0 / 60) < 1e-3, "\(name): \(probe.duration)")
            let decoded = try decodedFrames(video, width: manifest.pixelSize[0], height: manifest.pixelSize[1])
            #expect(decoded.count == 46)
            let pngs = try straightFrames(frames, count: manifest.frames.count, width: manifest.pixelSize[0], height: manifest.pixelSize[1])
            for (n, pixels) in decoded.enumerated() {
                let png = pngs[displayed(atVideoFrame: n, manifest).file]
                #expect(pixels == png, "\(name): video frame \(n) differs from \(displayed(atVideoFrame: n, manifest).file)")
            }
        }
    }

    @Test func ntscRateAndAlphaWhereTheContainerCarriesIt() throws {
        let folder = cli.temporaryDirectory()
        let scene = folder.appendingPathComponent("glass.yaml")
        try Data("""
            version: 1
            description: A translucent blue square slides right across a transparent canvas at 29.97 fps.
            size: [61, 41]
            clock: {fps: 29.97, duration: 1}
            layers:
              - frame: [0, 5, 30, 30]
                backgroundColor: "#1e88e580"
                cornerRadius: 8
                animations: [{keyPath: position.x, from: 15, to: 45, duration: 1}]
            """.utf8).write(to: scene)
        let frames = folder.appendingPathComponent("frames")
        var checked: [String] = []
        for (name, format, alpha) in [("a.mov", "yuva444p12le", true), ("a.webm", "yuv420p", true), ("a.mkv", "bgra", true), ("a.mp4", "yuv420p", false)] {
            let video = folder.appendingPathComponent(name)
            let run = try strata("render", scene.path, "--video", video.path, "--out", frames.path, "--overwrite", "-q")
            #expect(run.status == 0, "\(run.stderr)")
            let probe = try probe(video)
            #expect(probe.rate == "30000/1001" && probe.frames == 30, "\(name): \(probe)")
            #expect(abs(probe.duration - 30 * 1001.0 / 30000) < 1e-3, "\(name): \(probe.duration)")
            #expect(probe.pixelFormat == format, "\(name): \(probe.pixelFormat)")
            if name == "a.webm" { #expect(probe.alphaMode == "1", "VP9 carries alpha beside the colour") }
            if name == "a.mp4" {
                #expect(run.stderr.contains("carries no alpha") && run.stderr.contains("padded to 62×42"), "\(run.stderr)")
                #expect(probe.width == 62 && probe.height == 42)
            }
            // Alpha decoded back: within 1 for ProRes 4444, exactly for FFV1, loosely for VP9 at CRF 31.
            let decoded = try decodedFrames(video, width: 61, height: 41, decoder: name == "a.webm" ? ["-c:v", "libvpx-vp9"] : [])
            let png = try straight(frames.appendingPathComponent("frame-00010.png"))
            let alphaError = stride(from: 3, to: png.count, by: 4).map { abs(Int(decoded[10][$0]) - Int(png[$0])) }.max()!
            let tolerance = ["a.mov": 1, "a.webm": 16, "a.mkv": 0, "a.mp4": 255][name]!
            if alpha { #expect(alphaError <= tolerance, "\(name): alpha off by \(alphaError)") }
            checked.append(name)
        }
        #expect(checked.count == 4)
        // An opaque scene is encoded without alpha, even in containers that could carry it.
        let opaque = folder.appendingPathComponent("opaque.mov")
        #expect(try strata("render", "Scenes/slide-linear.yaml", "--video", opaque.path, "-q").status == 0)
        #expect(try probe(opaque).pixelFormat == "yuv422p10le")
        // GIF: one palette for the scene, the clock's timing to GIF's hundredths of a second.
        let gif = folder.appendingPathComponent("slide.gif")
        #expect(try strata("render", "Scenes/slide-linear.yaml", "--video", gif.path, "-q").status == 0)
        let animated = try probe(gif)
        #expect(animated.frames == 31 && abs(animated.duration - 31.0 / 30) <= 0.02, "\(animated)")
        // A scene that could be transparent (no background) whose frames are all opaque (a Lottie
        // file under a full-canvas solid): no note about alpha. Under --size's margins it is true.
        let logo = "Tests/Fixtures/lottie-ios/samples/LottieLogo1.json"
        let solid = try strata("render", logo, "--frames", "0..3", "--video", folder.appendingPathComponent("logo.mp4").path, "-q")
        #expect(solid.status == 0 && !solid.stderr.contains("carries no alpha"), "\(solid.stderr)")
        let margins = try strata("render", logo, "--frames", "0..3", "--size", "400x200", "--video", folder.appendingPathComponent("wide.mp4").path, "-q")
        #expect(margins.status == 0 && margins.stderr.contains("carries no alpha"), "\(margins.stderr)")
    }
}
