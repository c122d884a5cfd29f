import Foundation
import SnapshotTesting
import StrataKit
import StrataModel
import StrataRaster
import StrataScene
import StrataSnapshotTesting

/// Strata images for pointfreeco's SnapshotTesting: PNG files compared with Strata's comparator
/// (un-premultiplied pixels, a named tolerance), a three-panel diff attached on failure.
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
                guard let reference else { return ("the reference is not a readable PNG", []) }
                guard let actual else { return ("nothing was rendered", []) }
                let result = ImageComparator.compare(expected: reference, actual: actual, tolerance: tolerance)
                if result.matches { return nil }
                var attachments: [DiffAttachment] = []
                if let diff = try? ImageComparator.diffImage(expected: reference, actual: actual, tolerance: tolerance),
                   let png = try? PNGCodec.encode(diff) {
                    attachments.append(.data(Data(png), name: "diff (expected | difference | actual).png"))
                }
                return (result.failure ?? "images differ", attachments)
            })
    }
}

extension Snapshotting where Value == [Layer], Format == PixelBuffer? {
    /// Layers rendered on a canvas of `size` points at `scale`, compared as a PNG.
    public static func strataImage(size: Size, scale: Double = 1, background: Color? = nil,
                                   tolerance: SnapshotTolerance = .offByOne) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .strataImage(tolerance: tolerance)) { layers in
            try? FrameRenderer(layers: layers, size: size, scale: scale, background: background).render(displayedIndex: 0).image
        }
    }
}

extension Snapshotting where Value == Scene, Format == PixelBuffer? {
    /// A scene's frame at `seconds` (with its effects), compared as a PNG.
    public static func strataFrame(atSeconds seconds: Double = 0, tolerance: SnapshotTolerance = .offByOne) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .strataImage(tolerance: tolerance)) { scene in
            try? FrameRenderer(scene: scene).render(atSeconds: seconds).image
        }
    }
}
