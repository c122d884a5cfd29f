import Foundation
import StrataTestSupport
import Testing
import StrataRaster

/// Runs the built `strata` executable as a user would and checks its output and exit status.
@Suite("strata command line")
struct CLITests {
    static let root = TestPaths.root

    /// The `strata` binary next to the test bundle (SwiftPM builds it first: the test target depends on it).
    static func binary() throws -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for folder in candidates {
            let url = folder.appendingPathComponent("strata")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "strata next to \(candidates.map(\.path))"])
    }

    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    func strata(_ arguments: String...) throws -> Run { try run(arguments) }

    /// Runs the built `strata` with `arguments` in the package folder.
    func run(_ arguments: [String]) throws -> Run {
        let output = try VideoCLITests.tool(try Self.binary().path, arguments)
        return Run(status: output.status, stdout: output.text, stderr: output.stderr)
    }

    func temporaryDirectory() -> URL {
        TestPaths.temporaryDirectory(prefix: "strata-cli")
    }

    @Test func renderWritesFrameZeroAndRefusesToOverwrite() throws {
        let out = temporaryDirectory().appendingPathComponent("frames")
        let first = try strata("render", "Scenes/nested-opacity.yaml", "--out", out.path)
        #expect(first.status == 0, "\(first.stderr)")
        let frame = out.appendingPathComponent("frame-00000.png")
        let image = try PNGCodec.decode(contentsOf: frame)
        #expect(image.width == 240 && image.height == 160)
        let again = try strata("render", "Scenes/nested-opacity.yaml", "-o", out.path)  // -o is --out
        #expect(again.status == 73)
        #expect(again.stderr.contains("--overwrite"))
        #expect(try strata("render", "Scenes/nested-opacity.yaml", "--out", out.path, "--overwrite").status == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(leftovers == ["frame-00000.png", "manifest.json", "records"], "no temporary files remain")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("records").path) == ["frames-00000-00000.sha256"])
    }

    @Test func scaleOptionMultipliesThePixelSize() throws {
        let file = temporaryDirectory().appendingPathComponent("still.png")
        let run = try strata("frame", "Scenes/nested-opacity.yaml", "-o", file.path, "--scale", "2")
        #expect(run.status == 0, "\(run.stderr)")
        let image = try PNGCodec.decode(contentsOf: file)
        #expect(image.width == 480 && image.height == 320)
    }

    @Test func validateReportsValidAndInvalidScenes() throws {
        let good = try strata("validate", "Scenes/text.yaml")
        #expect(good.status == 0)
        #expect(good.stdout.contains("valid"))
        let folder = temporaryDirectory()
        let bad = folder.appendingPathComponent("bad.yaml")
        try Data("version: 1\ndescription: d\nsize: [10, 10]\nlayers:\n  - {opacty: 0.5}\n".utf8).write(to: bad)
        let run = try strata("validate", bad.path)
        #expect(run.status == 65)
        #expect(run.stderr.contains("layers[0].opacty"))
        #expect(run.stderr.contains("did you mean \"opacity\"?"))
    }

    @Test func exitCodesFollowSysexits() throws {
        #expect(try strata("validate", "Scenes/does-not-exist.yaml").status == 66)
        #expect(try strata("render", "--no-such-flag").status == 64)
        #expect(try strata("frame", "Scenes/text.yaml", "--out", "x.jpg").status == 64)
        #expect(try strata("render", "Scenes/text.yaml", "--scale", "9").status == 64)
        let blocked = temporaryDirectory().appendingPathComponent("file")
        try Data().write(to: blocked)
        #expect(try strata("render", "Scenes/text.yaml", "--out", blocked.path).status == 73)
    }

    @Test func pngModesGiveTheSamePixelsAndTheManifestSaysWhich() throws {
        let fast = temporaryDirectory(), compact = temporaryDirectory()
        #expect(try strata("render", "Scenes/showcase.yaml", "--out", fast.path, "-q").status == 0)
        let run = try strata("render", "Scenes/showcase.yaml", "--out", compact.path, "--png", "compact", "-q")
        #expect(run.status == 0, "\(run.stderr)")
        let a = try Data(contentsOf: fast.appendingPathComponent("frame-00000.png"))
        let b = try Data(contentsOf: compact.appendingPathComponent("frame-00000.png"))
        #expect(try PNGCodec.decode([UInt8](a)) == PNGCodec.decode([UInt8](b)))
        #expect(b.count < a.count, "compact \(b.count) B, fast \(a.count) B")
        #expect(try String(contentsOf: compact.appendingPathComponent("manifest.json"), encoding: .utf8).contains(#""png" : "compact""#))
        #expect(try String(contentsOf: fast.appendingPathComponent("manifest.json"), encoding: .utf8).contains(#""png" : "fast""#))
        let still = fast.appendingPathComponent("still.png"), filtered = fast.appendingPathComponent("filtered.png")
        #expect(try strata("frame", "Scenes/showcase.yaml", "--out", still.path, "--png", "compact").status == 0)
        #expect(try PNGCodec.decode(contentsOf: still) == PNGCodec.decode([UInt8](a)))
        #expect(try strata("filter", still.path, filtered.path, "--png", "compact", "--gaussian-blur", "2").status == 0)
        #expect(try strata("frame", "Scenes/showcase.yaml", "--out", still.path, "--png", "tiny", "--overwrite").status == 64)
    }

    @Test func animatedRenderWithRangeJobsAndQuiet() throws {
        let out = temporaryDirectory()
        let run = try strata("render", "Scenes/slide-linear.yaml", "--out", out.path, "--frames", "10..12", "--jobs", "2")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("rendered 3 frames"))
        #expect(run.stderr.contains("3/3 frames"), "plain progress lines when stderr is not a terminal")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == ["frame-00010.png", "frame-00011.png", "frame-00012.png", "manifest.json", "records"])
        let quiet = try strata("render", "Scenes/slide-linear.yaml", "--out", out.path, "--frames", "13", "--quiet")
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        let fps = try strata("render", "Scenes/slide-linear.yaml", "--out", temporaryDirectory().path, "--fps", "10", "-q")
        #expect(fps.status == 0)
        #expect(try strata("render", "Scenes/slide-linear.yaml", "--out", out.path, "--frames", "40..50").status == 64)
        #expect(try strata("render", "Scenes/slide-linear.yaml", "--out", out.path, "--frames", "5..2").status == 64)
        #expect(try strata("render", "Scenes/slide-linear.yaml", "--overwrite", "--skip-existing").status == 64)
    }

    @Test func ctrlCStopsAfterTheFramesInFlight() throws {
        let folder = temporaryDirectory()
        let scene = folder.appendingPathComponent("long.yaml")
        try Data("""
            version: 1
            description: a long slide, to be interrupted
            size: [800, 600]
            clock: {fps: 60, frames: 3000}
            layers:
              - frame: [0, 0, 800, 600]
                gradient: {colors: ["#000000", "#ffffff"], startPoint: [0, 0], endPoint: [1, 1]}
              - frame: [0, 100, 100, 100]
                backgroundColor: "#ff0000"
                shadow: {radius: 20}
                animations: [{keyPath: position.x, from: 0, to: 800, duration: 50}]
            """.utf8).write(to: scene)
        let out = folder.appendingPathComponent("frames")
        let process = try TestProcess(try Self.binary().path, ["render", scene.path, "--out", out.path, "--jobs", "2"])
        // Wait for the first frames (as long as the render runs), then press Ctrl-C.
        while process.isRunning, ((try? FileManager.default.contentsOfDirectory(atPath: out.path).count) ?? 0) < 3 {
            usleep(20_000)
        }
        process.send(SIGINT)
        let ended = process.finish()
        #expect(ended.status == 130, "\(ended.stderr)")
        #expect(ended.stderr.contains("interrupted"))
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0 != "records" }
        #expect(names.count >= 3 && names.count < 3000)
        #expect(names.allSatisfy { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }, "no temporary files, no manifest")
        let records = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("records").path)
        #expect(records.count == 1 && !records[0].hasPrefix("."), "one record, no temporary file: \(records)")
        for name in names {
            _ = try PNGCodec.decode(contentsOf: out.appendingPathComponent(name))
        }
    }

    @Test func sheetTilesAFolderOfFrames() throws {
        let folder = temporaryDirectory()
        #expect(try strata("render", "Scenes/slide-linear.yaml", "--out", folder.path, "--frames", "0..6", "-q").status == 0)
        let sheet = folder.appendingPathComponent("sheet.png")
        let run = try strata("sheet", folder.path, "--columns", "4", "-o", sheet.path)
        #expect(run.status == 0, "\(run.stderr)")
        let image = try PNGCodec.decode(contentsOf: sheet)
        // 4 columns of 240-px tiles and two rows: 8 + 4 × 248 wide.
        #expect(image.width == 8 + 4 * 248)
        #expect(try strata("sheet", temporaryDirectory().path, "--out", sheet.path, "--overwrite").status == 66)
    }

    @Test func helpAndVersion() throws {
        let version = try strata("--version")
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression) != nil)
        for command in ["render", "frame", "validate", "sheet"] {
            let help = try strata(command, "--help")
            #expect(help.status == 0)
            #expect(help.stdout.contains("USAGE"))
        }
    }

    @Test func badImageInSceneIsADataErrorNamingTheKeyPath() throws {
        let folder = temporaryDirectory()
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("broken.png"))
        let scene = folder.appendingPathComponent("s.yaml")
        try Data("version: 1\ndescription: d\nsize: [10, 10]\nlayers:\n  - {contents: broken.png}\n".utf8).write(to: scene)
        let run = try strata("render", scene.path, "--out", folder.appendingPathComponent("out").path)
        #expect(run.status == 65)
        #expect(run.stderr.contains("layers[0].contents"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/frame-00000.png").path))
    }
}

