import Foundation
import Testing
import StrataRaster

/// Runs the built `strata` executable as a user would and checks its output and exit status.
@Suite("strata command line")
struct CLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

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

    func strata(_ arguments: String...) throws -> Run {
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = arguments
        process.currentDirectoryURL = Self.root
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func renderWritesFrameZeroAndRefusesToOverwrite() throws {
        let out = temporaryDirectory().appendingPathComponent("frames")
        let first = try strata("render", "Scenes/nested-opacity.yaml", "--out", out.path)
        #expect(first.status == 0, "\(first.stderr)")
        let frame = out.appendingPathComponent("frame-00000.png")
        let image = try PNGCodec.decode(contentsOf: frame)
        #expect(image.width == 240 && image.height == 160)
        let again = try strata("render", "Scenes/nested-opacity.yaml", "--out", out.path)
        #expect(again.status == 73)
        #expect(again.stderr.contains("--overwrite"))
        #expect(try strata("render", "Scenes/nested-opacity.yaml", "--out", out.path, "--overwrite").status == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(leftovers == ["frame-00000.png"], "no temporary files remain")
    }

    @Test func scaleOptionMultipliesThePixelSize() throws {
        let file = temporaryDirectory().appendingPathComponent("still.png")
        let run = try strata("frame", "Scenes/nested-opacity.yaml", "--out", file.path, "--scale", "2")
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
        #expect(try strata("render", "Scenes/text.yaml", "--scale", "5").status == 64)
        let blocked = temporaryDirectory().appendingPathComponent("file")
        try Data().write(to: blocked)
        #expect(try strata("render", "Scenes/text.yaml", "--out", blocked.path).status == 73)
    }

    @Test func helpAndVersion() throws {
        let version = try strata("--version")
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression) != nil)
        for command in ["render", "frame", "validate"] {
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
