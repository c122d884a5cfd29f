import ArgumentParser
import Foundation

/// `strata studio`'s arguments, help and checks, declared once for both programs that read them:
/// `strata`, which checks them and hands the process over to `strata-studio` (so that the studio's
/// HTTP server and the libraries it loads are not loaded by every other command), and
/// `strata-studio`, which serves.
public struct StudioOptions: ParsableArguments {
    /// The command's one-line summary.
    public static let abstract = "Serve Strata Studio for a scene: scrub its frames, tune its motion-blur curves, live reload."
    /// The command's longer help.
    public static let discussion = """
            Prints the page's URL and serves until Ctrl-C or SIGTERM. Binds 127.0.0.1 unless --host \
            says otherwise. The scene file is never written.
            """

    @Argument(help: "The scene file (.yaml, .yml or .json), Lottie animation (.json) or dotLottie file, told apart by content.")
    public var scene: String

    @Option(help: ArgumentHelp("The folder the scene's image paths resolve in (default: the scene's folder).", valueName: "dir"))
    public var assets: String?

    @Option(help: "Pixels per point (1, 2 or 3); overrides the scene's scale.")
    public var scale: Double?

    @Option(help: "The port to listen on (0: a free one).")
    public var port: Int = 8080

    @Option(help: "The IPv4 address to listen on.")
    public var host: String = "127.0.0.1"

    @Flag(help: "Open the page in a browser (xdg-open).")
    public var open = false

    public func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535, found \(port)") }
        if let scale, ![1.0, 2.0, 3.0].contains(scale) { throw ValidationError("--scale must be 1, 2 or 3, found \(scale)") }
        guard FileManager.default.fileExists(atPath: scene) else { throw ValidationError("no scene file at \(scene)") }
    }

    public init() {}
}
