import ArgumentParser
import Foundation
import StrataFilters
import StrataKit
import StrataScene
import StrataStudioCommand

/// The `strata` command: renders layer-tree scenes to PNG frames.
@main
struct Strata: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "A headless layer-tree compositor and animation simulator: renders scene files to PNG frames.",
        discussion: """
            Exit status follows sysexits: 0 success, 64 usage error, 65 bad input data, \
            66 input missing, 69 a program it needs (ffmpeg) missing, 70 internal error or a tool that failed, 73 cannot create output, 74 I/O error; 130 after Ctrl-C; \
            `verify` exits 1 when a frame does not match. Scene format: docs/scene-format.md.
            """,
        version: strataVersion,
        subcommands: [Render.self, Check.self, Frame.self, Validate.self, Sheet.self, FilterCommand.self, Verify.self, PreviewCommand.self, CurveCommand.self, TuneCommand.self, StudioCommand.self, EncodeCommand.self]
    )

    /// ArgumentParser's `main`, with one error style: usage errors say `strata: error: …` like every
    /// other error (ArgumentParser writes `Error: …`), a misspelt subcommand gets a suggestion, and
    /// errors already reported (`runReportingErrors`) only set the exit status.
    static func main() {
        CommandLineMain.run(Strata.self) { first in
            suggestion(for: first).map { "unknown command '\(first)'; did you mean '\($0)'?\nCommands: " + commandNames.joined(separator: ", ") }
        }
    }

    static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName ?? String(describing: $0).lowercased() }
    }

    /// The subcommand nearest to a misspelt `word` (at most two edits away), or nil when `word`
    /// is a subcommand or nothing is near.
    static func suggestion(for word: String) -> String? {
        let names = commandNames
        guard !names.contains(word) else { return nil }
        return names.map { ($0, StillFilter.editDistance(word.lowercased(), $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }
}

/// `--overwrite`, `--jobs` and `--quiet`, shared by the commands that write a run's outputs on
/// several threads (render, encode).
struct RunOptions: ParsableArguments {
    @Flag(help: "Replace outputs that already exist (frames, the video, the preview).")
    var overwrite = false

    @Option(name: .shortAndLong, help: "Frames worked on at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: .shortAndLong, help: "Print nothing but errors (no progress).")
    var quiet = false

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be at least 1, found \(jobs)") }
    }
}

/// Options shared by the commands that read a scene.
struct SceneOptions: ParsableArguments {
    @Argument(help: "The scene file (.yaml, .yml or .json) or Lottie animation (Bodymovin .json), told apart by content.")
    var scene: String

    @Option(help: "Pixels per point, 0.25…8 (fractions too); overrides the scene's scale.")
    var scale: Double?

    @Option(help: ArgumentHelp("The folder the scene's image paths resolve in and may not leave (default: the scene's folder).", valueName: "dir"))
    var assets: String?

    func validate() throws {
        if let scale, !(scale.isFinite && (0.25...8).contains(scale)) {
            throw ValidationError("--scale must be a number of pixels per point in 0.25…8, found \(scale)")
        }
    }

    /// Loads the scene as `imports` say, printing what an importer skipped as warnings on stderr
    /// (an error with `--strict`), a warning many places share folded after its first few
    /// (`WarningSummary`). The import options are a group of the command beside this one,
    /// not nested in it: a debug build's argument parser validates every nested group again for
    /// each group around it, which made each parse of `render` about 60 ms slower.
    func load(_ imports: ImportOptions) throws(StrataError) -> Scene {
        let loaded = try imports.load(scene, assets: assets)
        if imports.strict, !loaded.warnings.isEmpty {
            throw StrataError(.dataError, loaded.warnings.joined(separator: "\n") + "\n(--strict: what is not drawn is an error)")
        }
        for line in WarningSummary.lines(loaded.warnings) {
            FileHandle.standardError.write(Data("strata: warning: \(line)\n".utf8))
        }
        return loaded
    }
}

/// How a scene is read: `--strict`, and what Lottie input and added effects take (`render`,
/// `frame`, `verify`, `validate`…).
struct ImportOptions: ParsableArguments {
    @Flag(help: "Exit 65 when an imported animation (Lottie) holds something Strata does not draw, instead of warning.")
    var strict = false

    @Option(help: ArgumentHelp("Which animation of a dotLottie file (default: its manifest's first).", valueName: "id"))
    var animation: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("A value provider for a Lottie file, as lottie-ios's: the properties KEYPATH names (**.Fill 1.Color) take VALUE (a number, x,y, #rrggbb or FRAME:VALUE;… keyframes); repeatable.",
                                                         valueName: "keypath=value"))
    var values: [String] = []

    @Option(name: .customLong("text"), help: ArgumentHelp("A text provider for a Lottie file, as lottie-ios's DictionaryTextProvider: the text layers KEYPATH names (their full keypath, or a single name: every text layer so named) show TEXT; repeatable.",
                                                          valueName: "keypath=text"))
    var texts: [String] = []

    @Option(name: .customLong("effect"), help: ArgumentHelp("A seed effect added to the scene, written as an entry of a scene file's effects: list (motionBlurOverlay: {layer: Ball, curve: \"log2:5\"}); names a layer of any input, a Lottie file's by its name; repeatable.",
                                                            valueName: "yaml"))
    var effects: [String] = []

    /// The scene at `path`, with these options.
    @Option(name: .customLong("font"), help: ArgumentHelp("A folder of your font files for a Lottie file's texts whose glyphs it lacks: the file named for the font (fName, or family and style) is used instead of Helvetica's design.", valueName: "dir"))
    var fonts: String?

    func load(_ path: String, assets: String?) throws(StrataError) -> Scene {
        try Pipeline.loadScene(at: path, assets: assets, animation: animation, values: try Pipeline.valueProviders(parsing: values, texts: texts), effects: effects,
                               fonts: fonts)
    }
}

/// `--png fast|compact`, shared by the commands that write PNG files.
struct PNGOptions: ParsableArguments {
    @Option(help: ArgumentHelp("PNG mode: fast (Strata's encoder, the default) or compact (libdeflate: smaller, slower; for archives and references).",
                               valueName: "mode"))
    var png: PNGMode = .fast
}

extension PNGMode: ExpressibleByArgument {}

/// Runs `body`, turning a `StrataError` into a message on stderr and its exit status.
func runReportingErrors(_ body: () throws(StrataError) -> Void) throws {
    do {
        try body()
    } catch {
        FileHandle.standardError.write(Data("strata: error: \(error.message)\n".utf8))
        throw ExitCode(error.exitCode)
    }
}
