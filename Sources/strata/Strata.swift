import ArgumentParser
import Foundation
import StrataKit

/// The `strata` command: renders layer-tree scenes to PNG frames.
@main
struct Strata: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "A headless layer-tree compositor and animation simulator: renders scene files to PNG frames.",
        discussion: """
            Exit status follows sysexits: 0 success, 64 usage error, 65 bad input data, \
            66 input missing, 73 cannot create output, 74 I/O error; 130 after Ctrl-C; \
            `verify` exits 1 when a frame does not match. Scene format: docs/scene-format.md.
            """,
        version: strataVersion,
        subcommands: [Render.self, Frame.self, Validate.self, Sheet.self, FilterCommand.self, Verify.self, CurveCommand.self, TuneCommand.self]
    )
}

/// Options shared by the commands that read a scene.
struct SceneOptions: ParsableArguments {
    @Argument(help: "The scene file (.yaml, .yml or .json).")
    var scene: String

    @Option(help: "Pixels per point (1, 2 or 3); overrides the scene's scale.")
    var scale: Double?

    @Option(help: ArgumentHelp("The folder the scene's image paths resolve in and may not leave (default: the scene's folder).", valueName: "dir"))
    var assets: String?

    func validate() throws {
        if let scale, ![1.0, 2.0, 3.0].contains(scale) {
            throw ValidationError("--scale must be 1, 2 or 3, found \(scale)")
        }
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
