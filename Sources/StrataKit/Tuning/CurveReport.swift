import Foundation
import StrataAnimation
import StrataEffects
import StrataModel
import StrataRaster
import StrataScene

/// `strata curve`: a motion-blur overlay's displacement per frame and the opacity it gets under
/// one or more curves, as CSV and charts.
public enum CurveReport {
    /// The overlay called `id` (or the first one) of `scene`, and its index.
    public static func overlay(_ scene: Scene, id: String?) throws(StrataError) -> (index: Int, overlay: MotionBlurOverlay) {
        let overlays = scene.effects.motionBlurOverlays
        guard !overlays.isEmpty else { throw StrataError(.dataError, "\(scene.name) has no motionBlurOverlay effect") }
        guard let id else { return (0, overlays[0]) }
        guard let index = overlays.firstIndex(where: { $0.id == id }) else {
            throw StrataError(.usage, "\(scene.name) has no overlay \"\(id)\" (it has \(overlays.map(\.id).joined(separator: ", ")))")
        }
        return (index, overlays[index])
    }

    /// Per displayed frame: (frame, time, delta) of the overlay; delta nil on the first tick.
    public static func deltas(_ scene: Scene, overlayIndex: Int) throws(StrataError) -> [(frame: Int, time: Double, delta: Double?)] {
        let renderer = try FrameRenderer(scene: scene)
        let deltas = renderer.overlaySeries()[overlayIndex].deltas
        return renderer.frames.indices.map { ($0, renderer.frames.seconds(ofFrame: $0), deltas[$0]) }
    }

    /// `curve.csv` of `strata curve`: frame, time, delta, then one opacity column per curve
    /// (headed by the curve, e.g. `opacity log2:5`).
    public static func csv(_ rows: [(frame: Int, time: Double, delta: Double?)], curves: [OpacityCurve]) -> String {
        var lines = ["frame,time,delta," + curves.map { "opacity \($0)" }.joined(separator: ",")]
        for row in rows {
            var fields = ["\(row.frame)", Manifest.number(row.time), row.delta.map(Manifest.number) ?? ""]
            fields += curves.map { Manifest.number(row.delta.map($0.opacity(forDelta:)) ?? 0) }
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes curve.csv, curve.png (displacement per frame | opacity per frame, each curve a line)
    /// and curve-shape.png (opacity against displacement) into `directory`.
    public static func write(_ scene: Scene, id: String?, curves extra: [OpacityCurve], to directory: URL) throws(StrataError) -> [URL] {
        let (index, overlay) = try overlay(scene, id: id)
        let curves = extra.isEmpty ? [overlay.curve] : extra
        let rows = try deltas(scene, overlayIndex: index)
        try AtomicFile.createDirectory(directory)
        let csvURL = directory.appendingPathComponent("curve.csv")
        try AtomicFile.write(Array(csv(rows, curves: curves).utf8), to: csvURL, overwrite: true)

        let moving = rows.compactMap { row in row.delta.map { (x: Double(row.frame), y: $0) } }
        let displacement = Chart(title: "\(overlay.id): displacement per frame", xLabel: "frame", yLabel: "delta (points)",
                                 series: [Chart.Series(name: "delta", color: Color(red: 0.2, green: 0.2, blue: 0.2), points: moving)],
                                 xRange: 0...Double(max(1, rows.count - 1)))
        let opacity = Chart(title: "overlay opacity per frame", xLabel: "frame", yLabel: "opacity",
                            series: curves.enumerated().map { i, curve in
                                Chart.Series(name: curve.description, color: Chart.palette[i % Chart.palette.count],
                                             points: rows.map { (Double($0.frame), $0.delta.map(curve.opacity(forDelta:)) ?? 0) })
                            }, xRange: 0...Double(max(1, rows.count - 1)), yRange: 0...1)
        let chartURL = directory.appendingPathComponent("curve.png")
        try AtomicFile.write(try Pipeline.encode(try Chart.render([displacement, opacity])), to: chartURL, overwrite: true)

        let maxDelta = max(64, (moving.map(\.y).max() ?? 0) * 1.1)
        let samples = (0...200).map { maxDelta * Double($0) / 200 }
        let shape = Chart(title: "opacity as a function of displacement", xLabel: "delta (points per frame)", yLabel: "opacity",
                          series: curves.enumerated().map { i, curve in
                              Chart.Series(name: curve.description, color: Chart.palette[i % Chart.palette.count],
                                           points: samples.map { ($0, curve.opacity(forDelta: $0)) })
                          }, xRange: 0...maxDelta, yRange: 0...1)
        let shapeURL = directory.appendingPathComponent("curve-shape.png")
        try AtomicFile.write(try Pipeline.encode(try Chart.render([shape])), to: shapeURL, overwrite: true)
        return [csvURL, chartURL, shapeURL]
    }
}
