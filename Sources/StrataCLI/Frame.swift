import ArgumentParser
import Foundation
import StrataKit
import StrataModel

/// `strata frame SCENE --out FILE`: one still.
struct Frame: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render one still of a scene to a PNG file.")

    @OptionGroup var options: SceneOptions
    @OptionGroup var imports: ImportOptions
    @OptionGroup var pngOptions: PNGOptions

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var out: String

    @Flag(help: "Replace the file if it exists.")
    var overwrite = false

    @Option(help: "The time to show, in seconds (animated scenes).")
    var time: Double = 0

    @Option(help: ArgumentHelp("The moment to show as a fraction 0…1 of the animation (Lottie: frame ip + P × (op − ip)); replaces --time.", valueName: "P"))
    var progress: Double?

    @OptionGroup var shapeOptions: ShapeOptions

    func validate() throws {
        guard out.lowercased().hasSuffix(".png") else {
            throw ValidationError("--out must name a .png file, found \(out)")
        }
        if let progress, !(progress.isFinite && (0...1).contains(progress)) {
            throw ValidationError("--progress must be a number in 0…1, found \(progress)")
        }
        if !time.isFinite { throw ValidationError("--time must be a finite number of seconds, found \(time)") }
    }

    func run() throws {
        try runReportingErrors { () throws(StrataError) in
            let loaded = try options.load(imports)
            let seconds = progress.map { loaded.seconds(atProgress: $0) } ?? time
            let scene = try shapeOptions.shape().applied(to: loaded)
            try Pipeline.renderStill(scene, to: URL(fileURLWithPath: out), atSeconds: seconds, scale: options.scale,
                                    encoding: pngOptions.png.options, overwrite: overwrite)
        }
    }
}
