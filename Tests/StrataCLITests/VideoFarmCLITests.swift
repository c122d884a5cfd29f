import Foundation
import StrataTestSupport
import Testing

/// Video on farms (segments joined without re-encoding) and video failures (nothing half-written).
@Suite("video segments and failures", .tags(.ffmpeg), Oracle.ffmpeg.trait)
struct VideoFarmCLITests {
    let video = VideoCLITests()

    func strata(_ arguments: String..., environment: [String: String?] = [:]) throws -> VideoCLITests.Output {
        try VideoCLITests.tool(try CLITests.binary().path, arguments, environment: environment)
    }

    func frameDigests(_ url: URL) throws -> [String] {
        let output = try VideoCLITests.tool("ffmpeg", ["-v", "error", "-i", url.path, "-f", "framemd5", "-"])
        return output.text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: ",").last ?? "") }
    }

    @Test func aLottieFileInShardsIsTheOneProcessVideoAndFrames() throws {
        // PinJump: 93 frames at 30 fps, 150 × 150; three shards, lossless FFV1 segments.
        let folder = video.cli.temporaryDirectory()
        let sample = "Tests/Fixtures/lottie-ios/samples/PinJump.json"
        let farm = folder.appendingPathComponent("farm"), single = folder.appendingPathComponent("single")
        for shard in 0..<3 {
            let run = try strata("render", sample, "--out", farm.path, "--shard", "\(shard)/3", "--video", "pin.mkv", "-q")
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(try strata("check", farm.path).status == 0)
        let joined = folder.appendingPathComponent("joined.mkv")
        #expect(try strata("encode", farm.path, "--video", joined.path).status == 0)
        let whole = folder.appendingPathComponent("whole.mkv")
        #expect(try strata("render", sample, "--out", single.path, "--video", whole.path, "-q").status == 0)
        let probe = try video.probe(joined)
        #expect(probe.frames == 93 && probe.rate == "30/1" && probe.width == 150, "\(probe)")
        let digests = try frameDigests(joined)
        let wholeDigests = try frameDigests(whole)
        #expect(digests.count == 93 && digests == wholeDigests)
        for index in [0, 31, 62, 92] {
            let name = String(format: "frame-%05d.png", index)
            #expect(try Data(contentsOf: farm.appendingPathComponent(name)) == Data(contentsOf: single.appendingPathComponent(name)), "\(name)")
        }
    }

    @Test func shardSegmentsJoinIntoTheOneProcessVideo() throws {
        let folder = video.cli.temporaryDirectory()
        let farm = folder.appendingPathComponent("farm")
        for container in ["mp4", "mkv"] {
            for shard in 0..<3 {
                let run = try strata("render", "Scenes/dropped-frames.yaml", "--out", farm.path, "--shard", "\(shard)/3",
                                     "--video", "final.\(container)", "--overwrite", "-q")
                #expect(run.status == 0, "\(run.stderr)")
            }
            let segments = try FileManager.default.contentsOfDirectory(atPath: farm.appendingPathComponent("video").path).sorted()
            #expect(segments == ["segment-00000-00009.\(container)", "segment-00010-00019.\(container)", "segment-00020-00030.\(container)", "segments.json"])
            #expect(try strata("check", farm.path).status == 0)

            // A missing segment: check names its frames, encode refuses to join.
            let moved = folder.appendingPathComponent("aside.\(container)")
            try FileManager.default.moveItem(at: farm.appendingPathComponent("video/segment-00010-00019.\(container)"), to: moved)
            let check = try strata("check", farm.path)
            #expect(check.status == 1 && check.text.contains("video segments missing for frames 10..19"), "\(check.text)")
            let refused = try strata("encode", farm.path, "--video", folder.appendingPathComponent("joined.\(container)").path)
            #expect(refused.status == 65 && refused.stderr.contains("10..19"), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("joined.\(container)").path))
            try FileManager.default.moveItem(at: moved, to: farm.appendingPathComponent("video/segment-00010-00019.\(container)"))

            let joined = folder.appendingPathComponent("joined.\(container)"), single = folder.appendingPathComponent("single.\(container)")
            let join = try strata("encode", farm.path, "--video", joined.path)
            #expect(join.status == 0 && join.text.contains("not re-encoded"), "\(join.stderr)")
            #expect(try strata("render", "Scenes/dropped-frames.yaml", "--video", single.path, "-q").status == 0)
            let (a, b) = (try video.probe(joined), try video.probe(single))
            #expect(a.frames == 46 && b.frames == 46 && a.rate == b.rate && a.rate == "60/1", "\(a) \(b)")
            // Matroska keeps times in milliseconds.
            #expect(abs(a.duration - b.duration) <= 1.5e-3, "\(a.duration) vs \(b.duration)")
            if container == "mkv" {
                // FFV1 is intra-only and lossless: the joined frames are the one process's, frame for frame.
                #expect(try frameDigests(joined) == frameDigests(single))
            }
            // Encoding the frames instead gives the one-process file, byte for byte.
            let encoded = folder.appendingPathComponent("encoded.\(container)")
            #expect(try strata("encode", farm.path, "--video", encoded.path, "--from-frames", "-q").status == 0)
            #expect(try Data(contentsOf: encoded) == Data(contentsOf: single))
            for name in [joined, single, encoded] { try FileManager.default.removeItem(at: name) }
        }
        // GIF is not made in segments (one palette for the scene), and settings the segments lack are refused.
        let gif = try strata("render", "Scenes/dropped-frames.yaml", "--out", folder.appendingPathComponent("g").path, "--shard", "0/2", "--video", "x.gif")
        #expect(gif.status == 64 && gif.stderr.contains("one palette"), "\(gif.stderr)")
        let crf = try strata("encode", farm.path, "--video", folder.appendingPathComponent("x.mkv").path, "--codec", "h264")
        #expect(crf.status == 64 && crf.stderr.contains("--from-frames"), "\(crf.stderr)")
    }

    @Test func failuresLeaveNoFileAtTheFinalName() throws {
        let folder = video.cli.temporaryDirectory()
        func leftovers() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("out") } }
        let target = folder.appendingPathComponent("out.mp4")

        let missing = try strata("render", "Scenes/slide-linear.yaml", "--video", target.path, environment: ["PATH": "/nonexistent", "STRATA_FFMPEG": nil])
        #expect(missing.status == 69 && missing.stderr.contains("apt-get install ffmpeg"), "\(missing.stderr)")

        // ffmpeg refusing an option, killed mid-stream (a file size limit: what a full disk does),
        // each a clear error with its last words and no file.
        let wrappers = [("bad.sh", "exec ffmpeg -no-such-option 1 \"$@\"", "no-such-option"),
                        ("full.sh", "ulimit -f 16\nexec ffmpeg \"$@\"", "write")]
        for (name, body, expected) in wrappers {
            let script = folder.appendingPathComponent(name)
            try TestProcess.writeScript(body, to: script)  // not written by this process: no ETXTBSY
            let run = try strata("render", "Scenes/side-menu.yaml", "--video", target.path, "-q", environment: ["STRATA_FFMPEG": script.path])
            // A write over the limit kills ffmpeg (SIGXFSZ) or fails (when it comes at the trailer).
            let said = run.stderr.contains(expected) || (name == "full.sh" && run.stderr.contains("SIGXFSZ"))
            #expect(run.status == 74 && said && run.stderr.contains("nothing was written"), "\(name): \(run.stderr)")
            let left = try leftovers()
            #expect(left.isEmpty, "\(name): \(left)")
        }

        // Options that do not fit: usage errors before anything starts.
        for (arguments, expected) in [(["--video", "x.avi"], ".mp4, .webm"), (["--video", "x.mp4", "--codec", "prores"], "goes in .mov"),
                                      (["--video", "x.mp4", "--crf", "60"], "0…51"), (["--video", "x.webm", "--preset", "fast"], "h264 and h265"),
                                      (["--crf", "20"], "go with --video"), (["--video", "x.mp4", "--pixel-format", "rgba"], "rgb24")] {
            let run = try VideoCLITests.tool(try CLITests.binary().path, ["render", "Scenes/slide-linear.yaml"] + arguments)
            #expect(run.status == 64 && run.stderr.contains(expected), "\(arguments): \(run.stderr)")
        }

        // An existing video is kept unless --overwrite.
        try Data("keep".utf8).write(to: target)
        let exists = try strata("render", "Scenes/slide-linear.yaml", "--video", target.path)
        let kept = try Data(contentsOf: target)
        #expect(exists.status == 73 && kept == Data("keep".utf8))
        try FileManager.default.removeItem(at: target)

        // Ctrl-C while ffmpeg has the file open: exit 130, no file, no temporary, no ffmpeg left.
        let process = try TestProcess(try CLITests.binary().path,
                                      ["render", "Scenes/side-menu.yaml", "--fps", "240", "--scale", "3", "--video", target.path, "--jobs", "2"],
                                      directory: CLITests.root)
        while process.isRunning, try !leftovers().contains(where: { $0.hasPrefix(".strata-tmp-") }) { usleep(20_000) }
        process.send(SIGINT)
        let ended = process.finish()
        #expect(ended.status == 130 && ended.stderr.contains("was not written"), "\(ended.stderr)")
        let left = try leftovers()
        #expect(left.isEmpty, "\(left)")
        let running = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init).filter { pid in
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return String(decoding: command, as: UTF8.self).contains(folder.path)
        }
        #expect(running.isEmpty, "ffmpeg processes left: \(running)")
    }
}
