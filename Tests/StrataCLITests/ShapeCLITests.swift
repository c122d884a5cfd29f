import Foundation
import StrataRaster
import StrataTestSupport
import Testing

/// `--fit`, `--size`, `--background` and a fractional `--scale` on `render` and `frame`.
@Suite("shaping the output")
struct ShapeCLITests {
    let cli = CLITests()

    /// Scenes/nested-opacity.yaml is 240 × 160 points, on a background of its own.
    @Test func fitKeepsTheShapeAndSizeMakesTheCanvasExact() throws {
        let folder = cli.temporaryDirectory()
        let fit = folder.appendingPathComponent("fit.png"), size = folder.appendingPathComponent("size.png")
        #expect(try cli.strata("frame", "Scenes/nested-opacity.yaml", "--fit", "120x120", "--out", fit.path).status == 0)
        let fitted = try PNGCodec.decode(contentsOf: fit)
        #expect(fitted.width == 120 && fitted.height == 80)
        let run = try cli.strata("frame", "Scenes/nested-opacity.yaml", "--size", "120x120", "--out", size.path)
        #expect(run.status == 0, "\(run.stderr)")
        let sized = try PNGCodec.decode(contentsOf: size)
        #expect(sized.width == 120 && sized.height == 120)
        // Margins of 20 points above and below: transparent; the picture between them is --fit's.
        #expect(sized[60, 5].a == 0 && sized[60, 114].a == 0)
        for y in [25, 60, 95] {
            for x in [3, 60, 117] { #expect(sized[x, y] == fitted[x, y - 20], "\(x), \(y)") }
        }
    }

    @Test func backgroundFillsTheCanvasMarginsIncluded() throws {
        let file = cli.temporaryDirectory().appendingPathComponent("bg.png")
        let run = try cli.strata("frame", "Tests/Fixtures/lottie-ios/samples/HamburgerArrow.json", "--size", "200x100", "--background", "#ff8000",
                                 "--out", file.path)
        #expect(run.status == 0, "\(run.stderr)")
        let image = try PNGCodec.decode(contentsOf: file)
        #expect(image.width == 200 && image.height == 100)
        let corner = image[1, 1]
        #expect(corner.r == 255 && corner.g == 128 && corner.b == 0 && corner.a == 255, "\(corner)")
        // `none` makes a scene's own background transparent.
        let clear = cli.temporaryDirectory().appendingPathComponent("clear.png")
        #expect(try cli.strata("frame", "Scenes/nested-opacity.yaml", "--background", "none", "--out", clear.path).status == 0)
        #expect(try PNGCodec.decode(contentsOf: clear)[1, 1].a == 0)
    }

    @Test func renderTakesTheShapeAndAFractionalScale() throws {
        let out = cli.temporaryDirectory().appendingPathComponent("frames")
        let run = try cli.strata("render", "Scenes/spinner.yaml", "--frames", "0..1", "--size", "300x100", "--scale", "0.5", "--out", out.path, "--quiet")
        #expect(run.status == 0, "\(run.stderr)")
        let image = try PNGCodec.decode(contentsOf: out.appendingPathComponent("frame-00001.png"))
        #expect(image.width == 150 && image.height == 50)
        // The shape is part of the folder's fingerprint: another shape into it is refused.
        let other = try cli.strata("render", "Scenes/spinner.yaml", "--frames", "0..1", "--size", "300x120", "--scale", "0.5", "--out", out.path, "--quiet")
        #expect(other.status == 65 || other.status == 73, "\(other.stderr)")
        let scaled = cli.temporaryDirectory().appendingPathComponent("scaled.png")
        #expect(try cli.strata("frame", "Scenes/nested-opacity.yaml", "--scale", "1.5", "--out", scaled.path).status == 0)
        let big = try PNGCodec.decode(contentsOf: scaled)
        #expect(big.width == 360 && big.height == 240)
    }

    @Test func badShapesAreUsageErrors() throws {
        let file = cli.temporaryDirectory().appendingPathComponent("x.png").path
        for (arguments, message) in [
            (["--scale", "9"], "--scale must be a number of pixels per point in 0.25…8, found 9.0"),
            (["--scale", "nan"], "--scale must be a number"),
            (["--fit", "3x"], "--fit must be WIDTHxHEIGHT in points"),
            (["--size", "0x10"], "--size must be WIDTHxHEIGHT in points"),
            (["--fit", "10x10", "--size", "10x10"], "--fit and --size cannot be given together"),
            (["--background", "bluish"], "--background must be a colour"),
        ] {
            let run = try cli.run(["frame", "Scenes/nested-opacity.yaml", "--out", file] + arguments)
            #expect(run.status == 64 && run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }
}
