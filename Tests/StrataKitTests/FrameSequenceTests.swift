import StrataTestSupport
import Foundation
import Testing
import StrataAnimation
import StrataEffects
@testable import StrataKit
import StrataModel
import StrataRaster
import StrataScene

@Suite("Frame sequences")
struct FrameSequenceTests {
    func scene(_ name: String) throws -> Scene {
        try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent("\(name).yaml").path)
    }

    func files(_ directory: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        // The records folder names the ranges each run rendered (FarmTests checks it).
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name != FrameRecords.folderName {
            result[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return result
    }

    func render(_ scene: Scene, to directory: URL, frames: ClosedRange<Int>? = nil, jobs: Int, skipExisting: Bool = false,
                overwrite: Bool = false, progress: ProgressReporter? = nil,
                cancellation: CancellationFlag = CancellationFlag()) throws -> FrameSequence.Summary {
        try FrameSequence(scene: scene, options: .init(directory: directory, frames: frames, overwrite: overwrite,
                                                       skipExisting: skipExisting, jobs: jobs))
            .run(progress: progress, cancellation: cancellation)
    }

    /// The manifest records the presentation that is drawn, motion effects included: in the parallax
    /// scene the front card (the only pixels of its colour, #eceff1) is drawn centred on the position
    /// the manifest gives it, 24 points from its model position at the extremes of the tilt. The card
    /// also tilts in perspective (±14° about y at frames 0 and 15, ±12° about x at 8 and 23): its near
    /// half looks bigger, so its box is centred on the position across the tilt's axis and within 3 pt
    /// along it (the anchor is the diagonals' crossing, not the box's middle: 2.3 pt off at 14°).
    @Test func manifestPositionsAreWhereTheLayersAreDrawn() throws {
        let scene = try scene("parallax-cards")
        let directory = PackagePaths.temporaryDirectory()
        let summary = try render(scene, to: directory, frames: 0...23, jobs: 2)
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: directory.appendingPathComponent("manifest.json")))
        #expect(manifest == summary.manifest)
        for index in [0, 8, 15, 23] {
            let front = try #require(manifest.frames[index].layers.first { $0.name == "front" }, "frame \(index) records the front card")
            let image = try PNGCodec.decode(contentsOf: directory.appendingPathComponent(manifest.frames[index].file))
            // The bounding box of the card's colour.
            var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image[x, y]
                    guard abs(Int(p.r) - 236) <= 6, abs(Int(p.g) - 239) <= 6, abs(Int(p.b) - 241) <= 6, p.a == 255 else { continue }
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
            let drawnX = Double(minX + maxX + 1) / 2, drawnY = Double(minY + maxY + 1) / 2
            let (toleranceX, toleranceY) = index == 0 || index == 15 ? (3.0, 1.0) : (1.0, 3.0)
            #expect(abs(drawnX - front.position[0]) <= toleranceX && abs(drawnY - front.position[1]) <= toleranceY,
                    "frame \(index): drawn at (\(drawnX), \(drawnY)), recorded at \(front.position)")
        }
        // At frame 0 the viewer is at (1, 0): the front card is 24 points right of its model position (120, 95).
        #expect(manifest.frames[0].layers.first { $0.name == "front" }?.position == [144, 95])
    }

    /// Motion effects that take a layer to infinity: from a scene file the range is refused where it
    /// enters; from Swift the manifest's check stops the run before any frame is written (exit 65,
    /// naming the frame and layer), instead of failing to encode the manifest afterwards.
    @Test func nonFinitePresentationsAreDataErrorsBeforeAnyFrame() throws {
        let folder = PackagePaths.temporaryDirectory()
        let file = folder.appendingPathComponent("huge.yaml")
        try Data("""
            version: 1
            description: d
            size: [100, 80]
            clock: {fps: 10, frames: 4}
            viewer: {circle: {period: 2, amplitude: 1}}
            layers: [{name: card, frame: [10, 10, 50, 40], backgroundColor: "#ff0000"}]
            effects:
              - motionEffects: {layer: card, effects: [{keyPath: position.x, axis: horizontal, min: -1e308, max: 1e308}]}
            """.utf8).write(to: file)
        #expect(throws: StrataError.self) { try Pipeline.loadScene(at: file.path) }

        var scene = Scene(name: "huge", description: "d", size: Size(width: 100, height: 80),
                          layers: [Layer(name: "card", frame: Rect(x: 10, y: 10, width: 50, height: 40))],
                          clock: FrameClock(framesPerSecond: 10, tickCount: 4))
        scene.addMotionEffects([.interpolating(keyPath: .positionX, axis: .horizontal, minimumRelativeValue: -1e308, maximumRelativeValue: 1e308)],
                               to: LayerPath([0]), viewer: .circle(period: 2, amplitude: 1))
        let out = folder.appendingPathComponent("frames")
        do {
            _ = try render(scene, to: out, jobs: 2)
            Issue.record("rendered a scene whose card is at infinity")
        } catch let error as StrataError {
            #expect(error.exitCode == 65 && error.message.contains("layers[0] (card)"), "\(error.message)")
        }
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).isEmpty, "no frame written")
    }

    @Test func sameBytesWhateverTheJobsTheRunOrTheSplit() throws {
        let scene = try scene("keyframes")
        let one = PackagePaths.temporaryDirectory(), two = PackagePaths.temporaryDirectory()
        let again = PackagePaths.temporaryDirectory(), split = PackagePaths.temporaryDirectory()
        let summary = try render(scene, to: one, jobs: 1)
        #expect(summary.written == 41 && summary.frameCount == 41)
        _ = try render(scene, to: two, jobs: 2)
        _ = try render(scene, to: again, jobs: 2)
        _ = try render(scene, to: split, frames: 0...17, jobs: 2)
        _ = try render(scene, to: split, frames: 18...40, jobs: 1)
        let reference = try files(one)
        #expect(reference.count == 42, "41 frames and the manifest")
        #expect(try files(two) == reference)
        #expect(try files(again) == reference)
        #expect(try files(split) == reference)
    }

    @Test func existingFramesAreKeptOrRefused() throws {
        let scene = try scene("slide-linear")
        let directory = PackagePaths.temporaryDirectory()
        _ = try render(scene, to: directory, jobs: 2)
        let before = try files(directory)
        #expect(throws: StrataError.self) { try render(scene, to: directory, jobs: 2) }
        try FileManager.default.removeItem(at: directory.appendingPathComponent("frame-00007.png"))
        try FileManager.default.removeItem(at: directory.appendingPathComponent("frame-00020.png"))
        let resumed = try render(scene, to: directory, jobs: 2, skipExisting: true)
        #expect(resumed.written == 2 && resumed.skipped == 29)
        #expect(try files(directory) == before)
        #expect(try render(scene, to: directory, jobs: 2, overwrite: true).written == 31)
    }

    @Test func rangeOutsideTheSceneIsAUsageError() throws {
        do {
            _ = try render(try scene("slide-linear"), to: PackagePaths.temporaryDirectory(), frames: 25...31, jobs: 1)
            Issue.record("expected an error")
        } catch let error as StrataError {
            #expect(error.kind == .usage)
        }
    }

    /// A manifest is input to `strata encode` and `strata check`: each hostile one is a data error
    /// naming the file and the field, from the one reader both use; a missing one is the caller's.
    @Test func hostileManifestsAreDataErrorsNamingTheField() throws {
        let directory = PackagePaths.temporaryDirectory()
        _ = try render(try scene("slide-linear"), to: directory, jobs: 2)
        let url = directory.appendingPathComponent("manifest.json")
        let original = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        #expect(try Manifest.read(in: directory) { _ in StrataError(.noInput, "missing") }.frameCount == 31)
        func frames(_ change: (inout [[String: Any]]) -> Void) -> [String: Any] {
            var manifest = original, list = original["frames"] as! [[String: Any]]
            change(&list)
            manifest["frames"] = list
            return manifest
        }
        let cases: [(String, [String: Any]?)] = [
            ("fps is 0.0", original.merging(["fps": 0]) { $1 }),
            ("fps is 5000.0", original.merging(["fps": 5000]) { $1 }),
            ("tickCount is 0", original.merging(["tickCount": 0]) { $1 }),
            ("frameCount is 30 but it lists 31", original.merging(["frameCount": 30]) { $1 }),
            ("pixelSize is [0, 80]", original.merging(["pixelSize": [0, 80]]) { $1 }),
            ("pixelSize is [100000, 100000]", original.merging(["pixelSize": [100000, 100000]]) { $1 }),
            ("frames[3] is ../../etc/passwd", frames { $0[3]["file"] = "../../etc/passwd" }),
            ("frames[2] shows tick 1", frames { $0[2]["tick"] = 1 }),
            ("is not a Strata manifest", nil),
        ]
        for (message, manifest) in cases {
            let data = try manifest.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data("{\"fps\": ".utf8)
            try data.write(to: url)
            for (reader, read) in [("encode", { () throws(StrataError) in _ = try Manifest.read(in: directory) { _ in StrataError(.noInput, "missing") } }),
                                   ("check", { () throws(StrataError) in _ = try FolderCheck.run(directory, jobs: 1) })] {
                do throws(StrataError) {
                    try read()
                    Issue.record("\(reader): \(message): expected an error")
                } catch {
                    #expect(error.kind == .dataError && error.message.contains(url.path) && error.message.contains(message),
                            "\(reader): \(error.message)")
                }
            }
        }
        try FileManager.default.removeItem(at: url)
        do throws(StrataError) {
            _ = try Manifest.read(in: directory) { _ in StrataError(.noInput, "the caller's missing") }
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .noInput && error.message == "the caller's missing")
        }
    }

    @Test func manifestHoldsTimesPositionsAndOpacities() throws {
        let directory = PackagePaths.temporaryDirectory()
        let summary = try render(try scene("slide-linear"), to: directory, jobs: 2)
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: directory.appendingPathComponent("manifest.json")))
        #expect(manifest == summary.manifest)
        #expect(manifest.scene == "slide-linear" && manifest.fps == 30 && manifest.frameCount == 31)
        #expect(manifest.size == [240, 80] && manifest.pixelSize == [240, 80] && manifest.scale == 1)
        let middle = manifest.frames[15]
        #expect(middle.time == 0.5 && middle.file == "frame-00015.png")
        #expect(middle.layers.count == 1)
        #expect(middle.layers[0].name == "box" && middle.layers[0].path == "layers[2]")
        #expect(middle.layers[0].position == [120, 40] && middle.layers[0].opacity == 1)
    }

    @Test func droppedTicksAreNotRenderedAndTheManifestSaysWhich() throws {
        let directory = PackagePaths.temporaryDirectory()
        let summary = try render(try scene("dropped-frames"), to: directory, jobs: 2)
        let manifest = summary.manifest
        #expect(manifest.tickCount == 46 && manifest.frameCount == 31)
        #expect(Array(manifest.droppedTicks.prefix(3)) == [2, 5, 8])
        #expect(manifest.frames.prefix(4).map(\.tick) == [0, 1, 3, 4])
        let x = manifest.frames.prefix(4).map { $0.layers[0].position[0] }
        #expect(abs((x[1] - x[0]) - 4) < 1e-9 && abs((x[2] - x[1]) - 8) < 1e-9)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 32 + 1, "31 frames, the manifest and records/")
    }

    final class CancelAfter: ProgressReporter, @unchecked Sendable {
        let flag: CancellationFlag
        let limit: Int
        init(_ flag: CancellationFlag, after limit: Int) { self.flag = flag; self.limit = limit }
        func update(done: Int, total: Int, elapsedSeconds: Double) { if done >= limit { flag.cancel() } }
        func finish(done: Int, total: Int, elapsedSeconds: Double) {}
    }

    @Test func cancellingStopsAfterTheFramesInFlightWithNoTemporaryFiles() throws {
        let directory = PackagePaths.temporaryDirectory()
        let flag = CancellationFlag()
        do {
            _ = try render(try scene("keyframes"), to: directory, jobs: 2, progress: CancelAfter(flag, after: 3), cancellation: flag)
            Issue.record("expected an interruption")
        } catch let error as StrataError {
            #expect(error.kind == .interrupted && error.exitCode == 130)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != FrameRecords.folderName }
        #expect(names.count >= 3 && names.count <= 5, "\(names)")
        #expect(names.allSatisfy { $0.hasPrefix("frame-") }, "no temporary files and no manifest")
        // The record, rewritten when the run stopped, names exactly the frames that landed.
        let records = FrameRecords.read(directory)
        #expect(records.count == 1 && Set(records[0].digests.keys) == Set(names))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(FrameRecords.folderName).path).count == 1)
        for name in names {
            _ = try PNGCodec.decode(contentsOf: directory.appendingPathComponent(name))
        }
    }
}

