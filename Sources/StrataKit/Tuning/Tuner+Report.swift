import Foundation
import StrataEffects
import StrataModel
import StrataRaster
import StrataScene

/// `strata tune`'s report: tune.md, errors.csv, the charts and the contact sheet.
extension Tuner {
    /// Writes the report into `directory`: tune.md (fitted parameters, errors, the line to paste
    /// into the scene), errors.csv, error.png (per-frame error of the reference and the fit, and
    /// the best opacity per frame against the curves), and sheet.png (reference overlay, fitted
    /// overlay and truth at the frames where the reference errs most).
    public static func writeReport(_ result: Result, scene: Scene, overlayIndex: Int, groundTruth: GroundTruth,
                                   truthCurve: OpacityCurve?, to directory: URL) throws(StrataError) -> [URL] {
        try AtomicFile.createDirectory(directory)
        let overlay = scene.effects.motionBlurOverlays[overlayIndex]
        var csv = ["frame,time,delta,reference_opacity,reference_error,fitted_opacity,fitted_error,best_opacity,best_error"]
        for frame in result.frames {
            let ro = frame.delta.map(result.reference.opacity(forDelta:)) ?? 0, fo = frame.delta.map(result.fitted.opacity(forDelta:)) ?? 0
            csv.append([String(frame.frame), Manifest.number(frame.time), frame.delta.map(Manifest.number) ?? "",
                        Manifest.number(ro), Manifest.number(frame.error(atOpacity: ro)), Manifest.number(fo),
                        Manifest.number(frame.error(atOpacity: fo)), Manifest.number(frame.bestOpacity),
                        Manifest.number(frame.error(atOpacity: frame.bestOpacity))].joined(separator: ","))
        }
        let csvURL = directory.appendingPathComponent("errors.csv")
        try AtomicFile.write(Array((csv.joined(separator: "\n") + "\n").utf8), to: csvURL, overwrite: true)

        let advice = result.advice(overlay: overlay, groundTruth: groundTruth, truthCurve: truthCurve)
        let truthText = truthCurve.map { "the overlay driven by \($0) (a known answer)" }
            ?? "true motion blur, shutter \(Manifest.number(groundTruth.shutterDegrees))°, \(groundTruth.subframes) subframes"
        let markdown = """
            # Tuning \(overlay.id) in \(scene.name)

            Truth: \(truthText). Error: mean absolute difference of premultiplied channels (0…255)
            over the region the layer and its overlay touch, averaged over the \(result.movingFrames.count) frames that move
            (of \(result.frames.count); a frame moves when the layer's position changed since the previous one).
            \(advice.map { "\n**\($0)**\n" } ?? "")

            | curve | mean error |
            |---|---|
            | \(result.reference) (the article's) | \(Manifest.number(result.referenceError)) |
            | \(result.fitted) (fitted, \(result.family.rawValue)) | \(Manifest.number(result.fittedError)) |

            Paste into the scene's motionBlurOverlay:

                curve: "\(result.fitted)"

            Columns of errors.csv: frame, time (s), delta (points since the previous displayed frame;
            empty on the first), reference_opacity, reference_error, fitted_opacity, fitted_error,
            best_opacity (the opacity with the least error on that frame), best_error.

            """
        let mdURL = directory.appendingPathComponent("tune.md")
        try AtomicFile.write(Array(markdown.utf8), to: mdURL, overwrite: true)

        let count = Double(max(1, result.frames.count - 1))
        let errors = Chart(title: "error per frame", xLabel: "frame", yLabel: "mean |difference| (0…255)", series: [
            Chart.Series(name: "\(result.reference)", color: Chart.palette[1],
                         points: result.frames.map { (Double($0.frame), $0.error(atOpacity: $0.delta.map(result.reference.opacity(forDelta:)) ?? 0)) }),
            Chart.Series(name: "\(result.fitted) (fit)", color: Chart.palette[0],
                         points: result.frames.map { (Double($0.frame), $0.error(atOpacity: $0.delta.map(result.fitted.opacity(forDelta:)) ?? 0)) }),
        ], xRange: 0...count)
        let moving = result.movingFrames
        let maxDelta = max(1, moving.compactMap(\.delta).max() ?? 1) * 1.1
        let samples = (0...100).map { maxDelta * Double($0) / 100 }
        let shapes = Chart(title: "best opacity per frame and the curves", xLabel: "delta (points per frame)", yLabel: "opacity", series: [
            Chart.Series(name: "best per frame", color: Color(red: 0.3, green: 0.3, blue: 0.3),
                         points: moving.map { ($0.delta!, $0.bestOpacity) }.sorted { $0.0 < $1.0 }),
            Chart.Series(name: "\(result.reference)", color: Chart.palette[1], points: samples.map { ($0, result.reference.opacity(forDelta: $0)) }),
            Chart.Series(name: "\(result.fitted) (fit)", color: Chart.palette[0], points: samples.map { ($0, result.fitted.opacity(forDelta: $0)) }),
        ], xRange: 0...maxDelta, yRange: 0...1)
        let chartURL = directory.appendingPathComponent("error.png")
        try AtomicFile.write(try Pipeline.encode(try Chart.render([errors, shapes])), to: chartURL, overwrite: true)

        // Contact sheet: the three frames where the reference errs most, cropped to where the layer,
        // its overlay and the truth differ (with a margin), at full size so the difference shows.
        let worst = moving.sorted {
            $0.error(atOpacity: result.reference.opacity(forDelta: $0.delta!)) > $1.error(atOpacity: result.reference.opacity(forDelta: $1.delta!))
        }.prefix(3).sorted { $0.frame < $1.frame }
        let renderer = try FrameRenderer(scene: scene)
        let crop = Self.sheetWindow(worst.compactMap(\.region), canvas: renderer.pixelSize)
        func render(_ index: Int, opacity: Double) throws(StrataError) -> PixelBuffer {
            try Self.crop(try renderer.render(displayedIndex: index, overlayOpacity: [overlay.id: opacity]).image, to: crop)
        }
        var tiles: [(label: String, image: PixelBuffer)] = []
        for frame in worst {
            let ro = result.reference.opacity(forDelta: frame.delta!), fo = result.fitted.opacity(forDelta: frame.delta!)
            tiles.append(("frame \(frame.frame): \(result.reference) (o \(Manifest.number((ro * 100).rounded() / 100)))",
                          try render(frame.frame, opacity: ro)))
            tiles.append(("fitted (o \(Manifest.number((fo * 100).rounded() / 100)))",
                          try render(frame.frame, opacity: fo)))
            if let truthCurve {
                let to = truthCurve.opacity(forDelta: frame.delta!)
                tiles.append(("truth", try render(frame.frame, opacity: to)))
            } else {
                tiles.append(("truth (shutter \(Manifest.number(groundTruth.shutterDegrees))°)",
                              try Self.crop(try groundTruth.render(renderer, displayedIndex: frame.frame), to: crop)))
            }
        }
        var urls = [mdURL, csvURL, chartURL]
        if !tiles.isEmpty {
            let sheetURL = directory.appendingPathComponent("sheet.png")
            let sheet = try ContactSheet.make(tiles, columns: 3, tileWidth: min(480, tiles[0].image.width))
            try AtomicFile.write(try Pipeline.encode(sheet), to: sheetURL, overwrite: true)
            urls.append(sheetURL)
        }
        return urls
    }


