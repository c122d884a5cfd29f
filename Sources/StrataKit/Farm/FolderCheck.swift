import Foundation
import StrataRaster

/// `strata check DIR`: whether a rendered folder is complete — every displayed frame of its
/// manifest present, decodable at the manifest's size, and with the bytes a record under the
/// manifest's fingerprint names (docs/farm.md).
public struct FolderCheck: Sendable {
    /// What is wrong with one frame.
    public enum Problem: String, CaseIterable, Sendable {
        /// No file.
        case missing = "missing"
        /// No record under the folder's fingerprint names it (written by another run, or its
        /// process was killed before recording it).
        case unrecorded = "unrecorded (no record under the folder's fingerprint)"
        /// Its bytes differ from every digest recorded for it.
        case changed = "changed (bytes differ from the recorded digest)"
        /// Not a PNG that decodes, or not the manifest's pixel size.
        case undecodable = "not decodable at the manifest's size"
    }

    /// The folder checked.
    public var directory: URL
    /// The scene named by the manifest.
    public var scene: String
    /// The manifest's fingerprint.
    public var fingerprint: RunFingerprint
    /// Displayed frames the manifest lists.
    public var frameCount: Int
    /// Every frame with a problem, by index.
    public var problems: [Int: Problem]
    /// Temporary files left by a process that was killed (`kill -9`) mid-write; harmless.
    public var leftovers: [String]

    /// True when every frame is present, decodable and recorded.
    public var isComplete: Bool { problems.isEmpty }

    /// The frames to render again, as inclusive ranges in order.
    public var rangesToRender: [ClosedRange<Int>] { Self.ranges(problems.keys.sorted()) }

    /// Consecutive indices grouped into ranges.
    public static func ranges(_ sorted: [Int]) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        for index in sorted {
            if let last = ranges.last, last.upperBound + 1 == index {
                ranges[ranges.count - 1] = last.lowerBound...index
            } else {
                ranges.append(index...index)
            }
        }
        return ranges
    }

    /// Checks `directory` on `jobs` threads. Throws when there is nothing to check against: no
    /// folder, no readable manifest, or a manifest without a fingerprint.
    public static func run(_ directory: URL, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws(StrataError) -> FolderCheck {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw StrataError(.noInput, "no folder at \(directory.path)")
        }
        let manifest = try Manifest.read(in: directory) { url in
            StrataError(.dataError, "\(url.path) is missing: no render into \(directory.path) has finished, so there is nothing to check against")
        }
        let manifestURL = directory.appendingPathComponent("manifest.json")
        guard let fingerprint = manifest.fingerprint else {
            throw StrataError(.dataError, "\(manifestURL.path) has no run fingerprint (written by an earlier strata); render the folder again to check it")
        }
        let recorded = FrameRecords.digests(in: FrameRecords.read(directory), fingerprint: fingerprint.id)
        let frames = manifest.frames
        let size = manifest.pixelSize
        let results = ParallelMap.map(frames.count, jobs: jobs) { slot -> Problem? in
            let file = frames[slot].file
            guard let bytes = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path) else { return .missing }
            guard let digests = recorded[file] else { return .unrecorded }
            guard digests.contains(SHA256.hex(bytes)) else { return .changed }
            let image = try? PNGCodec.decode([UInt8](bytes))
            return image == nil || [image!.width, image!.height] != size ? .undecodable : nil
        }
        var problems: [Int: Problem] = [:]
        for (slot, problem) in results.enumerated() {
            if let problem { problems[frames[slot].index] = problem }
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let records = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(FrameRecords.folderName).path)) ?? []
        let leftovers = (names + records.map { FrameRecords.folderName + "/" + $0 })
            .filter { $0.split(separator: "/").last!.hasPrefix(AtomicFile.temporaryPrefix) }.sorted()
        return FolderCheck(directory: directory, scene: manifest.scene, fingerprint: fingerprint, frameCount: frames.count,
                           problems: problems, leftovers: leftovers)
    }
}
