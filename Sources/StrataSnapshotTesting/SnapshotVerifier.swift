import Foundation
import StrataKit
import StrataRaster

/// When references are (re)written. A recording run always fails, so that no reference lands
/// without someone looking at it.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Never write references: a missing one is a failure.
    case none
    /// Write references that do not exist yet.
    case missing
    /// Write references that do not exist or do not match.
    case failed
    /// Write every reference.
    case all

    /// The mode in `STRATA_RECORD` (`missing`, `failed`, `all`); `.none` when unset or empty.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
        guard let value = environment["STRATA_RECORD"], !value.isEmpty else { return .none }
        return RecordMode(rawValue: value) ?? .none
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
            case .recorded(let path): "recorded a new reference at \(path); look at it, then run again without STRATA_RECORD"
            case .failed(let message): message
            }
        }
    }

    /// Where failing checks write `NAME.actual.png` and `NAME.diff.png` (never under the references).
    public var artifactsDirectory: URL
    /// When to write references.
    public var recordMode: RecordMode

    /// Creates a verifier.
    public init(artifactsDirectory: URL, recordMode: RecordMode = .fromEnvironment()) {
        self.artifactsDirectory = artifactsDirectory
        self.recordMode = recordMode
    }

    /// Checks `actual` against the PNG at `reference`; `name` (e.g. `text/frame-00000`) names the
    /// artefacts.
    public func verify(_ actual: PixelBuffer, reference: URL, name: String, tolerance: SnapshotTolerance) -> Outcome {
        let exists = FileManager.default.fileExists(atPath: reference.path)
        if recordMode == .all || (!exists && recordMode != .none) {
            return record(actual, at: reference)
        }
        guard exists else {
            return .failed(message: "no reference at \(reference.path); run with STRATA_RECORD=missing to record it")
        }
        let expected: PixelBuffer
        do {
            expected = try PNGCodec.decode(contentsOf: reference)
        } catch {
            return .failed(message: "cannot decode the reference \(reference.path): \(error)")
        }
        let result = ImageComparator.compare(expected: expected, actual: actual, tolerance: tolerance)
        if result.matches { return .matched }
        if recordMode == .failed { return record(actual, at: reference) }
        var message = "\(name) does not match \(reference.path): \(result.failure ?? "")"
        do {
            let base = artifactsDirectory.appendingPathComponent(name)
            try AtomicFile.createDirectory(base.deletingLastPathComponent())
            let actualURL = URL(fileURLWithPath: base.path + ".actual.png")
            let diffURL = URL(fileURLWithPath: base.path + ".diff.png")
            try AtomicFile.write(try Pipeline.encode(actual), to: actualURL, overwrite: true)
            let diff = try ImageComparator.diffImage(expected: expected, actual: actual, tolerance: tolerance)
            try AtomicFile.write(try Pipeline.encode(diff), to: diffURL, overwrite: true)
            message += "\n  actual: \(actualURL.path)\n  diff (expected | difference | actual): \(diffURL.path)"
        } catch {
            message += "\n  (could not write the artefacts: \(error))"
        }
        return .failed(message: message)
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
