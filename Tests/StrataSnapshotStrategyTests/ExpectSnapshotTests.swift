import Foundation
import StrataKit
import StrataModel
import StrataRaster
import StrataSnapshotTesting
import StrataTestSupport
import StrataTesting
import Testing

/// `expectSnapshot(of:…)`: one line per check, the reference beside this file
/// (`__Snapshots__/ExpectSnapshotTests/<test>.png`), one issue with one message on a mismatch.
@Suite("expectSnapshot")
struct ExpectSnapshotTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let references = here.appendingPathComponent("__Snapshots__/ExpectSnapshotTests")

    static func card(_ color: UInt32 = 0x1e88e5) -> [Layer] {
        [Layer(name: "card", frame: Rect(x: 10, y: 10, width: 80, height: 40)).with {
            $0.backgroundColor = Color(rgb: color)
            $0.cornerRadius = 10
        }]
    }

    @Test func aCardMatchesItsReferenceBesideThisFile() throws {
        let outcome = expectSnapshot(of: Self.card(), size: Size(width: 100, height: 60), background: .white)
        #expect(outcome.passed)
        #expect(FileManager.default.fileExists(atPath: Self.references.appendingPathComponent("aCardMatchesItsReferenceBesideThisFile.png").path))
    }

    @Test func aSceneAtATimeAndAMotion() throws {
        let scene = try Pipeline.loadScene(at: TestPaths.scenes.appendingPathComponent("slide-linear.yaml").path)
        expectSnapshot(of: scene, atSeconds: 0.5)
        expectSnapshot(of: scene, from: 0, to: 1, frames: 3)   // the second unnamed check: `-2`
        #expect(FileManager.default.fileExists(atPath: Self.references.appendingPathComponent("aSceneAtATimeAndAMotion-2.png").path))
    }

    /// A different picture is one issue, whose one message names the reference and the three
    /// artefacts under `.artifacts/snapshots/ExpectSnapshotTests/` of this package.
    @Test func aMismatchIsOneIssueNamingTheArtefacts() throws {
        let artifacts = TestPaths.root.appendingPathComponent(".artifacts/snapshots/ExpectSnapshotTests")
        try? FileManager.default.removeItem(at: artifacts.appendingPathComponent("aCardMatchesItsReferenceBesideThisFile.diff.png"))
        let collected = Collected()
        withKnownIssue {
            let outcome = expectSnapshot(of: Self.card(0xe53935), size: Size(width: 100, height: 60), background: .white,
                                         named: "aCardMatchesItsReferenceBesideThisFile", record: RecordMode.none)
            #expect(!outcome.passed)
        } matching: { issue in
            collected.add(issue.comments.map(\.rawValue).joined())
            return true
        }
        let messages = collected.all
        try #require(messages.count == 1, "\(messages)")
        let message = messages[0]
        #expect(message.hasPrefix("snapshot aCardMatchesItsReferenceBesideThisFile does not match "))
        #expect(message.contains(Self.references.appendingPathComponent("aCardMatchesItsReferenceBesideThisFile.png").path))
        for kind in ["expected", "actual", "diff"] {
            let file = artifacts.appendingPathComponent("aCardMatchesItsReferenceBesideThisFile.\(kind).png")
            #expect(message.contains(file.path), "\(message)")
            #expect(FileManager.default.fileExists(atPath: file.path))
        }
        #expect(!message.contains("\\n"), "printed once, not escaped")
    }

    /// No reference and no recording: an issue that says how to record, and nothing written.
    @Test func aMissingReferenceSaysHowToRecordIt() {
        let collected = Collected()
        withKnownIssue {
            expectSnapshot(of: Self.card(), size: Size(width: 100, height: 60), named: "never-recorded", record: RecordMode.none)
        } matching: { issue in
            collected.add(issue.comments.map(\.rawValue).joined())
            return true
        }
        let messages = collected.all
        #expect(messages.count == 1 && messages[0].contains("SNAPSHOT_TESTING_RECORD=missing"), "\(messages)")
        #expect(!FileManager.default.fileExists(atPath: Self.references.appendingPathComponent("never-recorded.png").path))
    }

    /// A tree that cannot be drawn is an issue with the render error's text.
    @Test func aRenderErrorIsAnIssueWithItsText() {
        let collected = Collected()
        withKnownIssue {
            expectSnapshot(of: Self.card(), size: Size(width: 1_000_000, height: 60), named: "too-large", record: RecordMode.all)
        } matching: { issue in
            collected.add(issue.comments.map(\.rawValue).joined())
            return true
        }
        let messages = collected.all
        #expect(messages.count == 1 && messages[0].contains("cannot render the snapshot too-large"), "\(messages)")
        #expect(!FileManager.default.fileExists(atPath: Self.references.appendingPathComponent("too-large.png").path))
    }
}

/// The messages of the issues a `withKnownIssue` block recorded.
final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func add(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}
