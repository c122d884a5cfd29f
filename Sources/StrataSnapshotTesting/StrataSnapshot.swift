import Foundation
import StrataKit
import StrataModel
import StrataRaster
import StrataScene

/// `assertSnapshot`-style checks for layers and scenes with Strata's comparator, tolerances and
/// record modes (`STRATA_RECORD`). They return the outcome; in a test:
///
///     let outcome = StrataSnapshot.verify(layers, size: Size(width: 100, height: 60), named: "card",
///                                         in: snapshotsFolder)
///     #expect(outcome.passed, "\(outcome.message)")
public enum StrataSnapshot {
    /// Where failures write their artefacts unless told otherwise: `.artifacts/snapshots` in the
    /// current folder.
    public static var defaultArtifacts: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".artifacts/snapshots")
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
            return .failed(message: "cannot render \(name): \(error)")
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
            return .failed(message: "cannot render \(scene.name): \(error)")
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
            return .failed(message: "cannot render \(scene.name): \(error)")
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
