import StrataTestSupport
import Foundation
import Testing
import StrataRaster
import StrataSnapshotTesting
import StrataKit
import StrataModel

/// The comparator's own tests: a tolerance must never silently pass everything.
@Suite("Image comparator")
struct ComparatorTests {
    func image(changing value: UInt8? = nil) throws -> PixelBuffer {
        var image = try solidImage(width: 8, height: 6, r: 100, g: 150, b: 200)
        if let value { image.pixels[(3 * 8 + 4) * 4 + 1] = value }
        return image
    }

    @Test func identicalImagesPass() throws {
        let result = ImageComparator.compare(expected: try image(), actual: try image(), tolerance: .exact)
        #expect(result.matches)
        #expect(result.maxChannelDifference == 0)
    }

    @Test func onePixelOffByNineFails() throws {
        let result = ImageComparator.compare(expected: try image(), actual: try image(changing: 159), tolerance: .offByOne)
        #expect(!result.matches)
        #expect(result.differentPixels == 1)
        #expect(result.maxChannelDifference == 9)
        #expect(!ImageComparator.compare(expected: try image(), actual: try image(changing: 159), tolerance: .blur).matches)
    }

    @Test func offByOnePassesOffByOneAndFailsExact() throws {
        let expected = try image(), actual = try image(changing: 151)
        #expect(ImageComparator.compare(expected: expected, actual: actual, tolerance: .offByOne).matches)
        #expect(!ImageComparator.compare(expected: expected, actual: actual, tolerance: .exact).matches)
    }

    @Test func sizeMismatchFails() throws {
        let result = ImageComparator.compare(expected: try image(), actual: try solidImage(width: 8, height: 7, r: 100, g: 150, b: 200), tolerance: .blur)
        #expect(!result.matches)
        #expect(result.failure?.contains("size differs") == true)
    }

    @Test func transparentPixelsCompareEqualWhateverTheirColour() throws {
        let a = try PixelBuffer(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 0])
        let b = try PixelBuffer(width: 1, height: 1, straightRGBA: [255, 0, 0, 0])
        #expect(ImageComparator.compare(expected: a, actual: b, tolerance: .exact).matches)
    }

    @Test func comparesUnpremultipliedValues() throws {
        // Premultiplied (1, 0, 0, 2) and (2, 0, 0, 2) differ by 1 premultiplied but by ~127 straight.
        let a = try PixelBuffer(width: 1, height: 1, premultipliedRGBA: [1, 0, 0, 2])
        let b = try PixelBuffer(width: 1, height: 1, premultipliedRGBA: [2, 0, 0, 2])
        #expect(!ImageComparator.compare(expected: a, actual: b, tolerance: .offByOne).matches)
    }

    @Test func undecodableReferenceFails() throws {
        let folder = PackagePaths.temporaryDirectory()
        let reference = folder.appendingPathComponent("frame-00000.png")
        try Data("not a png".utf8).write(to: reference)
        let verifier = SnapshotVerifier(artifactsDirectory: folder.appendingPathComponent("artifacts"), recordMode: .none)
        let outcome = verifier.verify(try image(), reference: reference, name: "x/frame-00000", tolerance: .blur)
        #expect(!outcome.passed)
        #expect(outcome.message.contains("cannot decode"))
    }

    @Test func failureWritesActualAndThreePanelDiff() throws {
        let folder = PackagePaths.temporaryDirectory()
        let reference = folder.appendingPathComponent("ref/frame-00000.png")
        try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(PNGCodec.encode(try image())).write(to: reference)
        let artifacts = folder.appendingPathComponent("artifacts")
        let verifier = SnapshotVerifier(artifactsDirectory: artifacts, recordMode: .none)
        let outcome = verifier.verify(try image(changing: 0), reference: reference, name: "s/frame-00000", tolerance: .offByOne)
        #expect(!outcome.passed)
        #expect(outcome.message.contains("1 of 48 pixels"))
        // The unlabelled panels: the differing pixel is red in the middle panel; an equal one is grey.
        let panels = try ImageComparator.diffImage(expected: try image(), actual: try image(changing: 0), tolerance: .offByOne)
        #expect(panels.width == 8 * 3 + 8 && panels.height == 6)
        #expect(panels[12 + 4, 3].r > 200 && panels[12 + 4, 3].g == 0)
        #expect(panels[12, 0].r == panels[12, 0].g && panels[12, 0].g == panels[12, 0].b)
        // The labelled diff written on failure: the same panels at (8, 30), (28, 30) and (48, 30) under their
        // labels (dark text above each panel), the figures underneath.
        let diff = try PNGCodec.decode(contentsOf: artifacts.appendingPathComponent("s/frame-00000.diff.png"))
        #expect(diff.width == 8 + 3 * 8 + 2 * 12 + 8 && diff.height == 8 + 22 + 6 + 34 + 8)
        #expect(diff[28 + 4, 30 + 3].r > 200 && diff[28 + 4, 30 + 3].g == 0)
        #expect(diff[28, 30] == panels[12, 0])
        func inked(_ rows: Range<Int>) -> Int {
            rows.reduce(0) { sum, y in sum + (0..<diff.width).filter { diff[$0, y].r < 128 }.count }
        }
        #expect(inked(8..<30) > 20, "labels above the panels")
        #expect(inked(40..<70) > 20, "figures below")
        for kind in ["expected", "actual", "diff"] {
            #expect(outcome.message.contains(artifacts.appendingPathComponent("s/frame-00000.\(kind).png").path), "\(outcome.message)")
        }
        #expect(try PNGCodec.decode(contentsOf: artifacts.appendingPathComponent("s/frame-00000.expected.png")) == image())
    }

    @Test func recordingWritesTheReferenceAndFails() throws {
        let folder = PackagePaths.temporaryDirectory()
        let reference = folder.appendingPathComponent("new/frame-00000.png")
        let missing = SnapshotVerifier(artifactsDirectory: folder, recordMode: .none)
        #expect(!missing.verify(try image(), reference: reference, name: "n", tolerance: .exact).passed)
        let recorder = SnapshotVerifier(artifactsDirectory: folder, recordMode: .missing)
        let outcome = recorder.verify(try image(), reference: reference, name: "n", tolerance: .exact)
        #expect(outcome == .recorded(path: reference.path))
        #expect(!outcome.passed)
        #expect(missing.verify(try image(), reference: reference, name: "n", tolerance: .exact).passed)
        #expect(RecordMode.fromEnvironment(["STRATA_RECORD": "failed"]) == .failed)
        // pointfree's variable and values win; `never` is `.none`; withRecordMode wins over both.
        #expect(RecordMode.fromEnvironment(["SNAPSHOT_TESTING_RECORD": "all", "STRATA_RECORD": "failed"]) == .all)
        #expect(RecordMode.fromEnvironment(["SNAPSHOT_TESTING_RECORD": "never"]) == RecordMode.none)
        #expect(StrataSnapshot.withRecordMode(.missing) { RecordMode.fromEnvironment(["SNAPSHOT_TESTING_RECORD": "all"]) } == .missing)
        #expect(RecordMode.fromEnvironment([:]) == RecordMode.none)
    }
}

