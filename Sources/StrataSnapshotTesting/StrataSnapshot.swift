import Foundation
import StrataKit
import StrataModel
import StrataRaster
import StrataScene

/// `assertSnapshot`-style checks for layers and scenes with Strata's comparator, tolerances and
/// record modes (`SNAPSHOT_TESTING_RECORD`, as pointfree's; or `withRecordMode`). They return the
/// outcome; a failure's message names the expected, actual and labelled diff files it wrote, and a
/// scene or layers that cannot be rendered fail with the render error's own text. In a test:
///
///     let outcome = StrataSnapshot.verify(layers, size: Size(width: 100, height: 60), named: "card",
///                                         in: snapshotsFolder)
///     #expect(outcome.passed, "\(outcome.message)")
public enum StrataSnapshot {
    /// Where failures write their artefacts unless told otherwise: `SNAPSHOT_ARTIFACTS` when set
    /// (pointfree's variable), else `.artifacts/snapshots` in the current folder.
    public static var defaultArtifacts: URL {
        if let folder = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"], !folder.isEmpty {
            return URL(fileURLWithPath: folder, isDirectory: true)
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".artifacts/snapshots")
    }

    @TaskLocal static var scopedRecordMode: RecordMode?

    /// Runs `body` with `mode` as the record mode of every check in it (and in the tasks it
    /// starts) that does not name one, as pointfree's `withSnapshotTesting(record:)` does.
    public static func withRecordMode<T>(_ mode: RecordMode, _ body: () throws -> T) rethrows -> T {
        try $scopedRecordMode.withValue(mode, operation: body)
    }

    /// Renders `layers` on a canvas of `size` points at `scale` and compares the frame with
    /// `directory/name.png`.
    public static func verify(_ layers: [Layer], size: Size, scale: Double = 1, background: Color? = nil, named name: String,
                              in directory: URL, tolerance: SnapshotTolerance = .offByOne,
                              record: RecordMode = .fromEnvironment(), artifacts: URL? = nil) -> SnapshotVerifier.Outcome {
        let image: PixelBuffer
        do {
            image = try FrameRenderer(layers: layers, size: size, scale: scale, background: background).render(displayedIndex: 0).image
        } catch {
            return .failed(message: "cannot render \(name): \(error.message)")
        }
        return SnapshotVerifier(artifactsDirectory: artifacts ?? defaultArtifacts, recordMode: record)
            .verify(image, reference: directory.appendingPathComponent("\(name).png"), name: name, tolerance: tolerance)
    }

    /// Renders displayed frame `frame` of `scene` (effects included) and compares it with
    /// `directory/frame-NNNNN.png`.
    public static func verify(_ scene: Scene, frame: Int, in directory: URL, tolerance: SnapshotTolerance = .offByOne,
                              record: RecordMode = .fromEnvironment(), artifacts: URL? = nil) -> SnapshotVerifier.Outcome {
        let image: PixelBuffer
        do {
            image = try FrameRenderer(scene: scene).render(displayedIndex: frame).image
        } catch {
            return .failed(message: "cannot render \(scene.name): \(error.message)")
        }
        return compare(image, scene: scene, name: Pipeline.frameFileName(frame), in: directory, tolerance: tolerance, record: record,
                       artifacts: artifacts)
    }

    /// Renders `scene` at `seconds` and compares it with `directory/name` (a .png file name).
    public static func verify(_ scene: Scene, atSeconds seconds: Double, name: String, in directory: URL,
                              tolerance: SnapshotTolerance = .offByOne, record: RecordMode = .fromEnvironment(),
                              artifacts: URL? = nil) -> SnapshotVerifier.Outcome {
        let image: PixelBuffer
        do {
            image = try FrameRenderer(scene: scene).render(atSeconds: seconds).image
        } catch {
            return .failed(message: "cannot render \(scene.name): \(error.message)")
        }
        return compare(image, scene: scene, name: name, in: directory, tolerance: tolerance, record: record, artifacts: artifacts)
    }

    // MARK: - Rendering, for assertions that take an image

    /// Layers rendered on a canvas of `size` points at `scale` (throws the render error).
    public static func image(of layers: [Layer], size: Size, scale: Double = 1, background: Color? = nil) throws(StrataError) -> PixelBuffer {
        try FrameRenderer(layers: layers, size: size, scale: scale, background: background).render(displayedIndex: 0).image
    }

    /// `scene` as presented at `seconds`, effects included (throws the render error).
    public static func frame(of scene: Scene, atSeconds seconds: Double = 0) throws(StrataError) -> PixelBuffer {
        try FrameRenderer(scene: scene).render(atSeconds: seconds).image
    }

    /// One picture of a motion, for one assertion over a time range (as stagehand's animation
    /// snapshots): `frames` instants evenly spaced from `start` to `end` seconds (both included),
    /// rendered at full size side by side in `columns` columns (default: one row), each labelled
    /// with its time.
    public static func strip(of scene: Scene, from start: Double, to end: Double, frames: Int, columns: Int? = nil) throws(StrataError) -> PixelBuffer {
        guard start.isFinite, end.isFinite, start <= end else {
            throw StrataError(.usage, "a strip runs from a start time to a later end time in seconds, found \(start)…\(end)")
        }
        guard (1...100).contains(frames) else { throw StrataError(.usage, "a strip has 1…100 frames, found \(frames)") }
        let renderer = try FrameRenderer(scene: scene)
        var images: [(label: String, image: PixelBuffer)] = []
        for index in 0..<frames {
            let seconds = frames == 1 ? start : start + (end - start) * Double(index) / Double(frames - 1)
            images.append(("\(String(format3: seconds)) s", try renderer.render(atSeconds: seconds).image))
        }
        return try ContactSheet.make(images, columns: columns ?? frames, tileWidth: images[0].image.width)
    }

    /// Renders `scene` over a time range as a `strip` and compares it with `directory/name.png`.
    public static func verifyAnimation(_ scene: Scene, from start: Double, to end: Double, frames: Int, named name: String,
                                       in directory: URL, tolerance: SnapshotTolerance = .offByOne,
                                       record: RecordMode = .fromEnvironment(), artifacts: URL? = nil) -> SnapshotVerifier.Outcome {
        let image: PixelBuffer
        do {
            image = try strip(of: scene, from: start, to: end, frames: frames)
        } catch {
            return .failed(message: "cannot render \(scene.name): \(error.message)")
        }
        return compare(image, scene: scene, name: name, in: directory, tolerance: tolerance, record: record, artifacts: artifacts)
    }

    private static func compare(_ image: PixelBuffer, scene: Scene, name: String, in directory: URL, tolerance: SnapshotTolerance,
                                record: RecordMode, artifacts: URL?) -> SnapshotVerifier.Outcome {
        let base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        return SnapshotVerifier(artifactsDirectory: (artifacts ?? defaultArtifacts).appendingPathComponent(scene.name), recordMode: record)
            .verify(image, reference: directory.appendingPathComponent("\(base).png"), name: base, tolerance: tolerance)
    }
}

extension String {
    /// A number with three decimals (times in seconds on strips).
    init(format3 value: Double) {
        let thousandths = Int(saturating: value * 1000, .toNearestOrAwayFromZero)
        let fraction = abs(thousandths % 1000)
        let sign = thousandths < 0 && thousandths > -1000 ? "-" : ""
        self = "\(sign)\(thousandths / 1000).\(String(repeating: "0", count: fraction < 10 ? 2 : fraction < 100 ? 1 : 0))\(fraction)"
    }
}
