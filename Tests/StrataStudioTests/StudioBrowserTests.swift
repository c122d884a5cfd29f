import Foundation
import Testing
import StrataKit
import StrataRaster

/// The studio's page in a real browser: headless Chromium (scripts/test installs Debian's) loads
/// it, seeks to a frame and sets a curve through the page's link parameters, runs its script and
/// gives back the DOM. The image shown must carry the SHA-256 of `strata frame`'s bytes for that
/// frame and curve, the chart's marker must sit on that frame, an edit of the scene file must
/// show, and a broken file must show its error over the last good frame.
@Suite("Strata Studio in Chromium", .serialized)
struct StudioBrowserTests {
    static var chromium: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for directory in paths where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") { return "\(directory)/\(name)" }
        }
        return nil
    }

    /// The page's DOM after its script ran (Chromium's virtual time: 5 s of it, network included).
    static func dom(_ url: String, browser: String, profile: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
                             "--virtual-time-budget=5000", "--dump-dom", url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The value of `attribute` on the element whose id is `id`, in a DOM dump.
    static func attribute(_ attribute: String, of id: String, in dom: String) -> String? {
        guard let start = dom.range(of: "id=\"\(id)\"") else { return nil }
        let tagStart = dom[..<start.lowerBound].lastIndex(of: "<") ?? start.lowerBound
        let tagEnd = dom[start.upperBound...].firstIndex(of: ">") ?? dom.endIndex
        let tag = dom[tagStart..<tagEnd]
        guard let found = tag.range(of: "\(attribute)=\"") else { return nil }
        let rest = tag[found.upperBound...]
        return String(rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)])
    }

    @Test func thePageShowsTheCLIsFrameFollowsEditsAndShowsErrors() async throws {
        let browser = try #require(Self.chromium, "chromium (scripts/test installs Debian's chromium)")
        let running = try await StudioTests.start()
        let profile = running.folder.appendingPathComponent("profile")
        // Seek to frame 12 with a linear curve.
        let page = try Self.dom(running.base + "/?frame=12&curve.box=linear:0.2", browser: browser, profile: profile)
        let expected = try StudioTests.cliBytes(StudioTests.sceneText(curve: "linear:0.2"), frame: 12, folder: running.folder)
        #expect(Self.attribute("data-frame", of: "frame", in: page) == "12")
        #expect(Self.attribute("data-sha256", of: "frame", in: page) == SHA256.hex(expected), "the image shown is strata frame's")
        #expect(page.contains("data-curve=\"linear:0.2\"") && page.contains("class=\"chart\" width=\"560\" height=\"180\""), "the chart drew the curve")
        #expect(page.contains("data-frame=\"12\" data-curve") || page.contains("data-curve=\"linear:0.2\" data-frame=\"12\""), "its marker is on frame 12")
        // An edit of the scene file shows.
        try StudioTests.sceneText(curve: "linear:0.2", background: "#ffeb3b").write(to: running.scene, atomically: true, encoding: .utf8)
        try await Task.sleep(nanoseconds: 700_000_000)
        let edited = try Self.dom(running.base + "/?frame=12", browser: browser, profile: profile)
        let editedBytes = try StudioTests.cliBytes(StudioTests.sceneText(curve: "linear:0.2", background: "#ffeb3b"), frame: 12, folder: running.folder)
        #expect(Self.attribute("data-sha256", of: "frame", in: edited) == SHA256.hex(editedBytes))
        // A broken file: its error on the page, the last good frame still shown.
        try "version: 1\ndescription: broken\nsize: [200, 60]\nlayers:\n  - {frame: [0, 0, 10, 10], opacity: 7}\n"
            .write(to: running.scene, atomically: true, encoding: .utf8)
        try await Task.sleep(nanoseconds: 700_000_000)
        let broken = try Self.dom(running.base + "/?frame=12", browser: browser, profile: profile)
        #expect(broken.contains("layers[0].opacity") && !broken.contains("id=\"error\" hidden"), "the error is shown")
        #expect(Self.attribute("data-sha256", of: "frame", in: broken) == SHA256.hex(editedBytes))
        await StudioTests.stop(running)
    }
}