@Suite("StrataSnapshot helpers")
struct StrataSnapshotHelperTests {
    @Test func layersAndScenesAgainstReferences() throws {
        let folder = PackagePaths.temporaryDirectory()
        let layers = [box("card", Rect(x: 5, y: 5, width: 30, height: 20), Color(red: 0, green: 0.5, blue: 1))]
        let size = Size(width: 40, height: 30)
        let missing = StrataSnapshot.verify(layers, size: size, named: "card", in: folder, record: .none, artifacts: folder)
        #expect(!missing.passed && missing.message.contains("SNAPSHOT_TESTING_RECORD=missing"))
        #expect(StrataSnapshot.verify(layers, size: size, named: "card", in: folder, record: .missing, artifacts: folder)
                == .recorded(path: folder.appendingPathComponent("card.png").path))
        #expect(StrataSnapshot.verify(layers, size: size, named: "card", in: folder, record: .none, artifacts: folder).passed)
        let moved = [box("card", Rect(x: 6, y: 5, width: 30, height: 20), Color(red: 0, green: 0.5, blue: 1))]
        #expect(!StrataSnapshot.verify(moved, size: size, named: "card", in: folder, record: .none, artifacts: folder).passed)

        let scene = try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent("slide-linear.yaml").path)
        let matched = StrataSnapshot.verify(scene, frame: 15, in: PackagePaths.snapshots.appendingPathComponent("slide-linear"),
                                            record: .none, artifacts: folder)
        #expect(matched.passed, "\(matched.message)")
        #expect(!StrataSnapshot.verify(scene, frame: 99, in: folder, record: .none).passed)

        // A canvas over the limits fails with the render error's own text and records nothing.
        let huge = StrataSnapshot.verify(layers, size: Size(width: 20000, height: 20000), named: "huge", in: folder, record: .all, artifacts: folder)
        #expect(!huge.passed && huge.message.contains("20000") && huge.message.contains("16384"), "\(huge.message)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("huge.png").path))
    }
}
