import Foundation
import StrataKit
import StrataRaster

/// An HTML report of a snapshot run, in the manner of Playwright's: every compared frame with its
/// expected, actual and difference images, a slider and a toggle between expected and actual, the
/// figures, failures first.
///
/// The report is a folder: `index.html` (no scripts or styles from elsewhere) and `images/`,
/// written as frames are added, so memory holds only the figures. Open `index.html` in any browser.
public struct SnapshotReport {
    /// One compared frame.
    public struct Entry: Sendable {
        /// The frame's name, e.g. `frame-00003`.
        public var name: String
        /// The frame's time, in seconds.
        public var seconds: Double?
        /// `passed`, `failed`, `missing` (no reference) or `recorded`.
        public var status: String
        /// The figures or the reason.
        public var summary: String
        /// Image files, relative to the report folder.
        public var expected: String?
        public var actual: String
        public var difference: String?
    }

    /// The report's folder.
    public let directory: URL
    /// The heading: what was checked.
    public var title: String
    /// The tolerance, as named in the heading.
    public var tolerance: SnapshotTolerance
    public private(set) var entries: [Entry] = []

    /// Starts a report in `directory` (created if needed).
    public init(directory: URL, title: String, tolerance: SnapshotTolerance) throws(StrataError) {
        self.directory = directory
        self.title = title
        self.tolerance = tolerance
        try AtomicFile.createDirectory(directory.appendingPathComponent("images"))
    }

    /// Adds one check: writes the actual image, and the expected and difference images when there
    /// was a reference.
    public mutating func add(name: String, seconds: Double?, actual: PixelBuffer, check: SnapshotVerifier.Check) throws(StrataError) {
        func write(_ image: PixelBuffer, _ kind: String) throws(StrataError) -> String {
            let relative = "images/\(name).\(kind).png"
            try AtomicFile.write(try Pipeline.encode(image), to: directory.appendingPathComponent(relative), overwrite: true)
            return relative
        }
        var entry = Entry(name: name, seconds: seconds, status: "passed", summary: "", expected: nil,
                          actual: try write(actual, "actual"), difference: nil)
        if let expected = check.expected {
            entry.expected = try write(expected, "expected")
            let difference: PixelBuffer
            do { difference = try ImageComparator.differenceImage(expected: expected, actual: actual, tolerance: tolerance) } catch {
                throw StrataError(error)
            }
            entry.difference = try write(difference, "diff")
        }
        switch check.outcome {
        case .matched:
            entry.summary = check.result.map { "matches (largest channel difference \($0.maxChannelDifference))" } ?? "matches"
        case .recorded(let path):
            entry.status = "recorded"
            entry.summary = "recorded a new reference at \(path)"
        case .failed(let message):
            entry.status = check.expected == nil ? "missing" : "failed"
            entry.summary = check.result?.failure ?? String(message.prefix { $0 != "\n" })
        }
        entries.append(entry)
    }

    /// Writes `index.html` (atomically) and returns its URL.
    @discardableResult
    public func write() throws(StrataError) -> URL {
        let url = directory.appendingPathComponent("index.html")
        try AtomicFile.write(Array(html().utf8), to: url, overwrite: true)
        return url
    }

    /// Failures first (failed, missing, recorded), then passes, each group in frame order.
    var ordered: [Entry] {
        let rank = ["failed": 0, "missing": 1, "recorded": 2, "passed": 3]
        return entries.enumerated().sorted { (rank[$0.element.status] ?? 4, $0.offset) < (rank[$1.element.status] ?? 4, $1.offset) }.map(\.element)
    }
}
