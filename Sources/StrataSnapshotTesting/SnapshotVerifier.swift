import Foundation
import StrataKit
import StrataRaster

/// When references are (re)written, with pointfreeco/swift-snapshot-testing's names. A recording
/// run always fails, so that no reference lands without someone looking at it.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Never write references: a missing one is a failure (pointfree's `.never`).
    case none
    /// Write references that do not exist yet (pointfree's default).
    case missing
    /// Write references that do not exist or do not match.
    case failed
    /// Write every reference.
    case all

    /// The mode the environment asks for: `SNAPSHOT_TESTING_RECORD` (pointfree's variable: `all`,
    /// `missing`, `failed` or `never`), else `STRATA_RECORD` (the same values, `none` for never);
    /// `.none` when neither is set. Inside `StrataSnapshot.withRecordMode(_:_:)` that mode wins.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
        if let scoped = StrataSnapshot.scopedRecordMode { return scoped }
        for variable in ["SNAPSHOT_TESTING_RECORD", "STRATA_RECORD"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            return value == "never" ? .none : RecordMode(rawValue: value) ?? .none
        }
        return .none
    }
}

/// Compares rendered frames with reference PNGs, writes the actual image and a three-panel diff
/// outside the references' folder on failure, and records references on request.
public struct SnapshotVerifier: Sendable {
    /// The outcome of one check.
    public enum Outcome: Equatable, Sendable {
        /// The frame matches its reference.
        case matched
        /// A reference was written (the check fails so that it gets looked at).
        case recorded(path: String)
        /// The frame does not match, or the reference is missing or unreadable.
        case failed(message: String)

        /// True only for `.matched`.
        public var passed: Bool { self == .matched }

        /// A one-paragraph explanation for a test failure.
        public var message: String {
            switch self {
            case .matched: "matched"
            case .recorded(let path): "recorded a new reference at \(path); look at it, then run again without recording"
            case .failed(let message): message
            }
        }
    }

    /// Where failing checks write `NAME.expected.png`, `NAME.actual.png` and `NAME.diff.png`
    /// (never under the references).
    public var artifactsDirectory: URL
    /// When to write references.
    public var recordMode: RecordMode
    /// How the caller records a missing reference, for the message (`--record` on the command line).
    public var recordHint: String

    /// Creates a verifier.
    public init(artifactsDirectory: URL, recordMode: RecordMode = .fromEnvironment(),
                recordHint: String = "run with SNAPSHOT_TESTING_RECORD=missing to record it") {
        self.artifactsDirectory = artifactsDirectory
        self.recordMode = recordMode
        self.recordHint = recordHint
    }

    /// One check in full, for reports: the outcome, the reference as decoded and the figures.
    public struct Check: Sendable {
        /// Passed, recorded or failed, with the message.
        public var outcome: Outcome
        /// The reference's pixels, when it exists and decodes.
        public var expected: PixelBuffer?
        /// The comparison, when there was a reference to compare with.
        public var result: ImageComparator.Result?
        /// The files written on failure: expected, actual and the labelled diff.
        public var artifacts: [URL]
    }

    /// Checks `actual` against the PNG at `reference`; `name` (e.g. `text/frame-00000`) names the
    /// artefacts.
    public func verify(_ actual: PixelBuffer, reference: URL, name: String, tolerance: SnapshotTolerance) -> Outcome {
        check(actual, reference: reference, name: name, tolerance: tolerance).outcome
    }

    /// `verify`, keeping the decoded reference and the figures.
    public func check(_ actual: PixelBuffer, reference: URL, name: String, tolerance: SnapshotTolerance) -> Check {
        let exists = FileManager.default.fileExists(atPath: reference.path)
        if recordMode == .all || (!exists && recordMode != .none) {
            return Check(outcome: record(actual, at: reference), expected: nil, result: nil, artifacts: [])
        }
        guard exists else {
            return Check(outcome: .failed(message: "no reference at \(reference.path); \(recordHint)"), expected: nil, result: nil, artifacts: [])
        }
        let expected: PixelBuffer
        do {
            expected = try PNGCodec.decode(contentsOf: reference)
        } catch {
            return Check(outcome: .failed(message: "cannot decode the reference \(reference.path): \(error)"), expected: nil, result: nil, artifacts: [])
        }
        let result = ImageComparator.compare(expected: expected, actual: actual, tolerance: tolerance)
        if result.matches { return Check(outcome: .matched, expected: expected, result: result, artifacts: []) }
        if recordMode == .failed { return Check(outcome: record(actual, at: reference), expected: expected, result: result, artifacts: []) }
        var message = "\(name) does not match \(reference.path): \(result.failure ?? "")"
        var written: [URL] = []
        do {
            written = try writeArtifacts(expected: expected, actual: actual, name: name, tolerance: tolerance)
            message += "\n  expected: \(written[0].path)\n  actual: \(written[1].path)\n  diff (expected | difference | actual): \(written[2].path)"
        } catch {
            message += "\n  (could not write the artefacts: \(error))"
        }
        return Check(outcome: .failed(message: message), expected: expected, result: result, artifacts: written)
    }

    /// Writes `NAME.expected.png`, `NAME.actual.png` and the labelled `NAME.diff.png`.
    func writeArtifacts(expected: PixelBuffer, actual: PixelBuffer, name: String, tolerance: SnapshotTolerance) throws(StrataError) -> [URL] {
        let base = artifactsDirectory.appendingPathComponent(name)
        try AtomicFile.createDirectory(base.deletingLastPathComponent())
        let urls = ["expected", "actual", "diff"].map { URL(fileURLWithPath: base.path + ".\($0).png") }
        try AtomicFile.write(try Pipeline.encode(expected), to: urls[0], overwrite: true)
        try AtomicFile.write(try Pipeline.encode(actual), to: urls[1], overwrite: true)
        try AtomicFile.write(try Pipeline.encode(try DiffPanel.make(expected: expected, actual: actual, tolerance: tolerance)), to: urls[2], overwrite: true)
        return urls
    }
    private func record(_ actual: PixelBuffer, at reference: URL) -> Outcome {
        do {
            try AtomicFile.createDirectory(reference.deletingLastPathComponent())
            try AtomicFile.write(try Pipeline.encode(actual), to: reference, overwrite: true)
            return .recorded(path: reference.path)
        } catch {
            return .failed(message: "cannot record \(reference.path): \(error)")
        }
    }
}