    /// The union of the regions, grown by 12 px (and to 220 px across) and kept on the canvas (the whole canvas when
    /// there is no region).
    public static func sheetWindow(_ regions: [PixelWindow], canvas: (width: Int, height: Int)) -> PixelWindow {
        guard var x0 = regions.first?.x, var y0 = regions.first?.y else {
            return PixelWindow(x: 0, y: 0, width: canvas.width, height: canvas.height)
        }
        var x1 = x0, y1 = y0
        for region in regions {
            x0 = min(x0, region.x); y0 = min(y0, region.y)
            x1 = max(x1, region.x + region.width); y1 = max(y1, region.y + region.height)
        }
        // A margin around the region, and at least 220 px across so that the labels fit.
        let margin = 12, grow = max(margin, (220 - (x1 - x0)) / 2)
        x0 = max(0, x0 - grow); y0 = max(0, y0 - margin)
        x1 = min(canvas.width, x1 + grow); y1 = min(canvas.height, y1 + margin)
        return PixelWindow(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0))
    }

    static func crop(_ image: PixelBuffer, to window: PixelWindow) throws(StrataError) -> PixelBuffer {
        do { return try image.cropped(to: window) } catch { throw StrataError(error) }
    }
}

extension Tuner.Result {
    /// What to tell the user when the best curve keeps the overlay faint, or nil.
    public func advice(overlay: MotionBlurOverlay, groundTruth: GroundTruth, truthCurve: OpacityCurve?) -> String? {
        guard overlayStaysFaint, !movingFrames.isEmpty else { return nil }
        let peak = "the best \(family.rawValue) curve keeps the overlay under 5 % opacity (at most \(String(format: "%.1f", fittedPeakOpacity * 100)) %)"
        guard truthCurve == nil, let radius = suggestedRadius(shutterDegrees: groundTruth.shutterDegrees), radius < overlay.radius else {
            return "\(peak): the overlay's blur does not look like this motion's at any strength; drop the overlay"
        }
        return "\(peak): the blur radius (\(Manifest.number(overlay.radius)) pt) is too long for this motion: "
            + "shorten it to about \(Manifest.number(radius)) pt, or drop the overlay"
    }
}
