import Foundation
import StrataTestSupport
import Testing
import Yams

/// The page's export is exact: for random states (seeded), the exported command line renders the
/// bytes the page shows, and so does the scene with the exported snippet pasted in.
@Suite("Strata Studio's export") struct StudioExportTests {
    /// Two boxes, each under an overlay of its own, one with a reference rate.
    static let twoOverlays = """
        version: 1
        description: two boxes sliding under two motion-blur overlays
        size: [200, 80]
        background: white
        clock: {fps: 30, duration: 1}
        layers:
          - name: a
            frame: [10, 10, 30, 20]
            backgroundColor: "#1e88e5"
            animations:
              - {keyPath: position.x, from: 25, to: 175, duration: 1, timingFunction: easeInEaseOut}
          - name: b
            frame: [10, 45, 30, 20]
            backgroundColor: "#e53935"
            animations:
              - {keyPath: position.x, from: 175, to: 25, duration: 0.8, timingFunction: linear}
        effects:
          - motionBlurOverlay: {layer: a, angle: 0, radius: 12, curve: "log2:5"}
          - motionBlurOverlay: {layer: b, id: second, angle: {degrees: 180}, radius: 8, curve: "linear:0.1", referenceRate: 60}
        """

    /// `text` (a scene) with `snippet` pasted as the export says: its `clock:` replaces the
    /// scene's (and the scene's snapshot checks go, their frame numbers being the old clock's),
    /// its effects replace the scene's motion-blur overlays (where the first one was).
    static func pasted(_ snippet: String, into text: String) throws -> String {
        guard var root = try Yams.compose(yaml: text), var mapping = root.mapping,
              let pasted = try Yams.compose(yaml: snippet)?.mapping else { throw CocoaError(.coderReadCorrupt) }
        if let clock = pasted["clock"] {
            mapping["clock"] = clock
            // The scene's snapshot checks name frames of its own clock; another clock has others.
            mapping = Node.Mapping(mapping.filter { $0.key != "snapshots" })
        }
        var effects: [Node] = []
        var inserted = false
        for entry in mapping["effects"]?.sequence ?? [] {
            guard entry.mapping?["motionBlurOverlay"] != nil else { effects.append(entry); continue }
            if !inserted { effects += Array(pasted["effects"]?.sequence ?? []); inserted = true }
        }
        if !inserted { effects += Array(pasted["effects"]?.sequence ?? []) }
        mapping["effects"] = Node(effects)
        root = Node.mapping(mapping)
        return try Yams.serialize(node: root)
    }

    @Test func theCommandAndTheSnippetDrawWhatThePageShows() async throws {
        let folder = TestPaths.temporaryDirectory(prefix: "strata-export")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let two = folder.appendingPathComponent("two-overlays.yaml")
        try Self.twoOverlays.write(to: two, atomically: true, encoding: .utf8)
        let binary = try StudioTests.binary().path
        var random = SplitMix(seed: 41)
        var checked = 0
        for source in [TestPaths.root.appendingPathComponent("Scenes/side-menu.yaml"), two] {
            let running = try await StudioTests.start(copying: source)
            let summary = try JSONSerialization.jsonObject(with: try await StudioTests.get(running.base + "/api/scene").body) as! [String: Any]
            let ids = (summary["overlays"] as! [[String: Any]]).map { $0["id"] as! String }
            for state in 0..<3 {
                // A random state: curves, blur, rate, dropped ticks for every overlay at random.
                var query: [String] = []
                for id in ids {
                    if random.chance() || state == 0 {
                        query.append("curve.\(id)=" + random.pick(["log2:\(1 + random.below(8))", "linear:0.0\(1 + random.below(9))",
                                                                  "smoothstep:0:\(2 + random.below(9))", "table:0=0,4=0.5,12=1"]))
                    }
                    if random.chance() { query.append("radius.\(id)=\(random.pick(["0", "6.5", "30", "17.25"]))") }
                    if random.chance() { query.append("angle.\(id)=\(random.pick(["0", "45", "-30", "97.5"]))") }
                    if random.chance() { query.append("rate.\(id)=\(random.pick(["0", "60", "120", "24"]))") }
                }
                if random.chance() { query.append("fps=\(random.pick(["24", "48", "60", "90"]))") }
                if random.chance() { query.append("drop=\(random.pick(["none", "every:3", "ticks:2,5,9"]))") }
                let state = query.map { $0.replacingOccurrences(of: "+", with: "%2B") }.joined(separator: "&")
                let variant = try JSONSerialization.jsonObject(with: try await StudioTests.get(running.base + "/api/scene?\(state)").body) as! [String: Any]
                let frame = random.below(variant["frameCount"] as! Int)
                let shown = try await StudioTests.get(running.base + "/api/frame?frame=\(frame)&\(state)")
                #expect(shown.status == 200, "\(state)")
                let export = try JSONSerialization.jsonObject(with: try await StudioTests.get(running.base + "/api/export?\(state)").body) as! [String: String]
                let command = try #require(export["command"]), yaml = try #require(export["yaml"])
                #expect(command.hasPrefix("strata render ") && command.hasSuffix(" --overwrite"), "\(command)")

                // The command, run as a user would paste it (strata being the binary here).
                let work = folder.appendingPathComponent("run-\(checked)")
                try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
                let line = "cd '\(work.path)' && '\(binary)'" + command.dropFirst("strata".count) + " --frames \(frame) --quiet"
                let ran = try await TestProcess.run("/bin/sh", ["-c", line])
                #expect(ran.status == 0, "\(line)\n\(ran.stderr)")
                let name = running.scene.deletingPathExtension().lastPathComponent
                let rendered = try Data(contentsOf: work.appendingPathComponent("out/\(name)/frame-\(String(format: "%05d", frame)).png"))
                #expect(rendered == shown.body, "the command's frame \(frame) differs: \(command)")

                // The snippet pasted into a copy of the scene.
                let copy = work.appendingPathComponent("pasted.yaml")
                try Self.pasted(yaml, into: try String(contentsOf: running.scene, encoding: .utf8)).write(to: copy, atomically: true, encoding: .utf8)
                let pastedOut = work.appendingPathComponent("pasted")
                let fromSnippet = try await TestProcess.run(binary, ["render", copy.path, "--frames", "\(frame)", "--out", pastedOut.path, "--quiet"])
                #expect(fromSnippet.status == 0, "\(yaml)\n\(fromSnippet.stderr)")
                let pastedFrame = try? Data(contentsOf: pastedOut.appendingPathComponent("frame-\(String(format: "%05d", frame)).png"))
                #expect(pastedFrame == shown.body, "the pasted snippet's frame \(frame) differs:\n\(yaml)")
                checked += 1
            }
            await StudioTests.stop(running)
        }
        #expect(checked == 6)
    }

