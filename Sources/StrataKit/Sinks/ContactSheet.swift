import Foundation
import StrataModel
import StrataRaster

/// Tiles frames into one picture with their numbers, for a quick look at a whole animation.
///
/// The sheet is itself a layer tree (image layers and text layers) rendered like any scene.
public enum ContactSheet {
    /// The frame PNGs of `directory` (`frame-NNNNN.png`), sorted.
    public static func frameFiles(in directory: URL) throws(StrataError) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            throw StrataError(.noInput, "\(directory.path): no such folder")
        }
        guard isDirectory.boolValue else { throw StrataError(.noInput, "\(directory.path) is a file, not a folder of frames") }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw StrataError(.noInput, "cannot read the folder \(directory.path): \(error.localizedDescription)")
        }
        let frames = names.filter { $0.range(of: #"^frame-\d+\.png$"#, options: .regularExpression) != nil }.sorted()
        guard !frames.isEmpty else { throw StrataError(.noInput, "no frame-NNNNN.png files in \(directory.path)") }
        return frames.map { directory.appendingPathComponent($0) }
    }

    /// A sheet of `images` (label, pixels) in `columns` columns, each tile scaled to at most
    /// `tileWidth` pixels wide, with its label underneath.
    public static func make(_ images: [(label: String, image: PixelBuffer)], columns: Int, tileWidth: Int = 240) throws(StrataError) -> PixelBuffer {
        guard columns >= 1 else { throw StrataError(.usage, "--columns must be at least 1") }
        guard let first = images.first?.image else { throw StrataError(.noInput, "no frames to put on a sheet") }
        let scale = min(1, Double(tileWidth) / Double(first.width))
        let tile = Size(width: (Double(first.width) * scale).rounded(), height: (Double(first.height) * scale).rounded())
        let gap = 8.0, label = 16.0
        let rows = (images.count + columns - 1) / columns
        let size = Size(width: gap + Double(columns) * (tile.width + gap), height: gap + Double(rows) * (tile.height + label + gap))
        var layers: [Layer] = []
        for (index, entry) in images.enumerated() {
            let x = gap + Double(index % columns) * (tile.width + gap)
            let y = gap + Double(index / columns) * (tile.height + label + gap)
            var picture = Layer(frame: Rect(x: x, y: y, width: tile.width, height: tile.height))
            picture.contents = entry.image
            picture.contentsGravity = .resizeAspect
            picture.borderWidth = 1
            picture.borderColor = Color(red: 0.8, green: 0.8, blue: 0.8)
            var caption = Layer(frame: Rect(x: x, y: y + tile.height + 2, width: tile.width, height: label))
            caption.text = TextContent(string: entry.label, fontSize: 11, color: Color(red: 0.2, green: 0.2, blue: 0.2), alignment: .center)
            layers += [picture, caption]
        }
        return try FrameRenderer(layers: layers, size: size, background: .white).render(displayedIndex: 0).image
    }

    /// Reads the frames of `directory` and writes their sheet to `output`.
    public static func write(directory: URL, columns: Int, to output: URL, overwrite: Bool) throws(StrataError) {
        var images: [(label: String, image: PixelBuffer)] = []
        for url in try frameFiles(in: directory) {
            do {
                images.append((url.deletingPathExtension().lastPathComponent, try PNGCodec.decode(contentsOf: url)))
            } catch {
                throw StrataError(error, file: url.path)
            }
        }
        let sheet = try make(images, columns: columns)
        try AtomicFile.write(try Pipeline.encode(sheet), to: output, overwrite: overwrite)
    }
}
