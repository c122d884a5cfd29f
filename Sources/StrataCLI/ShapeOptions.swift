import ArgumentParser
import StrataKit

/// `--fit`, `--size` and `--background`: the canvas the frames are drawn on (`OutputShape`).
struct ShapeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Scale the scene to fit inside WxH points, aspect kept; the canvas is the scaled scene.", valueName: "WxH"))
    var fit: String?

    @Option(help: ArgumentHelp("Draw on a canvas of exactly WxH points: the scene scaled to fit inside, aspect kept, centred; the rest is transparent or --background.", valueName: "WxH"))
    var size: String?

    @Option(help: ArgumentHelp("The canvas's colour under the scene, margins included: #rrggbb, #rrggbbaa, a name such as white, or none.", valueName: "color"))
    var background: String?

    func validate() throws {
        do { _ = try shape() } catch { throw ValidationError(error.message) }
    }

    /// The shape asked for.
    func shape() throws(StrataError) -> OutputShape {
        try OutputShape(fit: fit, size: size, background: background)
    }
}
