import Foundation
import StrataKit
import StrataModel
import StrataRaster
import StrataScene
import StrataSnapshotTesting
#if canImport(Testing)
import Testing
#endif
import XCTest

// Snapshot tests in one line (docs/snapshot-testing.md):
//
//     @Test func cardLooksRight() {
//         expectSnapshot(of: [card], size: Size(width: 100, height: 60))
//     }
//
// The reference is `__Snapshots__/<test file>/<test>.png` beside the test file; a mismatch is
// recorded as an issue of the running test (Swift Testing, or XCTest's XCTFail) with one message
// that names the expected, actual and labelled diff images it wrote under
// `.artifacts/snapshots/<test file>/` in the package that holds the test (or SNAPSHOT_ARTIFACTS).
// Record modes: `SNAPSHOT_TESTING_RECORD=missing|failed|all|never` (or `record:`); a recording
// check fails, so that no reference lands without someone looking at it.

/// Renders `layers` on a canvas of `size` points at `scale` (pixels per point) and compares the
/// picture with its reference beside the test file; a mismatch is an issue of the running test.
///
/// - Parameters:
///   - named: the reference's name (default: the test function's name; a second unnamed check in
///     the same test adds `-2`, a third `-3`…).
///   - tolerance: how far pixels may differ (`.exact`, `.offByOne`, `.blur`).
///   - record: when to write the reference (default: from `SNAPSHOT_TESTING_RECORD`).
///   - references: the folder of references (default: `__Snapshots__/<test file>` beside the test file).
/// - Returns: the outcome, for tests that want to look further (usually ignored).
@discardableResult
public func expectSnapshot(of layers: [Layer], size: Size, scale: Double = 1, background: Color? = nil, named: String? = nil,
                           tolerance: SnapshotTolerance = .offByOne, record: RecordMode = .fromEnvironment(), references: URL? = nil,
                           fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
                           line: Int = #line, column: Int = #column) -> SnapshotVerifier.Outcome {
    let site = SnapshotSite(fileID: fileID, filePath: filePath, function: function, line: line, column: column, named: named, references: references)
    return site.check(tolerance: tolerance, record: record) { () throws(StrataError) in
        try StrataSnapshot.image(of: layers, size: size, scale: scale, background: background)
    }
}

/// Renders `scene` as presented at `seconds` (effects included) and compares the picture with its
/// reference beside the test file; a mismatch is an issue of the running test. Parameters as for
/// the layers' form.
@discardableResult
public func expectSnapshot(of scene: Scene, atSeconds seconds: Double = 0, named: String? = nil, tolerance: SnapshotTolerance = .offByOne,
                           record: RecordMode = .fromEnvironment(), references: URL? = nil,
                           fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
                           line: Int = #line, column: Int = #column) -> SnapshotVerifier.Outcome {
    let site = SnapshotSite(fileID: fileID, filePath: filePath, function: function, line: line, column: column, named: named, references: references)
    return site.check(tolerance: tolerance, record: record) { () throws(StrataError) in
        try StrataSnapshot.frame(of: scene, atSeconds: seconds)
    }
}

/// A motion in one check: `frames` instants of `scene` evenly spaced from `start` to `end` seconds
/// (both included), side by side and labelled with their times, compared with one reference
/// beside the test file. Parameters as for the layers' form.
@discardableResult
public func expectSnapshot(of scene: Scene, from start: Double, to end: Double, frames: Int, named: String? = nil,
                           tolerance: SnapshotTolerance = .offByOne, record: RecordMode = .fromEnvironment(), references: URL? = nil,
                           fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
                           line: Int = #line, column: Int = #column) -> SnapshotVerifier.Outcome {
    let site = SnapshotSite(fileID: fileID, filePath: filePath, function: function, line: line, column: column, named: named, references: references)
    return site.check(tolerance: tolerance, record: record) { () throws(StrataError) in
        try StrataSnapshot.strip(of: scene, from: start, to: end, frames: frames)
    }
}

