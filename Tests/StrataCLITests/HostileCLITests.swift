import Foundation
import StrataTestSupport
import Testing

/// Hostile input through the command line (issue 12): a seeded slice of the fuzzer, SIGTERM, and
/// messages that find the mistake.
@Suite("strata under hostile input")
struct HostileCLITests {
    let cli = CLITests()

    @Test("a seeded fuzz slice: no crash, hang, cap hit or partial output; what validate accepts renders")
    func fuzzSlice() async throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("strata-fuzz-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: report) }
        // The test's own strata (a debug build whose pixel stages are optimised: near the release's
        // speed); STRATA_FUZZ_STRATA names another binary to fuzz (a release build: 30 s a run).
        let release = ProcessInfo.processInfo.environment["STRATA_FUZZ_STRATA"]
        // Awaited (TestProcess.finished): the campaign's minute holds none of the tests' threads.
        let fuzz = try await TestProcess.run("python3", ["scripts/fuzz/campaign.py", "--seed", "12", "--scenes", "120", "--pngs", "48", "--every-video-kind",
                                                   "--strata", try release ?? CLITests.binary().path, "--time-limit", release == nil ? "120" : "30",
                                                   "--json", report.path], directory: CLITests.root)
        #expect(fuzz.status == 0, "\(fuzz.text)\(fuzz.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.count >= 168 + 14)  // every case ran at least once
        let kinds = Set(results.compactMap { ($0["case"] as? String)?.split(separator: "(").last?.dropLast() }.map(String.init))
        #expect(kinds.isSuperset(of: ["fifo-frame", "zero-frame", "folder-frame", "fifo-segment", "tiny-fps-manifest", "tiny-fps-option", "long-name",
                                      "video-folder", "video-slash", "string-fps", "swapped-frames", "swapped-segments", "truncated-segment", "broken-font"]),
                "one video case of each kind: \(kinds.sorted())")
        let outcomes = Set(results.compactMap { $0["outcome"] as? String })
        #expect(outcomes.isSubset(of: ["success", "clean error"]), "\(outcomes)")
        #expect(outcomes == ["success", "clean error"])  // the slice reaches both
    }

    @Test("--frames: every accepted form, and messages that say what is accepted")
    func framesForms() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("strata-frames-\(getpid())")
        defer { try? FileManager.default.removeItem(at: out) }
        for (form, expected) in [("58..", ["frame-00058.png", "frame-00059.png", "frame-00060.png"]), ("..1", ["frame-00000.png", "frame-00001.png"]), ("7", ["frame-00007.png"])] {
            try? FileManager.default.removeItem(at: out)
            let run = try cli.run(["render", "Scenes/side-menu.yaml", "--out", out.path, "--frames", form, "--quiet"])
            #expect(run.status == 0, "\(form): \(run.stderr)")
            let frames = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix("frame-") }.sorted()
            #expect(frames == expected, "\(form)")
        }
        for (form, message) in [("20..10", "runs backwards"), ("10-20", "not A-B"), ("-1", "start at 0"), ("abc", "A..B, A.., ..B or A"), ("61..", "outside the scene's frames 0..60")] {
            let run = try cli.run(["render", "Scenes/side-menu.yaml", "--out", out.path, "--overwrite", "--frames", form])
            #expect(run.status == 64, "\(form)")
            #expect(run.stderr.hasPrefix("strata: error: --frames \(form)") && run.stderr.contains(message), "\(form): \(run.stderr)")
        }
    }

    @Test("one error style; suggestions for misspelt commands and filter options; missing folders named")
    func messages() throws {
        let misspelt = try cli.run(["rendr", "Scenes/side-menu.yaml"])
        #expect(misspelt.status == 64 && misspelt.stderr.hasPrefix("strata: error: unknown command 'rendr'; did you mean 'render'?"))
        let usage = try cli.run(["render"])
        #expect(usage.status == 64 && usage.stderr.hasPrefix("strata: error: ") && !usage.stderr.contains("Error:"))
        let option = try cli.run(["filter", "Scenes/assets/photo.png", "/tmp/x.png", "--gausian-blur", "2"])
        #expect(option.status == 64 && option.stderr.contains("did you mean --gaussian-blur?"))
        let matrix = try cli.run(["filter", "Scenes/assets/photo.png", "/tmp/x.png", "--color-matrix", "nan,0,0,0,0,0,1,0,0,0,0,0,1,0,0,0,0,0,1,0"])
        #expect(matrix.status == 64 && matrix.stderr.contains("m0 must be a finite number"))
        let folder = try cli.run(["sheet", "/tmp/strata-no-such-folder", "--out", "/tmp/x.png"])
        #expect(folder.status == 66 && folder.stderr.contains("/tmp/strata-no-such-folder: no such folder"))
        let time = try cli.run(["frame", "Scenes/side-menu.yaml", "--time", "nan", "--out", "/tmp/strata-nan-\(getpid()).png"])
        #expect(time.status == 64)
    }

    @Test("errors found while presenting or preparing frames name the scene's file, the frame and the key (issue 37, item 10)")
    func frameErrorsNameTheFile() throws {
        let folder = cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let overflow = folder.appendingPathComponent("overflow.yaml"), huge = folder.appendingPathComponent("huge.yaml")
        try """
            version: 1
            description: a position that overflows
            size: [100, 100]
            clock: {fps: 10, duration: 1}
            layers:
              - {name: box, frame: [0, 0, 10, 10], backgroundColor: red, animations: [{keyPath: position.x, values: [1e308, -1e308], duration: 1}]}
            """.write(to: overflow, atomically: true, encoding: .utf8)
        try """
            version: 1
            description: an overlay on a layer too large to snapshot
            size: [200, 100]
            clock: {fps: 10, duration: 1}
            layers:
              - {name: big, frame: [0, 0, 90000, 90000], backgroundColor: red}
            effects:
              - motionBlurOverlay: {layer: big, id: smear, enabled: 0.5}
            """.write(to: huge, atomically: true, encoding: .utf8)
        let first = try cli.run(["validate", overflow.path])
        #expect(first.status == 65 && first.stderr.contains("\(overflow.path): frame 0: layers[0] (box) is presented at position"), "\(first.stderr)")
        let second = try cli.run(["render", huge.path, "--out", folder.appendingPathComponent("out").path])
        #expect(second.status == 65 && second.stderr.contains(huge.path) && second.stderr.contains("the motionBlurOverlay with id \"smear\"")
                && second.stderr.contains("0.5 s (frame 5)"), "\(second.stderr)")
    }

    @Test("SIGTERM stops a render at once: exit 143, no partial or temporary file, resumable")
    func sigtermLeavesNothingBehind() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("strata-term-\(getpid())")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = try TestProcess(try CLITests.binary().path,
                                      ["render", "Scenes/side-menu.yaml", "--out", out.path, "--jobs", "1", "--scale", "3", "--quiet"],
                                      directory: CLITests.root)
        // Wait for the first frame (as long as the render runs), then stop it the way a scheduler does.
        while process.isRunning, ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).filter({ $0.hasPrefix("frame-") }).isEmpty {
            usleep(20_000)
        }
        process.send(SIGTERM)
        #expect(process.finish().status == 143)
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0 != "records" }
        #expect(left.allSatisfy { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }, "\(left)")
        let records = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("records").path)
        #expect(records.allSatisfy { !$0.hasPrefix(".") }, "no temporary record: \(records)")
        for name in left {
            let bytes = try Data(contentsOf: out.appendingPathComponent(name))
            #expect(bytes.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]), "\(name) is complete")
        }
        let resumed = try cli.run(["render", "Scenes/side-menu.yaml", "--out", out.path, "--jobs", "1", "--scale", "3", "--skip-existing", "--quiet"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
    }
}
