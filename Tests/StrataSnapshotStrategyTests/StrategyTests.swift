import Foundation
import SnapshotTesting
import StrataKit
import StrataModel
import StrataRaster
import StrataSnapshotStrategy
import Testing

/// pointfreeco's assertSnapshot with Strata's strategies. References live in __Snapshots__ next
/// to this file, as that library does it.
@Suite("SnapshotTesting strategy")
struct StrategyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func layersAsAStrataImage() {
        var card = Layer(name: "card", frame: Rect(x: 10, y: 10, width: 80, height: 40))
        card.backgroundColor = Color(hex: "#1e88e5")
        card.cornerRadius = 10
        var label = Layer(frame: Rect(x: 0, y: 10, width: 80, height: 20))
        label.text = TextContent(string: "Strata", fontSize: 14, isBold: true, color: .white, alignment: .center)
        card.addSublayer(label)
        assertSnapshot(of: [card], as: .strataImage(size: Size(width: 100, height: 60), background: .white))
    }

    @Test func sceneFrameWithEffects() throws {
        let scene = try Pipeline.loadScene(at: Self.root.appendingPathComponent("Scenes/segmented-control.yaml").path)
        assertSnapshot(of: scene, as: .strataFrame(atSeconds: 0.5, tolerance: .offByOne))
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
        #expect(diffing.fromData(diffing.toData(a)) == a, "PNG round trip")
        #expect(diffing.fromData(Data("nope".utf8)) == nil)
    }
}
