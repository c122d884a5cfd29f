import Foundation
import Testing

/// `strata render --preview` and `strata preview` as a user meets them (PreviewTests reads the
/// APNG's chunks and pixels).
@Suite("strata render --preview and strata preview")
struct PreviewCLITests {
    let cli = CLITests()

    @Test func renderWritesAPreviewAndPreviewRemakesIt() throws {
        let folder = cli.temporaryDirectory()
        let frames = folder.appendingPathComponent("frames"), apng = folder.appendingPathComponent("slide.png")
        let run = try cli.strata("render", "Scenes/slide-linear.yaml", "--out", frames.path, "--preview", apng.path, "--preview-scale", "0.5")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("preview: \(apng.path) (31 frames"), "\(run.stdout)")
        let bytes = [UInt8](try Data(contentsOf: apng))
        #expect(String(decoding: bytes[37..<41], as: UTF8.self) == "acTL", "acTL follows IHDR")

        let again = try cli.strata("preview", frames.path, "--out", apng.path)
        #expect(again.status == 73 && again.stderr.contains("exists; pass --overwrite"), "\(again.stderr)")
        let full = try cli.strata("preview", frames.path, "--out", apng.path, "--overwrite")
        #expect(full.status == 0 && full.stdout.contains("31 frames"), "\(full.stderr)")

        let cases: [([String], Int32, String)] = [
            (["preview", folder.appendingPathComponent("nowhere").path, "--out", "x.png"], 66, "nowhere: no such folder"),
            (["preview", frames.path, "--out", "x.png", "--scale", "2"], 64, "--scale must be in (0, 1]"),
            (["preview", frames.path, "--out", "x.png", "--fps", "nan"], 64, "--fps must be in (0, 1000]"),
            (["render", "Scenes/slide-linear.yaml", "--out", frames.path, "--preview-scale", "0.5"], 64, "--preview-scale needs --preview"),
            (["render", "Scenes/slide-linear.yaml", "--out", frames.path, "--preview", "p.png", "--shard", "0/2"], 64, "strata preview DIR"),
        ]
        for (arguments, status, message) in cases {
            let result = try cli.run(arguments)
            #expect(result.status == status && result.stderr.contains(message), "\(arguments): \(result.status) \(result.stderr)")
        }
    }
}
