import ArgumentParser
import Foundation
import StrataKit

/// `strata validate SCENE`: check a scene and say what is wrong.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a scene file and say what is wrong with it (nothing is rendered).")

    @Argument(help: "The scene file (.yaml, .yml or .json) or Lottie animation (.json), told apart by content.")
    var scene: String

    @Flag(help: "Exit 65 when an imported animation (Lottie) holds something Strata does not draw, instead of warning.")
    var strict = false

    @Option(help: ArgumentHelp("Which animation of a dotLottie file (default: its manifest's first).", valueName: "id"))
    var animation: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("A value provider for a Lottie file, as lottie-ios's: the properties KEYPATH names (**.Fill 1.Color) take VALUE (a number, x,y, #rrggbb or FRAME:VALUE;… keyframes); repeatable.",
                                                         valueName: "keypath=value"))
    var values: [String] = []

    @Option(name: .customLong("effect"), help: ArgumentHelp("A seed effect added to the scene, written as an entry of a scene file's effects: list (motionBlurOverlay: {layer: Ball, curve: \"log2:5\"}); names a layer of any input, a Lottie file's by its name; repeatable.",
                                                            valueName: "yaml"))
    var effects: [String] = []

    @Option(help: ArgumentHelp("The folder the scene's image paths resolve in and may not leave (default: the scene's folder).", valueName: "dir"))
    var assets: String?

    func run() throws {
        try runReportingErrors { () throws(StrataError) in
            let loaded = try Pipeline.loadScene(at: scene, assets: assets, animation: animation, values: try Pipeline.valueProviders(parsing: values), effects: effects)
            for warning in loaded.warnings {
                FileHandle.standardError.write(Data("strata: warning: \(warning)\n".utf8))
            }
            if strict, !loaded.warnings.isEmpty {
                throw StrataError(.dataError, "\(scene): \(loaded.warnings.count) thing\(loaded.warnings.count == 1 ? "" : "s") not drawn (--strict)")
            }
            // What validate accepts renders: every frame's presentation and surfaces are checked.
            try FrameRenderer(scene: loaded).checkRenderable()
            let (width, height) = loaded.pixelSize
            let frames = loaded.clock.displayedTicks.count
            let animated = loaded.timeline.animatedPaths.count
            print("\(scene): valid — \(loaded.name), \(Int(saturating: loaded.size.width))×\(Int(saturating: loaded.size.height)) pt at scale \(Int(saturating: loaded.scale)) (\(width)×\(height) px), \(frames) frame\(frames == 1 ? "" : "s"), \(animated) animated layer\(animated == 1 ? "" : "s")")
        }
    }
}
