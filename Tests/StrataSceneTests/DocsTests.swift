import StrataTestSupport
import Foundation
import Testing
import StrataScene

/// The examples in docs/scene-format.md are real scenes.
@Suite("Documentation examples")
struct DocsTests {
    static func blocks(_ language: String) throws -> [String] {
        let text = try String(contentsOf: PackagePaths.root.appendingPathComponent("docs/scene-format.md"), encoding: .utf8)
        var result: [String] = []
        var current: [Substring]? = nil
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                result.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return result
    }

    func decode(_ text: String, _ format: SceneLoader.Format) throws -> Scene {
        try SceneLoader.decode(Data(text.utf8), format: format, file: "docs/scene-format.md",
                               baseURL: PackagePaths.scenes, defaultName: "doc")
    }

    @Test func everyYAMLExampleDecodes() throws {
        let header = "version: 1\ndescription: d\nsize: [320, 200]\nlayers:\n"
        let examples = try Self.blocks("yaml")
        #expect(examples.count >= 5)
        for example in examples {
            if example.hasPrefix("version:") {
                _ = try decode(example, .yaml)
            } else if example.hasPrefix("clock:") {
                _ = try decode("version: 1\ndescription: d\nsize: [320, 200]\n" + example + "layers: []\n", .yaml)
            } else if example.hasPrefix("effects:") {
                // The layers the example names; layerMotionBlur's ball is a sublayer, as it must be.
                let layers = ["menu", "card", "control", "front"].map { "  - {name: \($0), frame: [0, 0, 20, 20], backgroundColor: red}" }
                    + ["  - {name: stage, frame: [0, 0, 100, 100], sublayers: [{name: ball, frame: [0, 0, 10, 10], backgroundColor: blue}]}"]
                let scene = try decode("version: 1\ndescription: d\nsize: [100, 100]\nclock: {duration: 1}\nlayers:\n"
                                       + layers.joined(separator: "\n") + "\n" + example, .yaml)
                #expect(!scene.effects.isEmpty && scene.effects.viewer != nil)
            } else if example.hasPrefix("animations:") || example.hasPrefix("filters:") || example.hasPrefix("shape:")
                        || example.hasPrefix("replicator:") {
                // A block of one layer's key: indent it as that layer's entry.
                let lines = example.split(separator: "\n")
                let layer = "  - " + lines[0] + "\n" + lines.dropFirst().map { "    " + $0 }.joined(separator: "\n") + "\n"
                let scene = try decode(header.replacingOccurrences(of: "layers:", with: "clock: {duration: 2}\nlayers:") + layer, .yaml)
                #expect(!scene.timeline.isEmpty || !scene.layers[0].filters.isEmpty || scene.layers[0].shape != nil || scene.layers[0].replicator != nil)
            } else if example.hasPrefix("- ") {
                _ = try decode(header + example.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n", .yaml)
            } else {
                // Properties shown alone, one per line: each goes in a layer of its own.
                for line in example.split(separator: "\n") {
                    _ = try decode(header + "  - " + line + "\n", .yaml)
                }
            }
        }
    }

    @Test func jsonExampleEqualsTheYAMLOne() throws {
        let yaml = try decode(try Self.blocks("yaml")[0], .yaml)
        let json = try decode(try #require(try Self.blocks("json").first), .json)
        #expect(yaml.layers == json.layers)
        #expect(yaml.size == json.size && yaml.scale == json.scale && yaml.name == json.name)
    }

    /// Every README command that writes can be run twice (`--overwrite`) and writes under `out/`
    /// (ignored by git): a newcomer copies them one after another, and again.
    /// The shell blocks' `strata` commands of the README and docs/ that write files: each can be
    /// run twice (`--overwrite`) and writes under `out/`, which git ignores.
    @Test func documentedCommandsThatWriteOverwriteUnderOut() throws {
        let docs = PackagePaths.root.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        var commands: [(String, String)] = []
        for page in ["README.md"] + pages.map({ "docs/" + $0 }) {
            let text = try String(contentsOf: PackagePaths.root.appendingPathComponent(page), encoding: .utf8)
            var inShell = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("```") { inShell = !inShell && ["```sh", "```bash"].contains(trimmed); continue }
                guard inShell else { continue }
                for prefix in ["scripts/run ", ".build/release/strata ", "strata "] where trimmed.hasPrefix(prefix) {
                    let verb = trimmed.dropFirst(prefix.count).prefix { $0 != " " }
                    if ["render", "frame", "sheet", "preview", "encode", "filter"].contains(String(verb)) { commands.append((page, trimmed)) }
                }
            }
        }
        #expect(commands.count >= 15, "the documents' commands were found: \(commands.count)")
        #expect(commands.contains { $0.0 == "README.md" }, "the README's quick start has commands")
        for (page, command) in commands {
            let code = command.range(of: " # ").map { String(command[..<$0.lowerBound]) } ?? command  // not a colour's #
            let words = code.split(separator: " ").map(String.init)
            let writes = words.contains { ["--out", "--video", "--preview"].contains($0) }
            #expect(!writes || words.contains("--overwrite") || words.last == "\\", "\(page): \(command)")
            for (index, word) in words.enumerated() where ["--out", "--video", "--preview", "--report"].contains(word) && index + 1 < words.count {
                #expect(words[index + 1].hasPrefix("out/"), "\(page): \(command)")
            }
        }
    }
}