/// Compares an image made some other way (premultiplied RGBA) with its reference beside the test
/// file; a mismatch is an issue of the running test.
@discardableResult
public func expectSnapshot(of image: PixelBuffer, named: String? = nil, tolerance: SnapshotTolerance = .offByOne,
                           record: RecordMode = .fromEnvironment(), references: URL? = nil,
                           fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function,
                           line: Int = #line, column: Int = #column) -> SnapshotVerifier.Outcome {
    let site = SnapshotSite(fileID: fileID, filePath: filePath, function: function, line: line, column: column, named: named, references: references)
    return site.check(tolerance: tolerance, record: record) { () throws(StrataError) in image }
}

/// Where a check was written, and what follows from it: the reference's folder and name, the
/// artefacts' folder, and where an issue is reported.
struct SnapshotSite {
    let fileID: StaticString
    let filePath: StaticString
    let line: Int
    let column: Int
    /// The reference's name, without `.png`.
    let name: String
    /// The folder of references.
    let references: URL
    /// Where failures write their expected, actual and diff images.
    let artifacts: URL

    init(fileID: StaticString, filePath: StaticString, function: String, line: Int, column: Int, named: String?, references: URL?) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
        let file = URL(fileURLWithPath: filePath.description)
        let stem = file.deletingPathExtension().lastPathComponent
        let test = Self.testName(function)
        self.name = named ?? SnapshotNames.next(for: filePath.description + "#" + test, base: test)
        self.references = references ?? file.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(stem)
        self.artifacts = Self.artifactsRoot(testFile: file).appendingPathComponent(stem)
    }

    /// `cardLooksRight()` → `cardLooksRight`; `test(card:)` → `test`.
    static func testName(_ function: String) -> String {
        let base = function.prefix { $0 != "(" }
        return base.isEmpty ? "snapshot" : String(base)
    }

    /// `SNAPSHOT_ARTIFACTS` when set; else `.artifacts/snapshots` in the package that holds the test
    /// file (the nearest folder above it with a Package.swift), or in the current folder.
    static func artifactsRoot(testFile: URL) -> URL {
        if let folder = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"], !folder.isEmpty {
            return URL(fileURLWithPath: folder, isDirectory: true)
        }
        var folder = testFile.deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent(".artifacts/snapshots")
            }
            folder.deleteLastPathComponent()
        }
        return StrataSnapshot.defaultArtifacts
    }

    /// Renders, compares and reports: one issue with one message for anything but a match.
    func check(tolerance: SnapshotTolerance, record: RecordMode, render: () throws(StrataError) -> PixelBuffer) -> SnapshotVerifier.Outcome {
        let outcome: SnapshotVerifier.Outcome
        do {
            let image = try render()
            outcome = SnapshotVerifier(artifactsDirectory: artifacts, recordMode: record)
                .verify(image, reference: references.appendingPathComponent(name + ".png"), name: name, tolerance: tolerance)
        } catch {
            outcome = .failed(message: "cannot render the snapshot \(name): \(error.message)")
        }
        if !outcome.passed {
            let message = outcome.message
            reportIssue(message.hasPrefix(name + " ") ? "snapshot " + message : "snapshot \(name): \(message)")
        }
        return outcome
    }

    /// Records `message` as an issue of the running test: Swift Testing's when a `@Test` runs,
    /// else XCTest's `XCTFail`.
    func reportIssue(_ message: String) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: SourceLocation(fileID: fileID.description, filePath: filePath.description, line: line, column: column))
            return
        }
        #endif
        XCTFail(message, file: filePath, line: UInt(line))
    }
}

/// The names unnamed checks take within one test: the test's name, then `-2`, `-3`…
enum SnapshotNames {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counts: [String: Int] = [:]

    static func next(for key: String, base: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        let count = (counts[key] ?? 0) + 1
        counts[key] = count
        return count == 1 ? base : "\(base)-\(count)"
    }
}
