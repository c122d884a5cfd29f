import ArgumentParser
import Foundation
import StrataKit
import StrataSnapshotTesting

/// `strata verify SCENE --snapshots DIR`: snapshot checks without Swift.
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render frames of a scene and compare them with reference PNGs (DIR/frame-NNNNN.png).",
        discussion: """
            Frames default to the scene's snapshots: list (frame 0 for a static scene). On a mismatch the \
            reference, the actual frame and a labelled three-panel diff (expected | difference | actual, \
            with the figures) are written under --diffs and the command exits 1. --report DIR/index.html \
            writes an HTML report of every compared frame (failures first, a slider between expected \
            and actual). --record writes the references instead (and exits 0).
            """)

    @Argument(help: "The scene file.")
    var scene: String

    @Option(help: "Folder of the reference PNGs.")
    var snapshots: String

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Frames to check: an inclusive range A..B, A.., ..B or one index A.", valueName: "A..B"))
    var frames: FrameRangeArgument?

    @Option(help: "exact, off-by-one or blur.")
    var tolerance: String = "off-by-one"

    @Option(help: "Where actual frames and diffs go on failure.")
    var diffs: String = "out/verify"

    @Flag(help: "Write the references from this render instead of comparing.")
    var record = false

    @Option(help: ArgumentHelp("Also write an HTML report of every compared frame (a folder with index.html and images).", valueName: "dir/index.html"))
    var report: String?

    func validate() throws {
        if let problem = frames?.problem { throw ValidationError(problem) }
        guard SnapshotTolerance.named(tolerance) != nil else {
            throw ValidationError("--tolerance must be exact, off-by-one or blur, found \(tolerance)")
        }
    }

    func run() throws {
        var failures = 0
        try runReportingErrors { () throws(StrataError) in
            let loaded = try Pipeline.loadScene(at: scene)
            let count = loaded.clock.displayedFrames.count
            let indices = try frames.map { frames throws(StrataError) in Array(try frames.range(frameCount: count)) } ?? loaded.snapshotFrames
            guard indices.allSatisfy({ $0 < count }) else {
                throw StrataError(.usage, "--frames goes past the scene's last frame \(count - 1)")
            }
            let folder = URL(fileURLWithPath: snapshots, isDirectory: true)
            var isDirectory: ObjCBool = false
            if !record && !(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue) {
                throw StrataError(.noInput, "no reference folder at \(folder.path); record the references with --record (then look at them)")
            }
            let verifier = SnapshotVerifier(artifactsDirectory: URL(fileURLWithPath: diffs).appendingPathComponent(loaded.name),
                                            recordMode: record ? .all : .none, recordHint: "record it with --record (then look at it)")
            let renderer = try FrameRenderer(scene: loaded)
            let chosen = SnapshotTolerance.named(tolerance)!
            var html = try report.map { path throws(StrataError) in
                try SnapshotReport(directory: URL(fileURLWithPath: path).deletingLastPathComponent(),
                                   title: "\(loaded.name): \(scene) against \(snapshots)", tolerance: chosen)
            }
            for index in indices {
                let image = try renderer.render(displayedIndex: index).image
                let name = Pipeline.frameFileName(index)
                let check = verifier.check(image, reference: folder.appendingPathComponent(name), name: String(name.dropLast(4)), tolerance: chosen)
                try html?.add(name: String(name.dropLast(4)), seconds: renderer.frames.seconds(ofFrame: index), actual: image, check: check)
                switch check.outcome {
                case .matched: print("\(name): matches")
                case .recorded(let path): print("\(name): recorded \(path)")
                case .failed(let message):
                    failures += 1
                    FileHandle.standardError.write(Data("\(name): \(message)\n".utf8))
                }
            }
            if let html { print("report: \(try html.write().path)") }
        }
        if failures > 0 {
            FileHandle.standardError.write(Data("strata: \(failures) frame\(failures == 1 ? "" : "s") did not match\n".utf8))
            throw ExitCode(1)
        }
    }
}