@Suite("strata filter")
struct FilterCLITests {
    func run(_ arguments: String...) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try CLITests().run(arguments)
        return (result.status, result.stdout, result.stderr)
    }

    @Test func filtersChainInOrderAndGrowTheImage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-filter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let out = folder.appendingPathComponent("out.png").path
        // 48×32: Gaussian σ 2 adds 6 px a side, then motion blur 6 px at 30° adds (6, 3).
        let result = try run("filter", "Scenes/assets/photo.png", out, "--gaussian-blur", "2", "--motion-blur", "6", "--angle", "30", "--saturation", "1.5")
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGCodec.decode(contentsOf: URL(fileURLWithPath: out))
        #expect(image.width == 48 + 12 + 12 && image.height == 32 + 12 + 6)
        let vertical = try run("filter", "Scenes/assets/photo.png", out, "--overwrite", "--motion-blur", "10")
        #expect(vertical.status == 0)
        let grown = try PNGCodec.decode(contentsOf: URL(fileURLWithPath: out))
        #expect(grown.width == 48 && grown.height == 52, "default angle 90°: vertical only")
        let masked = try run("filter", "Scenes/assets/photo.png", out, "--overwrite", "--variable-blur", "3", "--mask", "squircle", "--fade-width", "8")
        #expect(masked.status == 0, "\(masked.stderr)")
    }

    @Test func badFilterOptionsAreUsageErrors() throws {
        #expect(try run("filter", "Scenes/assets/photo.png", "/tmp/x.png", "--gaussian-blur", "abc").status == 64)
        #expect(try run("filter", "Scenes/assets/photo.png", "/tmp/x.png", "--angle", "30").status == 64)
        #expect(try run("filter", "Scenes/assets/photo.png", "/tmp/x.png", "--sharpen", "3").status == 64)
        #expect(try run("filter", "Scenes/assets/photo.png", "/tmp/x.png").status == 64)
        #expect(try run("filter", "Scenes/assets/missing.png", "/tmp/x.png", "--box-blur", "2").status == 66)
        let help = try run("filter", "--help")
        #expect(help.status == 0 && help.stdout.contains("--motion-blur"))
    }
}

