import Foundation
import StrataRaster

/// The frame records of a rendered folder: `DIR/records/frames-A-B.sha256`, one per process (the
/// range it rendered), so that shards sharing a folder never write the same file. Each begins
/// with two comment lines — the format and the run's fingerprint as JSON — followed by one
/// `sha256sum` line per frame the process wrote (`<64 hex digits>  frame-00012.png`), appended
/// as each frame lands and sorted when the process ends; a shard that encodes a video segment adds
/// the segment's line (`video/segment-00000-00059.mp4`) once it is in place. A frame is trusted only when a record
/// under the folder's fingerprint names its digest: a frame whose record line never made it
/// (the process was killed between the two) is rendered again.
public enum FrameRecords {
    /// The folder inside the output folder.
    public static let folderName = "records"
    /// The first line of every record.
    static let formatLine = "# strata frame record 1"
    static let fingerprintPrefix = "# fingerprint "

    /// One record file, as read.
    public struct Record: Sendable {
        /// The file.
        public var file: URL
        /// The run it belongs to; nil when the header is unreadable (the record is then ignored).
        public var fingerprint: RunFingerprint?
        /// Frame file name → SHA-256 of its bytes.
        public var digests: [String: String]
    }

    /// The record file of a process that renders `range`.
    public static func url(in directory: URL, range: ClosedRange<Int>) -> URL {
        func padded(_ index: Int) -> String {
            let digits = String(index)
            return String(repeating: "0", count: max(0, 5 - digits.count)) + digits
        }
        return directory.appendingPathComponent(folderName)
            .appendingPathComponent("frames-\(padded(range.lowerBound))-\(padded(range.upperBound)).sha256")
    }

    /// Every record in `directory`, by file name (none when there is no records folder).
    public static func read(_ directory: URL) -> [Record] {
        let folder = directory.appendingPathComponent(folderName)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".sha256") && !$0.hasPrefix(".") }.sorted().map { name in
            let url = folder.appendingPathComponent(name)
            let text = (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return parse(text, file: url)
        }
    }

    /// Reads a record's text. Lines that are not a complete digest line (a torn last line after
    /// a kill) are ignored.
    static func parse(_ text: String, file: URL) -> Record {
        var record = Record(file: file, fingerprint: nil, digests: [:])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(formatLine), lines.count >= 2, lines[1].hasPrefix(fingerprintPrefix) else { return record }
        record.fingerprint = RunFingerprint.parse(lines[1].dropFirst(fingerprintPrefix.count))
        for line in lines.dropFirst(2) {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, SHA256.isDigest(parts[0]) else { continue }
            let name = parts[1]
            guard name.hasPrefix(" frame-") && name.hasSuffix(".png") || name.hasPrefix(" \(VideoSegments.folderName)/segment-") else { continue }
            record.digests[String(parts[1].dropFirst())] = String(parts[0])
        }
        return record
    }

    /// The digests recorded under the fingerprint `id`, by frame file name.
    public static func digests(in records: [Record], fingerprint id: String) -> [String: Set<String>] {
        var digests: [String: Set<String>] = [:]
        for record in records where record.fingerprint?.id == id {
            for (file, digest) in record.digests { digests[file, default: []].insert(digest) }
        }
        return digests
    }

    static func text(fingerprint: RunFingerprint, digests: [String: String]) -> String {
        var text = formatLine + "\n" + fingerprintPrefix + fingerprint.jsonLine + "\n"
        for file in digests.keys.sorted() { text += line(file: file, digest: digests[file]!) }
        return text
    }

    static func line(file: String, digest: String) -> String { "\(digest)  \(file)\n" }
}

/// Writes one process's record: created at the start with the frames it keeps, a line appended
/// after each frame is in place, rewritten sorted (atomically) at the end.
final class FrameRecordWriter: @unchecked Sendable {
    private let url: URL
    private let fingerprint: RunFingerprint
    private let lock = NSLock()
    private var digests: [String: String]
    private var descriptor: Int32

    /// Starts the record at `url` holding `kept` (frame file name → digest).
    init(url: URL, fingerprint: RunFingerprint, kept: [String: String]) throws(StrataError) {
        self.url = url
        self.fingerprint = fingerprint
        digests = kept
        try AtomicFile.createDirectory(url.deletingLastPathComponent())
        try AtomicFile.write(Array(FrameRecords.text(fingerprint: fingerprint, digests: kept).utf8), to: url, overwrite: true)
        descriptor = open(url.path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw StrataError(.cannotCreate, "cannot open \(url.path) to record frames: \(String(cString: strerror(errno)))")
        }
    }

    /// Records a frame that is now in place (one write of one line).
    func append(file: String, digest: String) throws(StrataError) {
        lock.lock()
        defer { lock.unlock() }
        digests[file] = digest
        let line = Array(FrameRecords.line(file: file, digest: digest).utf8)
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count else {
            throw StrataError(.ioError, "cannot append to \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Closes the record and rewrites it sorted, so that its bytes do not depend on the order the
    /// threads finished in.
    /// `adding` names further files (a shard's video segment) with their digests.
    func finish(adding extra: [String: String] = [:]) throws(StrataError) {
        lock.lock()
        defer { lock.unlock() }
        if descriptor >= 0 { close(descriptor); descriptor = -1 }
        digests.merge(extra) { _, new in new }
        try AtomicFile.write(Array(FrameRecords.text(fingerprint: fingerprint, digests: digests).utf8), to: url, overwrite: true)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
