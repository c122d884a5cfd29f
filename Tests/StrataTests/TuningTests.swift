import Foundation
import Testing
import StrataAnimation
import StrataEffects
import StrataKit
import StrataModel
import StrataRaster
import StrataScene
import StrataRender

@Suite("Curve charts, ground truth and tuning (issue 6)")
struct TuningTests {
    /// A 30×20 striped box crossing a 160×40 canvas with ease-in-ease-out, under a horizontal overlay.
    func scene(curve: OpacityCurve = .seed) -> Scene {
        var box = Layer(name: "box", frame: Rect(x: 0, y: 10, width: 30, height: 20))
        box.backgroundColor = Color(red: 0.1, green: 0.3, blue: 0.9)
        box.sublayers = [Layer(name: "stripe", frame: Rect(x: 12, y: 0, width: 6, height: 20))]
        box.sublayers[0].backgroundColor = .white
        let move = Animation.basic(.positionX, from: .number(15), to: .number(145), duration: 0.5, timingFunction: .easeInEaseOut)
        var scene = Scene(name: "tune", description: "d", size: Size(width: 160, height: 40), background: .white, layers: [box],
                          timeline: Timeline(animations: [LayerPath([0]): [move]]), clock: FrameClock(framesPerSecond: 30, tickCount: 16))
        scene.effects = Effects(motionBlurOverlays: [MotionBlurOverlay(id: "box", layer: LayerPath([0]), angle: 0, radius: 6, curve: curve)])
        return scene
    }

    @Test func fitRecoversAKnownCurve() throws {
        let known = OpacityCurve.log2(divisor: 3.5, offset: 0.5)
        let result = try Tuner.run(scene(), overlayIndex: 0, family: .log2, groundTruth: GroundTruth(shutterDegrees: 180, subframes: 4), truthCurve: known)
        // What is left is 8-bit rounding of the composited truth (well under one level on average).
        #expect(result.fittedError < 0.5, "the known curve is reachable: \(result.fitted) error \(result.fittedError)")
        #expect(result.fittedError < result.referenceError)
        // The curves agree where the frames are: opacities within 0.03 for the deltas seen.
        for frame in result.frames {
            guard let delta = frame.delta, delta > 0.5 else { continue }
            #expect(abs(result.fitted.opacity(forDelta: delta) - known.opacity(forDelta: delta)) < 0.03,
                    "delta \(delta): \(result.fitted) vs \(known)")
        }
        let linear = try Tuner.run(scene(), overlayIndex: 0, family: .linear, groundTruth: GroundTruth(shutterDegrees: 180, subframes: 4),
                                   truthCurve: .linear(slope: 0.08))
        guard case .linear(let slope) = linear.fitted else { Issue.record("not linear"); return }
        #expect(abs(slope - 0.08) < 0.01)
    }

    @Test func groundTruthAveragesSubframes() throws {
        let scene = scene()
        let renderer = try FrameRenderer(scene: scene)
        let truth = GroundTruth(shutterDegrees: 360, subframes: 4)
        #expect(zip(truth.instants(atSeconds: 1, fps: 10), [0.9625, 0.9875, 1.0125, 1.0375]).allSatisfy { abs($0 - $1) < 1e-12 })
        // Frame 7 (7/30 s): the box is moving. Instants are drawn without the motion-blur overlay.
        let blurred = try truth.render(renderer, displayedIndex: 7)
        let sharp = try renderer.renderInstant(atSeconds: renderer.frames.seconds(ofFrame: 7))
        #expect(blurred != sharp)
        #expect(sharp != (try renderer.render(displayedIndex: 7).image), "the frame itself has the overlay, the instant does not")
        // Same options, same bytes.
        #expect(try truth.render(renderer, displayedIndex: 7) == blurred)
        let one = GroundTruth(shutterDegrees: 180, subframes: 1)
        #expect(try one.render(renderer, displayedIndex: 7) == sharp, "one subframe at the centre is the plain frame")
    }

    @Test func chartsAndReportsAreWrittenAndNotBlank() throws {
        let directory = PackagePaths.temporaryDirectory()
        let urls = try CurveReport.write(scene(), id: "box", curves: [.seed, .linear(slope: 0.05)], to: directory)
        #expect(urls.map(\.lastPathComponent) == ["curve.csv", "curve.png", "curve-shape.png"])
        let chart = try PNGCodec.decode(contentsOf: directory.appendingPathComponent("curve.png"))
        #expect(chart.width == 1040 && chart.height == 340)
        let shape = try PNGCodec.decode(contentsOf: directory.appendingPathComponent("curve-shape.png"))
        #expect(shape.width == 520 && shape.height == 340)
        for image in [chart, shape] {
            let colours = Set(stride(from: 0, to: image.pixels.count, by: 4 * 97).map { image.pixels[$0] })
            #expect(colours.count > 5, "not blank")
        }
        let csv = try String(contentsOf: directory.appendingPathComponent("curve.csv"), encoding: .utf8).split(separator: "\n")
        #expect(csv[0] == "frame,time,delta,opacity log2:5,opacity linear:0.05")
        #expect(csv.count == 17)

        let result = try Tuner.run(scene(), overlayIndex: 0, family: .log2, groundTruth: GroundTruth(shutterDegrees: 180, subframes: 4))
        let reportURLs = try Tuner.writeReport(result, scene: scene(), overlayIndex: 0, groundTruth: GroundTruth(shutterDegrees: 180, subframes: 4),
                                               truthCurve: nil, to: directory)
        #expect(reportURLs.map(\.lastPathComponent) == ["tune.md", "errors.csv", "error.png", "sheet.png"])
        let report = try String(contentsOf: directory.appendingPathComponent("tune.md"), encoding: .utf8)
        #expect(report.contains("curve: \"\(result.fitted)\""))
        #expect(OpacityCurve(parsing: result.fitted.description) == result.fitted, "the fitted curve can be pasted back")
        let errors = try String(contentsOf: directory.appendingPathComponent("errors.csv"), encoding: .utf8).split(separator: "\n")
        #expect(errors[0] == "frame,time,delta,reference_opacity,reference_error,fitted_opacity,fitted_error,best_opacity,best_error")
    }
}