@Suite("strata verify")
struct VerifyCLITests {
    @Test func verifyMatchesRecordsAndReportsMismatches() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-verify-\(UUID().uuidString)")
        let snapshots = folder.appendingPathComponent("refs"), diffs = folder.appendingPathComponent("diffs")
        let cli = FilterCLITests()
        let good = try cli.run("verify", "Scenes/slide-linear.yaml", "--snapshots", "Snapshots/slide-linear")
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("frame-00015.png: matches"))
        let recorded = try cli.run("verify", "Scenes/slide-linear.yaml", "--snapshots", snapshots.path, "--frames", "3..4", "--record")
        #expect(recorded.status == 0 && recorded.stdout.contains("recorded"))
        // Compare frame 5 against frame 4's reference: a mismatch, with a diff written.
        try FileManager.default.copyItem(at: snapshots.appendingPathComponent("frame-00004.png"), to: snapshots.appendingPathComponent("frame-00005.png"))
        let bad = try cli.run("verify", "Scenes/slide-linear.yaml", "--snapshots", snapshots.path, "--frames", "5", "--diffs", diffs.path, "--tolerance", "exact")
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("frame-00005.png") && bad.stderr.contains("pixels"))
        #expect(FileManager.default.fileExists(atPath: diffs.appendingPathComponent("slide-linear/frame-00005.diff.png").path))
        #expect(try cli.run("verify", "Scenes/slide-linear.yaml", "--snapshots", snapshots.path, "--tolerance", "loose").status == 64)
    }
}

