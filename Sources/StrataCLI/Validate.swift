import ArgumentParser
import Foundation
import StrataKit

/// `strata validate SCENE`: check a scene and say what is wrong.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a scene file and say what is wrong with it (nothing is rendered).")

    @Argument(help: "The scene file (.yaml, .yml or .json) or Lottie animation (.json), told apart by content.")
    var scene: String

    @OptionGroup var imports: ImportOptions

    @Option(help: ArgumentHelp("The folder the scene's image paths resolve in and may not leave (default: the scene's folder).", valueName: "dir"))
    var assets: String?

    func run() throws {
        try runReportingErrors { () throws(StrataError) in
            let loaded = try imports.load(scene, assets: assets)
            for warning in loaded.warnings {
                FileHandle.standardError.write(Data("strata: warning: \(warning)\n".utf8))
            }
            if imports.strict, !loaded.warnings.isEmpty {
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