@Suite("Manifest encoding")
struct ManifestEncodingTests {
    @Test(arguments: ["keyframes", "dropped-frames", "side-menu", "parallax-cards", "gradients"])
    func framesEncodedApartGiveTheBytesOfOneEncoding(name: String) throws {
        let scene = try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent("\(name).yaml").path)
        let manifest = Manifest.make(try FrameRenderer(scene: scene))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let whole = try encoder.encode(manifest) + [0x0A]
        #expect(try manifest.encodedData() == whole, "\(name)")
        var empty = manifest
        empty.frames = []
        #expect(try empty.encodedData() == (try encoder.encode(empty) + [0x0A]))
    }

    @Test func numbersNamesAndOptionalsAreWrittenAsJSONEncoderWritesThem() throws {
        let values: [Double] = [0, -0.0, 1, 100, 1e-5, 1e-7, 0.1 + 0.2, .leastNonzeroMagnitude, 1e21, 1e16, 123456789012345680, -3.75, 1e300,
                                0.000123, 1234567.125, 9007199254740992, 1e15, .greatestFiniteMagnitude]
        let names: [String?] = [nil, "plain", "a/b", "q\"x", "back\\slash", "t\tn\nr\r", "\u{1}\u{1f}\u{8}\u{c}", "é☃", "\u{7f}", "\u{2028}", ""]
        var frames: [Manifest.Frame] = []
        for (index, value) in values.enumerated() {
            let layers = names.enumerated().map { offset, name in
                Manifest.LayerState(path: "layers[\(offset)]", name: name, position: [value, -value], opacity: value)
            }
            let overlays: [OverlayState]? = index % 3 == 0 ? nil : index % 3 == 1 ? [] :
                [OverlayState(id: names[index % names.count] ?? "o", delta: index % 2 == 0 ? nil : value, opacity: value, enabled: index % 2 == 0)]
            frames.append(Manifest.Frame(index: index, tick: index * 2, time: value, file: names[index % names.count] ?? "f",
                                         layers: index == 4 ? [] : layers, overlays: overlays))
        }
        let scene = try Pipeline.loadScene(at: PackagePaths.scenes.appendingPathComponent("keyframes.yaml").path)
        var manifest = Manifest.make(try FrameRenderer(scene: scene))
        manifest.frames = frames
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let expected = try encoder.encode(manifest) + [0x0A]
        let written = try manifest.encodedData()
        #expect(written == expected, "\(String(decoding: written.prefix(3000), as: UTF8.self))")
    }
}
