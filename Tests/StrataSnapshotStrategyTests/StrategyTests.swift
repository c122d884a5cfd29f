import Foundation
import StrataTestSupport
import SnapshotTesting
import StrataKit
import StrataModel
import StrataRaster
import StrataSnapshotStrategy
import StrataSnapshotTesting
import Testing

/// pointfreeco's assertSnapshot with Strata's strategies. References live in __Snapshots__ next
/// to this file, as that library does it.
@Suite("SnapshotTesting strategy")
struct StrategyTests {
    static let root = TestPaths.root

    @Test func layersAsAStrataImage() {
        var card = Layer(name: "card", frame: Rect(x: 10, y: 10, width: 80, height: 40))
        card.backgroundColor = Color(hex: "#1e88e5")
        card.cornerRadius = 10
        var label = Layer(frame: Rect(x: 0, y: 10, width: 80, height: 20))
        label.text = TextContent(string: "Strata", fontSize: 14, isBold: true, color: .white, alignment: .center)
        card.addSublayer(label)
        assertSnapshot(of: try StrataSnapshot.image(of: [card], size: Size(width: 100, height: 60), background: .white), as: .strataImage())
    }

    @Test func sceneFrameWithEffects() throws {
        let scene = try Pipeline.loadScene(at: Self.root.appendingPathComponent("Scenes/segmented-control.yaml").path)
        assertSnapshot(of: try StrataSnapshot.frame(of: scene, atSeconds: 0.5), as: .strataImage(tolerance: .offByOne))
    }

    /// One assertion over a time range: the square at 0, 0.25, 0.5, 0.75 and 1 s, labelled.
    @Test func animationAsAStrip() throws {
        let scene = try Pipeline.loadScene(at: Self.root.appendingPathComponent("Scenes/slide-linear.yaml").path)
        assertSnapshot(of: try StrataSnapshot.strip(of: scene, from: 0, to: 1, frames: 5, columns: 1), as: .strataImage())
    }

    /// A scene that cannot be rendered fails with the render error's own text, and nothing is
    /// recorded, even in record mode.
    @Test func renderErrorsFailWithTheirTextAndRecordNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-strategy-\(UUID().uuidString)")
        let message = verifySnapshot(of: try StrataSnapshot.image(of: [], size: Size(width: 20000, height: 20000)), as: .strataImage(),
                                     named: "huge", record: .all, snapshotDirectory: folder.path)
        #expect(message?.contains("20000") == true && message?.contains("16384") == true, "\(message ?? "nil")")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty ?? true)
    }
}

@Suite("SnapshotTesting diffing")
struct StrategyDiffingTests {
    @Test func differingImagesReportTheFiguresAndAttachADiff() throws {
        var a = try StrataRaster.PixelBuffer(width: 4, height: 4)
        for i in stride(from: 0, to: a.pixels.count, by: 4) { a.pixels[i + 3] = 255 }
        var b = a
        b.pixels[3 * 4] = 200
        let diffing = Diffing<StrataRaster.PixelBuffer?>.strataImage(tolerance: .offByOne)
        #expect(diffing.diffV2(a, a) == nil)
        let (message, attachments) = try #require(diffing.diffV2(a, b))
        #expect(message.contains("1 of 16 pixels"))
        #expect(attachments.count == 1)
        // On Linux attachments go nowhere: the reference and the labelled diff are files, named in the message.
        let named = message.split(separator: "\n").compactMap { line in line.split(separator: ": ", maxSplits: 1).last.map(String.init) }
        let expected = try #require(named.first { $0.hasSuffix(".expected.png") })
        let diff = try #require(named.first { $0.hasSuffix(".diff.png") })
        #expect(try PNGCodec.decode(contentsOf: URL(fileURLWithPath: expected)) == a)
        #expect(try PNGCodec.decode(contentsOf: URL(fileURLWithPath: diff)).width > 3 * 4)
        #expect(diffing.fromData(diffing.toData(a)) == a, "PNG round trip")
        #expect(diffing.fromData(Data("nope".utf8)) == nil)
    }
}