    /// A Lottie file with an effect given on the command line, on a canvas of another shape: the
    /// page lists the file's layers by their After Effects names, the overlay names its layer so,
    /// and the exported command (with the same --effect, --size and --background) draws the page's frame.
    @Test func aLottieFileWithAnEffectIsListedAndExportedByName() async throws {
        let source = TestPaths.root.appendingPathComponent("Tests/Fixtures/lottie-ios/samples/PinJump.json")
        let effect = "motionBlurOverlay: {layer: C3, radius: 8, curve: \"log2:4\", angleFromMotion: true}"
        let running = try await StudioTests.start(copying: source, arguments: ["--effect", effect, "--size", "200x150", "--background", "white"])
        let summary = try JSONSerialization.jsonObject(with: try await StudioTests.get(running.base + "/api/scene").body) as! [String: Any]
        #expect(summary["width"] as? Int == 200 && summary["height"] as? Int == 150)
        let layers = try #require(summary["layers"] as? [[String: Any]])
        let names = layers.compactMap { $0["name"] as? String }
        for name in ["Pin 2", "Pin 1", "C3", "Line"] { #expect(names.contains(name), "\(names)") }
        let overlay = try #require((summary["overlays"] as? [[String: Any]])?.first)
        #expect(overlay["layer"] as? String == "C3")
        let id = try #require(overlay["id"] as? String)
        let state = "curve.\(id)=log2:3"
        let export = try JSONSerialization.jsonObject(with: try await StudioTests.get(running.base + "/api/export?\(state)").body) as! [String: String]
        let command = try #require(export["command"]), yaml = try #require(export["yaml"])
        #expect(command.contains("--effect ") && command.contains("--size 200x150") && command.contains("--background '#ffffff'"), "\(command)")
        #expect(yaml.contains("layer: \"C3\""), "\(yaml)")
        let shown = try await StudioTests.get(running.base + "/api/frame?frame=30&\(state)")
        #expect(shown.status == 200)
        let work = running.folder.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let line = "cd '\(work.path)' && '\(try StudioTests.binary().path)'" + command.dropFirst("strata".count) + " --frames 30 --quiet"
        let ran = try await TestProcess.run("/bin/sh", ["-c", line])
        #expect(ran.status == 0, "\(line)\n\(ran.stderr)")
        let rendered = try? Data(contentsOf: work.appendingPathComponent("out/PinJump/frame-00030.png"))
        #expect(rendered == shown.body, "the exported command draws another frame: \(command)")
        await StudioTests.stop(running)
    }

    /// A text provider given to the studio (`--text`) shows in its frames, and the exported
    /// command carries it: issue_1722 with lottie-ios's test's `HardcodedTextProvider`.
    @Test func aTextProviderIsShownAndExported() async throws {
        let source = TestPaths.root.appendingPathComponent("Tests/Fixtures/lottie-ios/samples/Issues/issue_1722.json")
        let running = try await StudioTests.start(copying: source, arguments: ["--text", "**=Bounce-bounce"])
        let export = try JSONSerialization.jsonObject(with: try await StudioTests.get(running.base + "/api/export").body) as! [String: String]
        let command = try #require(export["command"])
        #expect(command.contains("--text '**=Bounce-bounce'"), "\(command)")
        let shown = try await StudioTests.get(running.base + "/api/frame?frame=5")
        #expect(shown.status == 200)
        let work = running.folder.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let run = { (command: String) async throws -> Data? in
            let line = "cd '\(work.path)' && '\(try StudioTests.binary().path)'" + command.dropFirst("strata".count) + " --frames 5 --quiet --overwrite"
            let ran = try await TestProcess.run("/bin/sh", ["-c", line])
            #expect(ran.status == 0, "\(line)\n\(ran.stderr)")
            return try? Data(contentsOf: work.appendingPathComponent("out/issue_1722/frame-00005.png"))
        }
        #expect(try await run(command) == shown.body, "the exported command draws another frame: \(command)")
        // Without the provider the frame differs: the page showed the provided text.
        let plain = command.replacingOccurrences(of: " --text '**=Bounce-bounce'", with: "")
        #expect(try await run(plain) != shown.body)
        await StudioTests.stop(running)
    }
}
