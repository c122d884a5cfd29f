import Foundation
import StrataRaster
import StrataTestSupport
import Testing

/// Lottie files through the `strata` command, as a user runs it.
@Suite("strata command line: Lottie files")
struct LottieCLITests {
    let cli = CLITests()
    let samples = "Tests/Fixtures/lottie-ios/samples"

    @Test func frameAtAProgressFittedIntoACanvasIsCoreAnimationsPicture() throws {
        let file = cli.temporaryDirectory().appendingPathComponent("logo.png")
        let run = try cli.strata("frame", "\(samples)/LottieLogo1.json", "--progress", "0.5", "--fit", "563x1000", "--out", file.path)
        #expect(run.status == 0, "\(run.stderr)")
        let image = try PNGCodec.decode(contentsOf: file)
        #expect(image.width == 563 && image.height == 1000)
        let expected = try PNGCodec.decode(contentsOf: TestPaths.root.appendingPathComponent("Tests/Fixtures/lottie-ios/snapshots/LottieLogo1/progress-050.png"))
        // Core Animation's picture, by lottie-ios's rule.
        let matching = PerceptualDifference.matchingFraction(expected, image, maximumDeltaE: 3) ?? 0
        #expect(matching >= 0.985, "\(matching)")
    }

    @Test func renderWritesEveryFrameOfTheAnimation() throws {
        let out = cli.temporaryDirectory().appendingPathComponent("hamburger")
        let run = try cli.strata("render", "\(samples)/HamburgerArrow.json", "--out", out.path, "--frames", "0..4", "--quiet")
        #expect(run.status == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }
        #expect(names.count == 5)
    }

    @Test func dotLottieByAnimationIdAndStrictness() throws {
        let valid = try cli.strata("validate", "\(samples)/DotLottie/animation.lottie", "--animation", "lf20_gOmta2", "--strict")
        #expect(valid.status == 0, "\(valid.stderr)")
        let missing = try cli.strata("validate", "\(samples)/DotLottie/animation.lottie", "--animation", "nope")
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("nope") && missing.stderr.contains("lf20_gOmta2"))
        // A file with something Strata does not draw: a warning, and exit 65 with --strict.
        let warned = try cli.strata("validate", "\(samples)/Issues/issue_1169_shadow_style.json")
        #expect(warned.status == 0)
        #expect(warned.stderr.contains("warning:") && warned.stderr.contains("layers["))
        #expect(try cli.strata("validate", "\(samples)/Issues/issue_1169_shadow_style.json", "--strict").status == 65)
    }

    @Test func aBadFileNamesItsJSONPath() throws {
        let folder = cli.temporaryDirectory()
        let file = folder.appendingPathComponent("bad.json")
        try Data(#"{"fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ks":{"p":{"k":[1e308,0]}},"shapes":[]}]}"#.utf8).write(to: file)
        let run = try cli.strata("frame", file.path, "--out", folder.appendingPathComponent("bad.png").path)
        #expect(run.status == 65)
        #expect(run.stderr.contains("layers[0].ks.p.k[0]"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bad.png").path))
        #expect(try cli.strata("frame", file.path, "--progress", "1.5", "--out", folder.appendingPathComponent("x.png").path).status == 64)
        #expect(try cli.strata("frame", file.path, "--fit", "0x10", "--out", folder.appendingPathComponent("x.png").path).status == 64)
    }
}
