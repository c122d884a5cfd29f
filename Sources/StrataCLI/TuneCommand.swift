import ArgumentParser
import Foundation
import StrataEffects
import StrataKit

/// `strata tune SCENE --effect ID --shutter 180 --subframes 16 --family log2 --out DIR`
struct TuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Fit a motion-blur overlay's opacity curve against true motion blur, and report.",
        discussion: """
            Renders every frame with the overlay at opacity 0 and 1 and the ground truth (temporal \
            supersampling), fits the family's parameters to the least mean error, and writes DIR/tune.md, \
            DIR/errors.csv, DIR/error.png and DIR/sheet.png. --truth-curve uses the overlay driven by a \
            known curve as the truth instead (the fit should give it back).
            """)

    @Argument(help: "The scene file or Lottie animation.")
    var scene: String

    @Option(name: .customLong("add-effect"), help: ArgumentHelp("An overlay added to the scene first, as render's --effect (motionBlurOverlay: {layer: NAME, curve: \"log2:5\"}): so a Lottie layer's curve is charted by its name; repeatable.",
                                                                valueName: "yaml"))
    var addedEffects: [String] = []

    @Option(help: "The overlay's id (default: the first motionBlurOverlay).")
    var effect: String?

    @Option(help: "Shutter angle of the ground truth, degrees.")
    var shutter: Double = 180

    @Option(help: "Evaluations per frame of the ground truth.")
    var subframes: Int = 16

    @Option(help: "Curve family: log2, linear or smoothstep.")
    var family: String = "log2"

    @Option(help: "Use the overlay driven by this curve as the truth (e.g. log2:4:0.5).")
    var truthCurve: String?

    @Option(help: ArgumentHelp("Replace a motion-blur overlay's blur length before fitting: ID=POINTS (as render's); repeatable.", valueName: "id=points"))
    var overlayRadius: [String] = []

    @Option(name: .shortAndLong, help: "Output folder.")
    var out: String = "out/tune"

    func validate() throws {
        guard Tuner.Family(rawValue: family) != nil else { throw ValidationError("--family must be log2, linear or smoothstep, found \(family)") }
        if let truthCurve, OpacityCurve(parsing: truthCurve) == nil { throw ValidationError("--truth-curve \(truthCurve) is not a curve") }
        if !(shutter > 0 && shutter <= 360) { throw ValidationError("--shutter must be in (0, 360], found \(shutter)") }
        if !(1...1000).contains(subframes) { throw ValidationError("--subframes must be in 1…1000, found \(subframes)") }
    }

    func run() throws {
        try runReportingErrors { () throws(StrataError) in
            let tweaks = try SceneTweaks(drop: nil, radius: overlayRadius, angle: [], rate: [])
            let loaded = try tweaks.applied(to: try Pipeline.loadScene(at: scene, effects: addedEffects))
            let (index, _) = try CurveReport.overlay(loaded, id: effect)
            let truth = GroundTruth(shutterDegrees: shutter, subframes: subframes)
            let known = truthCurve.flatMap(OpacityCurve.init(parsing:))
            let result = try Tuner.run(loaded, overlayIndex: index, family: Tuner.Family(rawValue: family)!, groundTruth: truth, truthCurve: known)
            let urls = try Tuner.writeReport(result, scene: loaded, overlayIndex: index, groundTruth: truth, truthCurve: known,
                                             to: URL(fileURLWithPath: out))
            print("fitted \(result.fitted): mean error \(Manifest.number(result.fittedError)) (the article's \(result.reference): \(Manifest.number(result.referenceError)))")
            if let advice = result.advice(overlay: loaded.effects.motionBlurOverlays[index], groundTruth: truth, truthCurve: known) {
                print("note: \(advice)")
            } else {
                print("paste into the scene: curve: \"\(result.fitted)\"")
            }
            print("averaged over the \(result.movingFrames.count) frames of \(result.frames.count) where the layer moves")
            print("wrote " + urls.map(\.path).joined(separator: ", "))
        }
    }
}
