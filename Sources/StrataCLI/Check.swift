import ArgumentParser
import Foundation
import StrataKit

/// `strata check DIR`: is a rendered folder complete? Exit 0 when it is, 1 when it is not.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that a rendered folder is complete: every frame present, decodable and recorded under its fingerprint.",
        discussion: """
            Reads DIR/manifest.json and DIR/records/, then every frame. Frames to render again are \
            printed as --frames ranges. Exit status 0 when the folder is complete, 1 otherwise \
            (also when it has no folder or manifest to check).
            """)

    @Argument(help: "The folder `strata render --out` wrote.")
    var directory: String

    @Option(name: .shortAndLong, help: "Frames checked at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be at least 1, found \(jobs)") }
    }

    func run() throws {
        let check: FolderCheck
        do {
            check = try FolderCheck.run(URL(fileURLWithPath: directory), jobs: jobs)
        } catch {
            FileHandle.standardError.write(Data("strata: error: \(error.message)\n".utf8))
            throw ExitCode(1)
        }
        let id = check.fingerprint.id.prefix(12)
        for leftover in check.leftovers {
            print("note: \(directory)/\(leftover) is a temporary file left by a process that was killed mid-write; it is not a frame and can be deleted")
        }
        if check.isComplete {
            print("\(directory): complete — all \(check.frameCount) frames of \(check.scene) present, decodable and recorded (fingerprint \(id)…)")
            return
        }
        print("\(directory): incomplete — \(check.problems.count) of \(check.frameCount) frames of \(check.scene) need rendering again (fingerprint \(id)…)")
        for problem in FolderCheck.Problem.allCases {
            let indices = check.problems.filter { $0.value == problem }.keys.sorted()
            guard !indices.isEmpty else { continue }
            let ranges = FolderCheck.ranges(indices).map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)..\($0.upperBound)" }
            print("  \(problem.rawValue): \(ranges.joined(separator: ", "))")
        }
        print("render them again with the folder's settings and --skip-existing (which keeps the recorded frames):")
        for range in check.rangesToRender {
            let frames = range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)..\(range.upperBound)"
            print("  strata render SCENE --out \(directory) \(Self.settingFlags(check.fingerprint))--skip-existing --frames \(frames)")
        }
        throw ExitCode(1)
    }

    /// The `strata render` options that reproduce a fingerprint's settings.
    static func settingFlags(_ fingerprint: RunFingerprint) -> String {
        var flags = "--fps \(Manifest.number(fingerprint.fps)) --scale \(Manifest.number(fingerprint.scale)) "
        if fingerprint.png.hasPrefix("compact") { flags += "--png compact " }
        if let shutter = fingerprint.shutter { flags += "--shutter \(Manifest.number(shutter)) " }
        if let subframes = fingerprint.subframes { flags += "--subframes \(subframes) " }
        return flags
    }
}