@Suite("strata curve, tune and --shutter")
struct TuningCLITests {
    @Test func curveTuneAndGroundTruthFromTheCommandLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-tune-\(UUID().uuidString)")
        let cli = FilterCLITests()
        let curve = try cli.run("curve", "Scenes/side-menu.yaml", "--curve", "log2:5", "--curve", "linear:0.05", "--out", folder.appendingPathComponent("curve").path)
        #expect(curve.status == 0, "\(curve.stderr)")
        for name in ["curve.csv", "curve.png", "curve-shape.png"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("curve/\(name)").path))
        }
        #expect(try cli.run("curve", "Scenes/side-menu.yaml", "--curve", "cubic:2").status == 64)
        #expect(try cli.run("curve", "Scenes/text.yaml", "--out", folder.path).status == 65, "no overlay in that scene")

        let tune = try cli.run("tune", "Scenes/side-menu.yaml", "--subframes", "2", "--truth-curve", "log2:4", "--out", folder.appendingPathComponent("tune").path)
        #expect(tune.status == 0, "\(tune.stderr)")
        #expect(tune.stdout.contains("paste into the scene: curve: \"log2:"))
        #expect(try cli.run("tune", "Scenes/side-menu.yaml", "--family", "cubic").status == 64)

        let truth = try cli.run("render", "Scenes/slide-linear.yaml", "--out", folder.appendingPathComponent("truth").path,
                                "--shutter", "180", "--subframes", "4", "--frames", "14..15", "-q")
        #expect(truth.status == 0, "\(truth.stderr)")
        let again = try cli.run("render", "Scenes/slide-linear.yaml", "--out", folder.appendingPathComponent("truth2").path,
                                "--shutter", "180", "--subframes", "4", "--frames", "14..15", "-q", "--jobs", "1")
        #expect(again.status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("truth/frame-00015.png")) == Data(contentsOf: folder.appendingPathComponent("truth2/frame-00015.png")))
        #expect(try cli.run("render", "Scenes/slide-linear.yaml", "--subframes", "4").status == 64)
    }
}
