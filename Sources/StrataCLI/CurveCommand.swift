import ArgumentParser
import Foundation
import StrataEffects
import StrataKit

/// `strata curve SCENE --curve log2:5 --curve linear:0.05 --out DIR`
struct CurveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve",
        abstract: "Chart a motion-blur overlay's displacement per frame and its opacity under one or more curves.",
        discussion: "Writes DIR/curve.csv (frame, time, delta, one opacity column per curve), DIR/curve.png and DIR/curve-shape.png.")

    @Argument(help: "The scene file or Lottie animation.")
    var scene: String

    @Option(name: .customLong("add-effect"), help: ArgumentHelp("An overlay added to the scene first, as render's --effect (motionBlurOverlay: {layer: NAME, curve: \"log2:5\"}): so a Lottie layer's curve is charted by its name; repeatable.",
                                                                valueName: "yaml"))
    var addedEffects: [String] = []

    @Option(help: "The overlay's id (default: the first motionBlurOverlay).")
    var effect: String?

    @Option(name: .customLong("curve"), help: "A curve: log2:DIVISOR[:OFFSET], linear:SLOPE, smoothstep:LOW:HIGH, table:D=O,… (repeatable; default: the scene's).")
    var curves: [String] = []

    @Option(name: .shortAndLong, help: "Output folder.")
    var out: String = "out/curve"

    func validate() throws {
        for text in curves where OpacityCurve(parsing: text) == nil {
            throw ValidationError("--curve \(text) is not a curve (log2:5, linear:0.05, smoothstep:1:32, table:0=0,32=1; every number finite)")
        }
    }

    func run() throws {
        try runReportingErrors { () throws(StrataError) in
            let loaded = try Pipeline.loadScene(at: scene, effects: addedEffects)
            let urls = try CurveReport.write(loaded, id: effect, curves: curves.compactMap(OpacityCurve.init(parsing:)),
                                             to: URL(fileURLWithPath: out))
            print("wrote " + urls.map(\.path).joined(separator: ", "))
        }
    }
}
