import Foundation
import SnapshotTesting
import StrataKit
import StrataRaster
import StrataSnapshotTesting

/// Strata images for pointfreeco's SnapshotTesting: PNG references compared with Strata's
/// comparator (un-premultiplied pixels, a named tolerance).
///
/// Render in the assertion's value, so that a scene that cannot be rendered fails the test with
/// the render error's own text and records nothing:
///
///     assertSnapshot(of: try StrataSnapshot.frame(of: scene, atSeconds: 0.5), as: .strataImage())
///     assertSnapshot(of: try StrataSnapshot.strip(of: scene, from: 0, to: 0.5, frames: 6), as: .strataImage())
///
/// Record modes are pointfree's own (`SNAPSHOT_TESTING_RECORD`, `withSnapshotTesting(record:)`).
/// On Linux, where XCTest attachments go nowhere, a failure writes the reference and a labelled
/// three-panel diff (expected | difference | actual, with the figures) beside the actual image
/// that pointfree writes to `SNAPSHOT_ARTIFACTS` (or the temporary folder), and names both files
/// in the failure message.
extension Diffing where Value == PixelBuffer? {
    /// Compares decoded pixels with `tolerance`.
    public static func strataImage(tolerance: SnapshotTolerance = .offByOne) -> Diffing {
        .diff(
            toData: { image in
                guard let image, let png = try? PNGCodec.encode(image) else { return Data() }
                return Data(png)
            },
            fromData: { data in try? PNGCodec.decode([UInt8](data)) },
            diffV2: { reference, actual in
                guard let reference else { return ("the reference is not a readable PNG (record it again)", []) }
                guard let actual else { return ("nothing was rendered", []) }
                let result = ImageComparator.compare(expected: reference, actual: actual, tolerance: tolerance)
                if result.matches { return nil }
                var message = result.failure ?? "images differ"
                var attachments: [DiffAttachment] = []
                do throws(StrataError) {
                    let diff = try Pipeline.encode(try DiffPanel.make(expected: reference, actual: actual, tolerance: tolerance))
                    attachments.append(.data(Data(diff), name: "diff (expected | difference | actual).png"))
                    let paths = try writeArtifacts(reference: reference, diff: diff, actual: actual)
                    message += "\nexpected: \(paths.expected.path)\ndiff (expected | difference | actual): \(paths.diff.path)"
                } catch {
                    message += "\n(could not write the diff: \(error.message))"
                }
                return (message, attachments)
            })
    }

    /// `SNAPSHOT_ARTIFACTS/strata/` (or the temporary folder's): files named by a digest of the
    /// actual pixels, since a strategy does not know the test's name.
    private static func writeArtifacts(reference: PixelBuffer, diff: [UInt8], actual: PixelBuffer) throws(StrataError) -> (expected: URL, diff: URL) {
        let root = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 } ?? NSTemporaryDirectory()
        let folder = URL(fileURLWithPath: root, isDirectory: true).appendingPathComponent("strata")
        try AtomicFile.createDirectory(folder)
        let name = String(SHA256.hex(actual.pixels).prefix(16))
        let expected = folder.appendingPathComponent("\(name).expected.png"), diffURL = folder.appendingPathComponent("\(name).diff.png")
        try AtomicFile.write(try Pipeline.encode(reference), to: expected, overwrite: true)
        try AtomicFile.write(diff, to: diffURL, overwrite: true)
        return (expected, diffURL)
    }
}

extension Snapshotting where Value == PixelBuffer, Format == PixelBuffer? {
    /// A rendered image (`StrataSnapshot.frame`, `.image`, `.strip`), compared as a PNG.
    public static func strataImage(tolerance: SnapshotTolerance = .offByOne) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .strataImage(tolerance: tolerance)) { image in image }
    }
}
