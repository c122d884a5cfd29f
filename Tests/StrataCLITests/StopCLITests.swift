import Foundation
import StrataTestSupport
import Testing

/// Stopping Strata while it waits on ffmpeg or on a long frame (issue 37, items 4, 7 and 10), and
/// `strata encode` refusing frames and segments that are not the ones their run recorded. The
/// stand-in ffmpeg programs are shell scripts that block the way a real ffmpeg does on a FIFO (it
/// never reads its input) or in a GIF's palette pass (it has read everything and works on): what is
/// tested is Strata's side of the pipe, and every wait is for a state, never for a time.
@Suite("stopping: signals around ffmpeg and long frames; encode checks its inputs")
struct StopCLITests {
    let cli = CLITests()

    /// A running `strata` (StrataTestSupport's runner).
    struct Running {
        let process: TestProcess

        /// Waits for the exit; returns the status and what it wrote to standard error.
        func finish() -> (status: Int32, stderr: String) {
            let output = process.finish()
            return (output.status, output.stderr)
        }
    }

    func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Running {
        Running(process: try TestProcess(try CLITests.binary().path, arguments, environment: environment.mapValues { Optional($0) }))
    }

    /// A stand-in ffmpeg: writes its pid to `pidFile`, then runs `body` (sh); written as
    /// `TestProcess.writeScript` writes it (no ETXTBSY).
    func fakeFFmpeg(in folder: URL, body: String) throws -> URL {
        let url = folder.appendingPathComponent("fake-ffmpeg")
        try TestProcess.writeScript("echo $$ > \"$STRATA_TEST_PID\"\n\(body)", to: url)
        return url
    }

    /// Waits (up to two minutes) until `condition` holds.
    func waitFor(_ what: String, _ condition: () -> Bool) {
        for _ in 0..<2400 where !condition() { usleep(50_000) }
        #expect(condition(), "waited two minutes for \(what)")
    }

