import StrataKit
import StrataModel
import StrataRaster

/// The picture a failed snapshot leaves behind: expected | difference | actual, each under its
/// label, with the comparison's figures underneath — rendered by Strata itself (image and text
/// layers), so it reads the same in any file viewer.
public enum DiffPanel {
    /// A labelled three-panel diff of `expected` and `actual` under `tolerance`.
    ///
    /// Panels keep their pixels 1:1 unless three of them side by side would pass the surface
    /// limits; then all three are downscaled by the same factor (said in the figures line).
    public static func make(expected: PixelBuffer, actual: PixelBuffer, tolerance: SnapshotTolerance) throws(StrataError) -> PixelBuffer {
        let result = ImageComparator.compare(expected: expected, actual: actual, tolerance: tolerance)
        let raw: PixelBuffer
        do { raw = try ImageComparator.differenceImage(expected: expected, actual: actual, tolerance: tolerance) } catch {
            throw StrataError(error)
        }
        let gap = 12.0, label = 22.0, footer = 34.0, margin = 8.0
        let width = Double(max(expected.width, actual.width)), height = Double(max(expected.height, actual.height))
        // Fit three panels within the surface limits (side and pixel count), with room for the text.
        let sideRoom = (Double(Limits.maximumSide) - 2 * margin - 2 * gap) / (3 * width)
        let areaRoom = (Double(Limits.maximumPixels) / ((3 * width + 2 * gap + 2 * margin) * (height + label + footer + 2 * margin))).squareRoot()
        let factor = min(1, sideRoom, areaRoom, (Double(Limits.maximumSide) - label - footer - 2 * margin) / height)
        func fitted(_ image: PixelBuffer) throws(StrataError) -> PixelBuffer {
            guard factor < 1 else { return image }
            do { return try image.scaled(by: factor) } catch { throw StrataError(error) }
        }
        let panels = [("expected", try fitted(expected)), ("difference", try fitted(raw)), ("actual", try fitted(actual))]
        let panelWidth = (width * factor).rounded(.up), panelHeight = (height * factor).rounded(.up)
        let size = Size(width: 2 * margin + 3 * panelWidth + 2 * gap, height: 2 * margin + label + panelHeight + footer)
        let ink = Color(red: 0.13, green: 0.13, blue: 0.13)
        var layers: [Layer] = []
        for (index, (name, image)) in panels.enumerated() {
            let x = margin + Double(index) * (panelWidth + gap)
            var caption = Layer(frame: Rect(x: x, y: margin, width: panelWidth, height: label))
            caption.text = TextContent(string: name, fontSize: 13, isBold: true, color: ink, alignment: .left)
            var picture = Layer(frame: Rect(x: x, y: margin + label, width: Double(image.width), height: Double(image.height)))
            picture.contents = image
            picture.contentsGravity = .topLeft
            layers += [caption, picture]
        }
        var figures = result.matches ? "match (largest channel difference \(result.maxChannelDifference))" : (result.failure ?? "")
        if factor < 1 { figures += "; panels shown at \(String(format2: factor * 100)) %" }
        var line = Layer(frame: Rect(x: margin, y: margin + label + panelHeight + 8, width: size.width - 2 * margin, height: footer - 8))
        line.text = TextContent(string: figures, fontSize: 11, color: ink, alignment: .left)
        layers.append(line)
        return try FrameRenderer(layers: layers, size: size, background: .white).render(displayedIndex: 0).image
    }
}
