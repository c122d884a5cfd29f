import Foundation
import StrataAnimation
import StrataEffects
import StrataModel
import StrataRaster
import StrataRender
import StrataScene

/// `strata tune`: fits a motion-blur overlay's opacity curve against a ground truth.
///
/// For every displayed frame the scene is rendered with the overlay at opacity 0 and at opacity 1
/// (the frame at opacity o is their blend, exactly, since the overlay is composited linearly) and
/// the ground truth is rendered (supersampled motion blur, or — to test the method — the overlay
/// driven by a known curve). The error of a frame at opacity o is the mean absolute difference of
/// premultiplied channels (0…255) from the truth over the region the layer and its overlay touch.
/// The fit minimises the summed error over the frames that move, for a family's parameters.
public struct Tuner: Sendable {
    /// A curve family and its parameters' search ranges.
    public enum Family: String, Sendable, CaseIterable {
        /// log2:DIVISOR:OFFSET.
        case log2
        /// linear:SLOPE.
        case linear
        /// smoothstep:LOW:HIGH.
        case smoothstep
    }

    /// One frame's inputs to the fit.
    public struct FrameError: Sendable {
        public var frame: Int
        public var time: Double
        public var delta: Double?
        /// Error at opacity k/100, k = 0…100.
        public var table: [Double]
        /// Pixels in the region.
        public var regionPixels: Int

        /// Error at opacity `o`, interpolated in the table.
        public func error(atOpacity o: Double) -> Double {
            let x = min(max(o, 0), 1) * 100
            let i = min(Int(saturating: x), 99)
            return table[i] + (table[i + 1] - table[i]) * (x - Double(i))
        }

        /// The opacity with the least error (to 0.01).
        public var bestOpacity: Double {
            Double(table.indices.min { table[$0] < table[$1] } ?? 0) / 100
        }
    }

    /// The fit's result.
    public struct Result: Sendable {
        public var family: Family
        public var fitted: OpacityCurve
        public var reference: OpacityCurve
        /// Mean error per moving frame with the reference curve and with the fit.
        public var referenceError: Double
        public var fittedError: Double
        public var frames: [FrameError]
    }

