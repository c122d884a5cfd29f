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
        let segments = segmentProblems(check)
        if check.isComplete && segments.isEmpty {
            print("\(directory): complete — all \(check.frameCount) frames of \(check.scene) present, decodable and recorded (fingerprint \(id)…)"
                  + (segmentsPresent ? "; the video segments cover them" : ""))
            return
        }
        if check.isComplete {
            print("\(directory): frames complete (\(check.frameCount) of \(check.scene), fingerprint \(id)…), video segments incomplete")
            for line in segments { print("  " + line) }
            throw ExitCode(1)
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
        for line in segments { print("  " + line) }
        throw ExitCode(1)
    }

    private var segmentsPresent: Bool {
        FileManager.default.fileExists(atPath: URL(fileURLWithPath: directory).appendingPathComponent(VideoSegments.folderName).appendingPathComponent("segments.json").path)
    }

    /// What the folder's video segments lack (nothing when it has none).
    func segmentProblems(_ check: FolderCheck) -> [String] {
        let found: (record: VideoSegments.Record, segments: [ClosedRange<Int>])?
        do { found = try VideoSegments.read(URL(fileURLWithPath: directory)) } catch { return [error.message] }
        guard let (record, segments) = found else { return [] }
        guard record.fingerprint == check.fingerprint.id else {
            return ["the video segments belong to another run (fingerprint \(record.fingerprint.prefix(12))…): render the shards again with --video and --overwrite"]
        }
        let frames = record.frames[0]...record.frames[1]
        let missing = VideoSegments.missing(frames, segments: segments)
        guard !missing.isEmpty else {
            return VideoSegments.tiling(frames, segments: segments) == nil ? ["the video segments overlap without following each other: render the shards again with --video and --overwrite"] : []
        }
        let ranges = missing.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)..\($0.upperBound)" }
        return ["video segments missing for frames \(ranges.joined(separator: ", ")): run those shards again with --video (strata encode joins the segments once all are there)"]
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
