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

    @Option(help: "Pixels per point, 0.25…8 (fractions too); overrides the scene's scale.")
    public var scale: Double?

    @Option(name: .customLong("effect"), help: ArgumentHelp("A seed effect added to the scene, written as an entry of a scene file's effects: list (motionBlurOverlay: {layer: C3, curve: \"log2:5\"}); names a layer of any input, a Lottie file's by its name; repeatable.",
                                                         valueName: "entry"))
    public var effects: [String] = []

    @Option(name: .customLong("set"), help: ArgumentHelp("A value provider for a Lottie file (KEYPATH=VALUE, as strata render's --set); repeatable.", valueName: "keypath=value"))
    public var values: [String] = []

    @Option(name: .customLong("text"), help: ArgumentHelp("A text provider for a Lottie file (KEYPATH=TEXT, as strata render's --text); repeatable.", valueName: "keypath=text"))
    public var texts: [String] = []

    @Option(help: ArgumentHelp("Which animation of a dotLottie file (default: its manifest's first).", valueName: "id"))
    public var animation: String?

    @Option(name: .customLong("font"), help: ArgumentHelp("A folder of your font files for a Lottie file's texts whose glyphs it lacks (as strata render's --font).", valueName: "dir"))
    public var fonts: String?

    @Option(help: ArgumentHelp("Scale the scene to fit inside WxH points, aspect kept; the canvas is the scaled scene.", valueName: "WxH"))
    public var fit: String?

    @Option(help: ArgumentHelp("Draw on a canvas of exactly WxH points: the scene scaled to fit inside, aspect kept, centred; the rest is transparent or --background.", valueName: "WxH"))
    public var size: String?

    @Option(help: ArgumentHelp("The canvas's colour under the scene, margins included: #rrggbb, #rrggbbaa, a name such as white, or none.", valueName: "color"))
    public var background: String?

    @Option(help: "The port to listen on (0: a free one).")
    public var port: Int = 8080

    @Option(help: "The IPv4 address to listen on.")
    public var host: String = "127.0.0.1"

    @Flag(help: "Open the page in a browser (xdg-open).")
    public var open = false

    public func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535, found \(port)") }
        if let scale, !(scale.isFinite && (0.25...8).contains(scale)) {
            throw ValidationError("--scale must be a number of pixels per point in 0.25…8, found \(scale)")
        }
        guard FileManager.default.fileExists(atPath: scene) else { throw ValidationError("no scene file at \(scene)") }
    }

    public init() {}
}
