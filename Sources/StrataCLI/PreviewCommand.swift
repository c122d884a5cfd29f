import ArgumentParser
import Foundation
import StrataKit

/// `strata preview DIR --out FILE.png`: an animated PNG of a folder of frames.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Make an animated PNG (APNG) of a folder of frames, to watch the motion in a browser or on GitHub.",
        discussion: """
            Frame times come from DIR/manifest.json (dropped frames last longer), or from --fps. At \
            --scale 1 the frames are copied exactly; below 1 they are downscaled by area averaging. \
            Identical neighbouring frames become one longer frame.
            """)

    @Argument(help: "A folder of frame-NNNNN.png files (strata render's --out).")
    var directory: String

    @Option(name: .shortAndLong, help: "The APNG file to write (.png).")
    var out: String

    @Option(help: "Pixels of the preview per frame pixel, in (0, 1] (0.5 halves each side).")
    var scale: Double = 1

    @Option(help: "Play at this many frames per second instead of the manifest's times.")
    var fps: Double?

    @Flag(help: "Replace the file if it exists.")
    var overwrite = false

    func validate() throws {
        if !(scale > 0 && scale <= 1) { throw ValidationError("--scale must be in (0, 1], found \(scale)") }
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be in (0, 1000], found \(fps)") }
    }

    func run() throws {
        try runReportingErrors { () throws(StrataError) in
            let summary = try AnimatedPreview.write(frames: URL(fileURLWithPath: directory), to: URL(fileURLWithPath: out),
                                                    scale: scale, framesPerSecond: fps, overwrite: overwrite)
            print(previewLine(summary, path: out))
        }
    }
}

/// `preview: FILE (N frames, M distinct, W×H, K KB)`.
func previewLine(_ summary: AnimatedPreview.Summary, path: String) -> String {
    "preview: \(path) (\(summary.framesRead) frames, \(summary.framesWritten) distinct, \(summary.width)×\(summary.height), "
        + "\((summary.bytes + 512) / 1024) KB)"
}