    /// True while `pid` exists and is not a zombie.
    func alive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return false }
        return !stat[close...].dropFirst(2).hasPrefix("Z")
    }

    func pid(in file: URL) -> Int32? {
        (try? String(contentsOf: file, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    func temporaries(_ folder: URL) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []).filter { $0.contains(".strata-tmp-") }
    }

    /// A rendered folder to encode.
    func renderedFolder(_ folder: URL) throws -> URL {
        let frames = folder.appendingPathComponent("frames")
        let run = try cli.run(["render", "Scenes/slide-linear.yaml", "--out", frames.path, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        return frames
    }

    @Test("Ctrl-C while ffmpeg blocks (it never reads): exit 130 at once, ffmpeg killed, nothing left")
    func interruptWhileFFmpegBlocks() throws {
        let folder = cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try renderedFolder(folder)
        let fake = try fakeFFmpeg(in: folder, body: "exec sleep 600")
        let pidFile = folder.appendingPathComponent("pid"), video = folder.appendingPathComponent("out.mp4")
        let running = try start(["encode", frames.path, "--video", video.path],
                                environment: ["STRATA_FFMPEG": fake.path, "STRATA_TEST_PID": pidFile.path])
        waitFor("the stand-in ffmpeg to start") { pid(in: pidFile) != nil }
        kill(running.process.pid, SIGINT)
        let (status, stderr) = running.finish()
        #expect(status == 130 && stderr.contains("was not written"), "\(status): \(stderr)")
        if let child = pid(in: pidFile) { waitFor("ffmpeg to be gone") { !alive(child) } }
        #expect(!FileManager.default.fileExists(atPath: video.path))
        #expect(temporaries(folder).isEmpty, "\(temporaries(folder))")
    }

    @Test("Ctrl-C while ffmpeg finishes (a GIF's palette pass): exit 130, the video is not written")
    func interruptWhileFFmpegFinishes() throws {
        let folder = cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try renderedFolder(folder)
        let pidFile = folder.appendingPathComponent("pid"), video = folder.appendingPathComponent("out.gif")
        // Reads every frame, says so, then works on (and would write the file) until killed.
        let fake = try fakeFFmpeg(in: folder, body: "cat > /dev/null\ntouch \"$STRATA_TEST_PID.finishing\"\nexec sleep 600")
        let running = try start(["encode", frames.path, "--video", video.path],
                                environment: ["STRATA_FFMPEG": fake.path, "STRATA_TEST_PID": pidFile.path])
        waitFor("ffmpeg to have read every frame") { FileManager.default.fileExists(atPath: pidFile.path + ".finishing") }
        kill(running.process.pid, SIGINT)
        let (status, stderr) = running.finish()
        #expect(status == 130 && stderr.contains("interrupted"), "\(status): \(stderr)")
        if let child = pid(in: pidFile) { waitFor("ffmpeg to be gone") { !alive(child) } }
        #expect(!FileManager.default.fileExists(atPath: video.path))
        #expect(temporaries(folder).isEmpty, "\(temporaries(folder))")
    }

    @Test("kill -9 of strata takes its ffmpeg with it")
    func ffmpegDiesWithStrata() throws {
        let folder = cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try renderedFolder(folder)
        let fake = try fakeFFmpeg(in: folder, body: "exec sleep 600")
        let pidFile = folder.appendingPathComponent("pid")
        let running = try start(["encode", frames.path, "--video", folder.appendingPathComponent("out.mp4").path],
                                environment: ["STRATA_FFMPEG": fake.path, "STRATA_TEST_PID": pidFile.path])
        waitFor("the stand-in ffmpeg to start") { pid(in: pidFile) != nil }
        let child = try #require(pid(in: pidFile))
        #expect(alive(child))
        kill(running.process.pid, SIGKILL)
        _ = running.finish()
        waitFor("ffmpeg to die with strata") { !alive(child) }
    }

    @Test("SIGTERM during a frame that takes minutes stops at once: exit 143, no frame, no temporary, resumable")
    func sigtermDoesNotWaitForTheFrame() throws {
        let folder = cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        // 1,000 subframes of a progressive blur at scale 3: one frame takes many minutes (over a
        // second a subframe in a release build).
        let running = try start(["render", "Scenes/progressive-blur.yaml", "--out", out.path, "--frames", "0..0", "--scale", "3",
                                 "--shutter", "180", "--subframes", "1000", "--jobs", "1", "--quiet"])
        // The record is made before the first frame is started.
        waitFor("the run to start its frame") {
            !running.process.isRunning
                || ((try? FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("records").path)) ?? []).contains { $0.hasSuffix(".sha256") }
        }
        kill(running.process.pid, SIGTERM)
        let (status, stderr) = running.finish()
        #expect(status == 143 && stderr.contains("stopped at once") && stderr.contains("--skip-existing"), "\(status): \(stderr)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
        #expect(names == ["records"], "the frame in flight was dropped: \(names)")
        #expect(temporaries(folder).isEmpty, "\(temporaries(folder))")
    }

    @Test("encode refuses frames that are not the recorded ones: swapped, truncated", .tags(.ffmpeg), Oracle.ffmpeg.trait)
    func encodeChecksFramesAgainstRecords() throws {
        let folder = cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try renderedFolder(folder)
        let a = frames.appendingPathComponent("frame-00002.png"), b = frames.appendingPathComponent("frame-00003.png")
        let (bytesA, bytesB) = (try Data(contentsOf: a), try Data(contentsOf: b))
        #expect(bytesA != bytesB, "the scene moves between frames 2 and 3")
        try bytesB.write(to: a)
        try bytesA.write(to: b)
        let video = folder.appendingPathComponent("out.mp4")
        let swapped = try cli.run(["encode", frames.path, "--video", video.path])
        #expect(swapped.status == 65 && swapped.stderr.contains("frame-0000") && swapped.stderr.contains("not the frame its render recorded"),
                "\(swapped.status): \(swapped.stderr)")
        #expect(!FileManager.default.fileExists(atPath: video.path) && temporaries(folder).isEmpty)
        try bytesA.write(to: a)
        try bytesB.prefix(bytesB.count / 2).write(to: b)
        let truncated = try cli.run(["encode", frames.path, "--video", video.path])
        #expect(truncated.status == 65 && truncated.stderr.contains("frame-00003.png"), "\(truncated.status): \(truncated.stderr)")
        try bytesB.write(to: b)
        let good = try cli.run(["encode", frames.path, "--video", video.path, "--quiet"])
        #expect(good.status == 0, "\(good.stderr)")
    }

    @Test("encode refuses segments that are not the recorded ones: swapped, truncated, unrecorded", .tags(.ffmpeg), Oracle.ffmpeg.trait)
    func encodeChecksSegmentsAgainstRecords() throws {
        let folder = cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let farm = folder.appendingPathComponent("farm")
        for shard in 0..<2 {
            let run = try cli.run(["render", "Scenes/dropped-frames.yaml", "--out", farm.path, "--shard", "\(shard)/2", "--video", "final.mkv", "-q"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let segments = farm.appendingPathComponent("video")
        let names = try FileManager.default.contentsOfDirectory(atPath: segments.path).filter { $0.hasPrefix("segment-") }.sorted()
        #expect(names.count == 2)
        let records = try FileManager.default.contentsOfDirectory(atPath: farm.appendingPathComponent("records").path).map {
            try String(contentsOf: farm.appendingPathComponent("records/\($0)"), encoding: .utf8)
        }.joined()
        #expect(names.allSatisfy { records.contains("  video/\($0)\n") }, "each shard records its segment: \(records)")
        let first = segments.appendingPathComponent(names[0]), second = segments.appendingPathComponent(names[1])
        let (one, two) = (try Data(contentsOf: first), try Data(contentsOf: second))
        let video = folder.appendingPathComponent("joined.mkv")
        // Swapped: each file is the other's bytes.
        try two.write(to: first)
        try one.write(to: second)
        let swapped = try cli.run(["encode", farm.path, "--video", video.path])
        #expect(swapped.status == 65 && swapped.stderr.contains(names[0]) && swapped.stderr.contains("not the segment its shard recorded"),
                "\(swapped.status): \(swapped.stderr)")
        // Truncated.
        try one.write(to: first)
        try two.prefix(two.count - 100).write(to: second)
        let truncated = try cli.run(["encode", farm.path, "--video", video.path])
        #expect(truncated.status == 65 && truncated.stderr.contains(names[1]) && truncated.stderr.contains("truncated"),
                "\(truncated.status): \(truncated.stderr)")
        #expect(!FileManager.default.fileExists(atPath: video.path) && temporaries(folder).isEmpty)
        try two.write(to: second)
        let joined = try cli.run(["encode", farm.path, "--video", video.path, "--quiet"])
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(temporaries(folder).isEmpty, "no concat list or temporary video is left: \(temporaries(folder))")
    }
}
