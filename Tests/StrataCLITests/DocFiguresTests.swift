import Foundation
import StrataTestSupport
import Testing

/// Figures the documents quote that drift when the renderer changes: each is produced here by the
/// command the document names, and the document must quote what it prints.
@Suite("figures quoted in docs/")
struct DocFiguresTests {
    let cli = CLITests()

    /// `mean error 1.558 …` → `1.56`: the docs quote two decimals.
    static func twoDecimals(_ text: Substring) -> String {
        String(format: "%.2f", Double(text) ?? .nan)
    }

    @Test func tuningFitsAreTheOnesDocsTuningQuotes() throws {
        let page = try String(contentsOf: TestPaths.root.appendingPathComponent("docs/tuning.md"), encoding: .utf8)
        for radius in [nil, "menu=3.5"] {
            let out = cli.temporaryDirectory().appendingPathComponent("tune")
            var arguments = ["tune", "Scenes/side-menu.yaml", "--shutter", "180", "--subframes", "16", "--family", "log2", "--out", out.path]
            if let radius { arguments += ["--overlay-radius", radius] }
            let run = try cli.run(arguments)
            #expect(run.status == 0, "\(run.stderr)")
            // "fitted log2:A:B: mean error E (the article's log2:5: R)"
            let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("fitted ") })
            let words = line.split(separator: " ")
            let curve = words[1].dropLast()
            let fitted = Self.twoDecimals(words[4]), reference = Self.twoDecimals(words[words.count - 1].dropLast())
            #expect(page.contains("`\(curve)`"), "docs/tuning.md quotes the fit \(curve)")
            #expect(page.contains("mean error \(fitted) against \(reference)"), "docs/tuning.md quotes \(fitted) against \(reference): \(line)")
            if radius == nil, let range = run.stdout.range(of: #"at most [0-9.]+ %"#, options: .regularExpression) {
                #expect(page.contains(String(run.stdout[range]) + " opacity"), "docs/tuning.md quotes \(run.stdout[range])")
            }
            #expect(run.stdout.contains("42 frames of 61") && page.contains("42 moving frames of 61"))
        }
    }

    /// docs/video.md quotes the GIF's size; the command it names makes that file.
    @Test(.tags(.ffmpeg), Oracle.ffmpeg.trait) func theProgressRingGIFIsTheSizeDocsVideoQuotes() throws {
        let page = try String(contentsOf: TestPaths.root.appendingPathComponent("docs/video.md"), encoding: .utf8)
        let gif = cli.temporaryDirectory().appendingPathComponent("progress-ring.gif")
        let run = try cli.run(["render", "Scenes/progress-ring.yaml", "--video", gif.path, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = try Data(contentsOf: gif)
        let kilobytes = Int((Double(bytes.count) / 1000).rounded())
        #expect(page.contains("one palette, \(kilobytes) KB"), "docs/video.md quotes the GIF at \(kilobytes) KB")
        #expect(bytes == (try Data(contentsOf: TestPaths.root.appendingPathComponent("docs/progress-ring.gif"))), "docs/progress-ring.gif is what the command makes")
    }
}
