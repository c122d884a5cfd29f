import ArgumentParser
import Foundation
import StrataKit
import StrataModel
import StrataPixels

/// `strata frame SCENE --out FILE`: one still.
struct Frame: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render one still of a scene to a PNG file.")

    @OptionGroup var options: SceneOptions
    @OptionGroup var imports: ImportOptions
    @OptionGroup var pngOptions: PNGOptions

    @Option(name: .long, help: "The PNG file to write.")
    var out: String

    @Flag(help: "Replace the file if it exists.")
    var overwrite = false

    @Option(help: "The time to show, in seconds (animated scenes).")
    var time: Double = 0

    @Option(help: ArgumentHelp("The moment to show as a fraction 0…1 of the animation (Lottie: frame ip + P × (op − ip)); replaces --time.", valueName: "P"))
    var progress: Double?

    @Option(help: ArgumentHelp("Draw into a WxH-point canvas: scaled to fit inside, aspect kept, centred, transparent around.", valueName: "WxH"))
    var fit: String?

    func validate() throws {
        guard out.lowercased().hasSuffix(".png") else {
            throw ValidationError("--out must name a .png file, found \(out)")
        }
        if let progress, !(progress.isFinite && (0...1).contains(progress)) {
            throw ValidationError("--progress must be a number in 0…1, found \(progress)")
        }
        if !time.isFinite { throw ValidationError("--time must be a finite number of seconds, found \(time)") }
        if let fit, Self.size(fit) == nil {
            throw ValidationError("--fit must be WIDTHxHEIGHT in points, each 1…\(Limits.maximumSide), found \(fit)")
        }
    }

    func run() throws {
        try runReportingErrors { () throws(StrataError) in
            var scene = try options.load(imports)
            let seconds = progress.map { scene.seconds(atProgress: $0) } ?? time
            if let fit, let size = Self.size(fit) { scene = scene.fitted(into: size) }
            try Pipeline.renderStill(scene, to: URL(fileURLWithPath: out), atSeconds: seconds, scale: options.scale,
                                    encoding: pngOptions.png.options, overwrite: overwrite)
        }
    }
}

extension Frame {
    /// `WxH` as a size in points, nil unless both are whole numbers in 1…`Limits.maximumSide`.
    static func size(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...Limits.maximumSide).contains(width), (1...Limits.maximumSide).contains(height) else { return nil }
        return Size(width: Double(width), height: Double(height))
    }
}
