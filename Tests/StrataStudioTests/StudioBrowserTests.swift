import Foundation
import StrataTestSupport
import Testing
import StrataKit
import StrataRaster

/// The studio's page in a real browser, driven as a person drives it: Playwright for Python
/// (scripts/test installs it) runs Debian's Chromium headless (scripts/reference/studio_browser.py)
/// — drags the scrubber to a frame, types a curve, clicks step and the timeline, edits the scene
/// file, breaks it.
/// The image shown must carry the SHA-256 of `strata frame`'s bytes at each step, the chart's
/// marker must follow the frame, the edit must show without a reload, and a broken file must
/// show its error over the last good frame.
@Suite("Strata Studio in Chromium", .serialized, .tags(.playwright), Oracle.playwright.trait)
struct StudioBrowserTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/reference/studio_browser.py").path

    @Test func aPersonScrubsTunesStepsEditsAndBreaksTheScene() async throws {
        let running = try await StudioTests.start()
        let edited = running.folder.appendingPathComponent("edited.yaml"), broken = running.folder.appendingPathComponent("broken.yaml")
        try StudioTests.sceneText(background: "#ffeb3b").write(to: edited, atomically: true, encoding: .utf8)
        try "version: 1\ndescription: broken\nsize: [200, 60]\nlayers:\n  - {frame: [0, 0, 10, 10], opacity: 7}\n"
            .write(to: broken, atomically: true, encoding: .utf8)
        let shot = running.folder.appendingPathComponent("session.png")
        func sha(_ text: String, _ frame: Int) throws -> String { SHA256.hex(try StudioTests.cliBytes(text, frame: frame, folder: running.folder)) }
        // What each state must show, from strata frame: the script waits for it rather than for a time.
        let expected = ["seek": try sha(StudioTests.sceneText(), 12), "curve": try sha(StudioTests.sceneText(curve: "linear:0.2"), 12),
                        "step": try sha(StudioTests.sceneText(curve: "linear:0.2"), 13),
                        "timeline": try sha(StudioTests.sceneText(curve: "linear:0.2"), 5),
                        "edited": try sha(StudioTests.sceneText(curve: "linear:0.2", background: "#ffeb3b"), 13)]
        let expectedFile = running.folder.appendingPathComponent("expected.json")
        try JSONSerialization.data(withJSONObject: expected).write(to: expectedFile)
        let browser = try await TestProcess.run("python3", [Self.script, running.base + "/", "12", "linear:0.2", "box", running.scene.path,
                                                      edited.path, broken.path, shot.path, expectedFile.path])
        #expect(browser.status == 0, "studio_browser.py (Playwright and Chromium; scripts/test installs them): \(browser.stderr.suffix(600))")
        guard browser.status == 0 else { await StudioTests.stop(running); return }
        let object = try #require(try JSONSerialization.jsonObject(with: browser.stdout) as? [String: Any])
        #expect(object["aligned"] as? Bool == true, "the timeline lies under the scrubber, as wide")
        let shown = object.compactMapValues { $0 as? String }
        #expect(shown["seek"] == expected["seek"], "dragged to frame 12: strata frame's image")
        #expect(shown["chartFrame"] == "12", "the chart's marker follows")
        #expect(shown["curve"] == expected["curve"], "the typed curve, re-rendered at once")
        #expect(shown["step"] == expected["step"], "one step on")
        #expect(shown["keyBack"] == expected["curve"] && shown["keyOn"] == expected["step"], "← and → anywhere on the page")
        #expect(shown["address"]?.contains("frame=13") == true && shown["address"]?.contains("curve.box=linear:0.2") == true, "the address: \(shown["address"] ?? "")")
        #expect(shown["command"]?.contains("--curve box=linear:0.2") == true, "the export: \(shown["command"] ?? "")")
        #expect(shown["problem"]?.contains("table:nan=1") == true, "the bad curve's reason beside it: \(shown["problem"] ?? "")")
        #expect(shown["afterBadCurve"] == expected["curve"], "with a bad curve typed, stepping goes on with the last good one")
        #expect(shown["timeline"] == expected["timeline"] && shown["timelineBack"] == expected["step"], "a click on the timeline goes to the frame there")
        #expect(shown["edited"] == expected["edited"], "the edit shows")
        #expect(shown["error"]?.contains("layers[0].opacity") == true, "the error shows: \(shown["error"] ?? "")")
        #expect(shown["afterError"] == shown["edited"], "the last good frame stays")
        #expect(FileManager.default.fileExists(atPath: shot.path))
        await StudioTests.stop(running)
    }
}