    /// Measures every displayed frame. `truthCurve` replaces the supersampled truth by the overlay
    /// driven by that curve (a known answer for tests); otherwise `groundTruth` is rendered.
    public static func measure(_ scene: Scene, overlayIndex: Int, groundTruth: GroundTruth, truthCurve: OpacityCurve? = nil,
                               jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws(StrataError) -> [FrameError] {
        let overlay = scene.effects.motionBlurOverlays[overlayIndex]
        let renderer = try FrameRenderer(scene: scene)
        let count = renderer.frames.count
        let results = FrameResults(count: count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { worker in
            var index = worker
            while index < count {
                do throws(StrataError) {
                    func render(opacity: Double) throws(StrataError) -> PixelBuffer {
                        try renderer.render(displayedIndex: index, overlayOpacity: [overlay.id: opacity]).image
                    }
                    let state = renderer.presentation(displayedIndex: index).overlays[overlayIndex]
                    let off = try render(opacity: 0), on = try render(opacity: 1)
                    let truth: PixelBuffer
                    if let truthCurve {
                        truth = try render(opacity: state.delta.map(truthCurve.opacity(forDelta:)) ?? 0)
                    } else {
                        truth = try groundTruth.render(renderer, displayedIndex: index)
                    }
                    let (table, pixels) = Self.errorTable(off: off, on: on, truth: truth)
                    results.set(index, FrameError(frame: index, time: renderer.frames.seconds(ofFrame: index), delta: state.delta,
                                                  table: table, regionPixels: pixels))
                } catch {
                    results.fail(error)
                }
                index += max(1, min(jobs, count))
            }
        }
        if let error = results.error { throw error }
        return results.frames.compactMap { $0 }
    }

    /// The error at each opacity 0, 0.01, …, 1 over the region where the overlay or the truth
    /// differ from the frame without overlay (its bounding box).
    static func errorTable(off: PixelBuffer, on: PixelBuffer, truth: PixelBuffer) -> ([Double], Int) {
        let width = off.width, height = off.height
        var x0 = width, y0 = height, x1 = -1, y1 = -1
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                var differs = false
                for c in 0..<4 where off.pixels[i + c] != on.pixels[i + c] || off.pixels[i + c] != truth.pixels[i + c] { differs = true }
                if differs { x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y) }
            }
        }
        guard x1 >= x0, y1 >= y0 else { return ([Double](repeating: 0, count: 101), 0) }
        var sums = [Double](repeating: 0, count: 101)
        for y in y0...y1 {
            for x in x0...x1 {
                let i = (y * width + x) * 4
                for c in 0..<4 {
                    let a = Double(off.pixels[i + c]), b = Double(on.pixels[i + c]), t = Double(truth.pixels[i + c])
                    if a == b {
                        if a != t { let e = abs(a - t); for k in 0...100 { sums[k] += e } }
                        continue
                    }
                    let d = (b - a) / 100, e = a - t
                    for k in 0...100 { sums[k] += abs(d * Double(k) + e) }
                }
            }
        }
        let count = Double((x1 - x0 + 1) * (y1 - y0 + 1) * 4)
        return (sums.map { $0 / count }, (x1 - x0 + 1) * (y1 - y0 + 1))
    }

    /// Mean error per moving frame of `curve`.
    public static func error(_ curve: OpacityCurve, _ frames: [FrameError]) -> Double {
        let moving = frames.filter { $0.delta != nil }
        guard !moving.isEmpty else { return 0 }
        return moving.reduce(0) { $0 + $1.error(atOpacity: curve.opacity(forDelta: $1.delta!)) } / Double(moving.count)
    }

    /// The family's curve with the least error: a grid over its parameters, then a finer search
    /// around the best point.
    public static func fit(_ family: Family, _ frames: [FrameError]) -> OpacityCurve {
        let maxDelta = max(1, frames.compactMap(\.delta).max() ?? 1)
        func make(_ a: Double, _ b: Double) -> OpacityCurve {
            switch family {
            case .log2: .log2(divisor: a, offset: b)
            case .linear: .linear(slope: a)
            case .smoothstep: .smoothstep(low: min(a, b), high: max(a, b) + 1e-6)
            }
        }
        var ranges: (ClosedRange<Double>, ClosedRange<Double>)
        switch family {
        case .log2: ranges = (0.25...16, -4...6)
        case .linear: ranges = (0...2, 0...0)
        case .smoothstep: ranges = (0...maxDelta, 0...(maxDelta * 2))
        }
        var best = (a: ranges.0.lowerBound, b: ranges.1.lowerBound, error: Double.infinity)
        for _ in 0..<4 {
            let steps = 24
            for i in 0...steps {
                for j in 0...(ranges.1.lowerBound == ranges.1.upperBound ? 0 : steps) {
                    let a = ranges.0.lowerBound + (ranges.0.upperBound - ranges.0.lowerBound) * Double(i) / Double(steps)
                    let b = ranges.1.lowerBound + (ranges.1.upperBound - ranges.1.lowerBound) * Double(j) / Double(steps)
                    if family == .log2 && a <= 0 { continue }
                    let e = error(make(a, b), frames)
                    if e < best.error - 1e-12 { best = (a, b, e) }
                }
            }
            let spanA = (ranges.0.upperBound - ranges.0.lowerBound) / Double(steps) * 2
            let spanB = (ranges.1.upperBound - ranges.1.lowerBound) / Double(steps) * 2
            ranges = (max(family == .log2 ? 0.05 : 0, best.a - spanA)...(best.a + spanA), (best.b - spanB)...(best.b + spanB))
        }
        return make((best.a * 1000).rounded() / 1000, (best.b * 1000).rounded() / 1000)
    }

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

        let truthText = truthCurve.map { "the overlay driven by \($0) (a known answer)" }
            ?? "true motion blur, shutter \(Manifest.number(groundTruth.shutterDegrees))°, \(groundTruth.subframes) subframes"
        let markdown = """
            # Tuning \(overlay.id) in \(scene.name)

            Truth: \(truthText). Error: mean absolute difference of premultiplied channels (0…255)
            over the region the layer and its overlay touch, averaged over the \(result.frames.filter { $0.delta != nil }.count) frames that move.

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
        let moving = result.frames.filter { $0.delta != nil }
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

        // Contact sheet: the three frames where the reference errs most.
        let worst = moving.sorted {
            $0.error(atOpacity: result.reference.opacity(forDelta: $0.delta!)) > $1.error(atOpacity: result.reference.opacity(forDelta: $1.delta!))
        }.prefix(3)
        let renderer = try FrameRenderer(scene: scene)
        func render(_ index: Int, opacity: Double) throws(StrataError) -> PixelBuffer {
            try renderer.render(displayedIndex: index, overlayOpacity: [overlay.id: opacity]).image
        }
        var tiles: [(label: String, image: PixelBuffer)] = []
        for frame in worst.sorted(by: { $0.frame < $1.frame }) {
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
                              try groundTruth.render(renderer, displayedIndex: frame.frame)))
            }
        }
        var urls = [mdURL, csvURL, chartURL]
        if !tiles.isEmpty {
            let sheetURL = directory.appendingPathComponent("sheet.png")
            try AtomicFile.write(try Pipeline.encode(try ContactSheet.make(tiles, columns: 3)), to: sheetURL, overwrite: true)
            urls.append(sheetURL)
        }
        return urls
    }

    /// Measures and fits; the reference is the article's log2 with divisor 5.
    public static func run(_ scene: Scene, overlayIndex: Int, family: Family, groundTruth: GroundTruth,
                           truthCurve: OpacityCurve? = nil) throws(StrataError) -> Result {
        let frames = try measure(scene, overlayIndex: overlayIndex, groundTruth: groundTruth, truthCurve: truthCurve)
        let fitted = fit(family, frames)
        return Result(family: family, fitted: fitted, reference: .seed, referenceError: error(.seed, frames),
                      fittedError: error(fitted, frames), frames: frames)
    }
}

/// Per-frame results filled from several threads.
private final class FrameResults: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var frames: [Tuner.FrameError?]
    private(set) var error: StrataError?
    init(count: Int) { frames = [Tuner.FrameError?](repeating: nil, count: count) }
    func set(_ index: Int, _ value: Tuner.FrameError) { lock.lock(); frames[index] = value; lock.unlock() }
    func fail(_ failure: StrataError) { lock.lock(); if error == nil { error = failure }; lock.unlock() }
}
