import ArgumentParser
import Foundation
import StrataKit

/// `strata frame SCENE --out FILE`: one still.
struct Frame: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render one still of a scene to a PNG file.")

    @OptionGroup var options: SceneOptions
    @OptionGroup var pngOptions: PNGOptions

    @Option(name: .long, help: "The PNG file to write.")
    var out: String

    @Flag(help: "Replace the file if it exists.")
    var overwrite = false

    @Option(help: "The time to show, in seconds (animated scenes).")
    var time: Double = 0

    func validate() throws {
        guard out.lowercased().hasSuffix(".png") else {
            throw ValidationError("--out must name a .png file, found \(out)")
        }
    }

    func run() throws {
        try runReportingErrors { () throws(StrataError) in
            let scene = try Pipeline.loadScene(at: options.scene, assets: options.assets)
            try Pipeline.renderStill(scene, to: URL(fileURLWithPath: out), atSeconds: time, scale: options.scale,
                                    encoding: pngOptions.png.options, overwrite: overwrite)
        }
    }
}
