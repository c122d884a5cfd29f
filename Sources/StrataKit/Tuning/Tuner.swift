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
        /// The region: where the frame with the overlay, without it, or the truth differ (pixels).
        public var region: PixelWindow?

        /// True when the layer moved since the previous displayed frame (delta > 0).
        public var moves: Bool { (delta ?? 0) > 0 }

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

        /// Frames where the layer moved since the previous displayed frame.
        public var movingFrames: [FrameError] { frames.filter(\.moves) }

        /// The fitted curve's highest opacity over the moving frames, 0…1.
        public var fittedPeakOpacity: Double {
            movingFrames.map { fitted.opacity(forDelta: $0.delta ?? 0) }.max() ?? 0
        }

        /// True when the best curve keeps the overlay under 5 % opacity on every frame: the
        /// overlay's blur does not look like this motion's blur at any strength.
        public var overlayStaysFaint: Bool { fittedPeakOpacity < 0.05 }

        /// A blur radius (points) whose smear matches the truth's on a typical moving frame: true
        /// motion blur with shutter S smears delta × S/360 points, the overlay's motion blur 2 ×
        /// radius; the median over the moving frames, to 0.5 pt.
        public func suggestedRadius(shutterDegrees: Double) -> Double? {
            let smears = movingFrames.compactMap(\.delta).map { $0 * shutterDegrees / 360 }.sorted()
            guard !smears.isEmpty else { return nil }
            let median = smears.count % 2 == 1 ? smears[smears.count / 2] : (smears[smears.count / 2 - 1] + smears[smears.count / 2]) / 2
            return max(0.5, (median / 2 * 2).rounded() / 2)
        }
    }

    /// Measures every displayed frame. `truthCurve` replaces the supersampled truth by the overlay
    /// driven by that curve (a known answer for tests); otherwise `groundTruth` is rendered.
    public static func measure(_ scene: Scene, overlayIndex: Int, groundTruth: GroundTruth, truthCurve: OpacityCurve? = nil,
                               jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws(StrataError) -> [FrameError] {
        let overlay = scene.effects.motionBlurOverlays[overlayIndex]
        let renderer = try FrameRenderer(scene: scene)
        let count = renderer.frames.count
        let results = ParallelMap.map(count, jobs: jobs) { index -> Swift.Result<FrameError, StrataError> in
            do throws(StrataError) {
                let truth: PixelBuffer
                if let truthCurve {
                    let delta = renderer.presentation(displayedIndex: index).overlays[overlayIndex].delta
                    truth = try renderer.render(displayedIndex: index, overlayOpacity: [overlay.id: delta.map(truthCurve.opacity(forDelta:)) ?? 0]).image
                } else {
                    truth = try groundTruth.render(renderer, displayedIndex: index)
                }
                return .success(try measure(renderer, displayedIndex: index, overlayIndex: overlayIndex, truth: truth))
            } catch {
                return .failure(error)
            }
        }
        // The first frame's error, whatever the number of threads.
        var frames: [FrameError] = []
        for result in results {
            switch result {
            case .success(let frame): frames.append(frame)
            case .failure(let error): throw error
            }
        }
        return frames
    }

    /// One displayed frame measured against `truth` (the frame as it should look): the frame is
    /// rendered with overlay `overlayIndex` at opacity 0 and 1, and the error of every opacity in
    /// between is read off their blend. The one measure of a curve's fit — `strata tune` and the
    /// studio's fit chart.
    ///
    /// - Parameter others: opacities forced on the other overlays (their curves tried meanwhile).
    public static func measure(_ renderer: FrameRenderer, displayedIndex index: Int, overlayIndex: Int,
                               truth: PixelBuffer, others: [String: Double] = [:]) throws(StrataError) -> FrameError {
        let overlay = renderer.scene.effects.motionBlurOverlays[overlayIndex]
        func render(opacity: Double) throws(StrataError) -> PixelBuffer {
            var forced = others
            forced[overlay.id] = opacity
            return try renderer.render(displayedIndex: index, overlayOpacity: forced).image
        }
        let delta = renderer.presentation(displayedIndex: index).overlays[overlayIndex].delta
        let (table, region) = OverlayErrorTable.measure(off: try render(opacity: 0), on: try render(opacity: 1), truth: truth)
        return FrameError(frame: index, time: renderer.frames.seconds(ofFrame: index), delta: delta, table: table,
                          regionPixels: region.map { $0.width * $0.height } ?? 0, region: region)
    }

    /// The error of `curve` on each frame (at the opacity the curve gives its displacement; 0
    /// where there is none).
    public static func errors(_ curve: OpacityCurve, _ frames: [FrameError]) -> [Double] {
        frames.map { $0.error(atOpacity: $0.delta.map(curve.opacity(forDelta:)) ?? 0) }
    }

    /// Mean error per moving frame (delta > 0) of `curve`. Frames at rest get opacity 0 from every
    /// curve, so they do not take part.
    public static func error(_ curve: OpacityCurve, _ frames: [FrameError]) -> Double {
        let moving = frames.filter(\.moves)
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

    /// Measures and fits; the reference is the article's log2 with divisor 5.
    public static func run(_ scene: Scene, overlayIndex: Int, family: Family, groundTruth: GroundTruth,
                           truthCurve: OpacityCurve? = nil) throws(StrataError) -> Result {
        let frames = try measure(scene, overlayIndex: overlayIndex, groundTruth: groundTruth, truthCurve: truthCurve)
        let fitted = fit(family, frames)
        return Result(family: family, fitted: fitted, reference: .seed, referenceError: error(.seed, frames),
                      fittedError: error(fitted, frames), frames: frames)
    }
}

