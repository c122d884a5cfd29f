import Foundation
import StrataTestSupport
import StrataRaster
import Testing

/// `strata verify --report` opened in a real headless browser (Debian's chromium, which
/// scripts/test installs): the page renders, the failing frames come first and their images load.
@Suite("strata verify --report in a browser", .tags(.chromium), Oracle.chromium.trait)
struct ReportCLITests {
    let cli = CLITests()

    /// The browser on PATH.
    static func chromium() throws -> String {
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
                let path = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "chromium (scripts/test installs Debian's chromium)"])
    }

    /// Runs the headless browser with its output in files (its helper processes keep pipes open)
    /// under `timeout`; returns the status and what it printed.
    func browser(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let ended = try TestProcess.run("/usr/bin/timeout", ["-k", "5", "90", try Self.chromium(), "--headless", "--no-sandbox", "--disable-gpu",
                                                             "--hide-scrollbars", "--user-data-dir=\(folder.appendingPathComponent("profile").path)"] + arguments)
        return (ended.status, ended.text + ended.stderr)
    }

    @Test func reportRendersInABrowserWithFailuresFirst() throws {
        let folder = cli.temporaryDirectory()
        let references = folder.appendingPathComponent("refs")
        // No reference folder yet: said plainly, with the flag that records one.
        let none = try cli.strata("verify", "Scenes/slide-linear.yaml", "--snapshots", references.path)
        #expect(none.status == 66 && none.stderr.contains("no reference folder at \(references.path)") && none.stderr.contains("--record"),
                "\(none.stderr)")
        let recorded = try cli.strata("verify", "Scenes/slide-linear.yaml", "--snapshots", references.path, "--frames", "12..15", "--record")
        #expect(recorded.status == 0, "\(recorded.stderr)")
        // The same slide with ease-in-ease-out timing: frames 12…14 differ, 15 (the middle) matches.
        let linear = try String(contentsOf: CLITests.root.appendingPathComponent("Scenes/slide-linear.yaml"), encoding: .utf8)
        let eased = folder.appendingPathComponent("slide-eased.yaml")
        try linear.replacingOccurrences(of: "        duration: 1\n", with: "        duration: 1\n        timingFunction: easeInEaseOut\n")
            .write(to: eased, atomically: true, encoding: .utf8)
        let index = folder.appendingPathComponent("report/index.html")
        let run = try cli.strata("verify", eased.path, "--snapshots", references.path, "--frames", "12..15",
                                 "--diffs", folder.appendingPathComponent("diffs").path, "--report", index.path)
        #expect(run.status == 1 && run.stdout.contains("report: \(index.path)"), "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("diff (expected | difference | actual): ") && run.stderr.contains("strata: 3 frames did not match"), "\(run.stderr)")
        let missing = try cli.strata("verify", eased.path, "--snapshots", references.path, "--frames", "16")
        #expect(missing.status == 1 && missing.stderr.contains("record it with --record"), "\(missing.stderr)")

        // The DOM after load: every image decoded, the failing frames before the passing one.
        let dom = try browser(["--dump-dom", index.absoluteString], in: folder)
        #expect(dom.status == 0, "\(dom.output.suffix(500))")
        let sections = dom.output.matches(of: try Regex(#"<section class="entry (\w+)" id="(frame-\d+)"[^>]*data-images="(\d+)/(\d+)""#))
        let order = sections.map { "\($0.output[2].substring ?? "") \($0.output[1].substring ?? "")" }
        #expect(order == ["frame-00012 failed", "frame-00013 failed", "frame-00014 failed", "frame-00015 passed"], "\(order)")
        for section in sections {
            #expect(section.output[3].substring == section.output[4].substring && section.output[4].substring == "5",
                    "images loaded in \(section.output[2].substring ?? ""): \(section.output[3].substring ?? "")/\(section.output[4].substring ?? "")")
        }

        // The screenshot: not blank, the first failure's difference panel (pure red) and the blue square on screen.
        let shot = folder.appendingPathComponent("shot.png")
        let screenshot = try browser(["--window-size=1200,900", "--screenshot=\(shot.path)", index.absoluteString], in: folder)
        #expect(screenshot.status == 0, "\(screenshot.output.suffix(500))")
        let image = try PNGCodec.decode(contentsOf: shot)
        #expect(image.width == 1200 && image.height == 900)
        var colours = Set<UInt32>(), red = 0, blue = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                colours.insert(UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b))
                if p.r >= 240 && p.g <= 10 && p.b <= 10 { red += 1 }
                if abs(Int(p.r) - 0x1e) <= 6 && abs(Int(p.g) - 0x88) <= 6 && abs(Int(p.b) - 0xe5) <= 6 { blue += 1 }
            }
        }
        #expect(colours.count > 200, "a blank page has a handful of colours; found \(colours.count)")
        #expect(red > 300, "the difference panel's red pixels: \(red)")
        #expect(blue > 2400, "the blue square in expected and actual (about 1,550 px each) and the slider: \(blue)")
    }
}
