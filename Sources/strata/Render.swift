import ArgumentParser
import Foundation
import StrataKit

/// `strata render SCENE --out DIR`: every frame as DIR/frame-00000.png ….
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene's frames as DIR/frame-00000.png … (a static scene has one frame).")

    @OptionGroup var options: SceneOptions

    @Option(name: .long, help: "Folder for the frames (created if missing).")
    var out: String = "out"

    @Flag(help: "Replace frames that already exist.")
    var overwrite = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func run() throws {
        try runReportingErrors { () throws(StrataError) in
            let scene = try Pipeline.loadScene(at: options.scene)
            let urls = try Pipeline.renderSequence(scene, to: URL(fileURLWithPath: out), scale: options.scale, overwrite: overwrite)
            if !quiet {
                print("rendered \(urls.count) frame\(urls.count == 1 ? "" : "s") of \(scene.name) to \(out)/")
            }
        }
    }
}
