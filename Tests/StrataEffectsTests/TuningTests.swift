import StrataTestSupport
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
    func scene(curve: OpacityCurve = .seed, radius: Double = 6, ticks: Int = 16) -> Scene {
        var box = Layer(name: "box", frame: Rect(x: 0, y: 10, width: 30, height: 20))
        box.backgroundColor = Color(red: 0.1, green: 0.3, blue: 0.9)
        box.sublayers = [Layer(name: "stripe", frame: Rect(x: 12, y: 0, width: 6, height: 20))]
        box.sublayers[0].backgroundColor = .white
        let move = Animation.basic(.positionX, from: .number(15), to: .number(145), duration: 0.5, timingFunction: .easeInEaseOut)
        _ = try? box.add(move, forKey: "move")  // a basic animation of a number: always fits
        var scene = Scene(name: "tune", description: "d", size: Size(width: 160, height: 40), background: .white, layers: [box],
                          clock: FrameClock(framesPerSecond: 30, tickCount: ticks))
        scene.effects = Effects(motionBlurOverlays: [MotionBlurOverlay(id: "box", layer: LayerPath([0]), angle: 0, radius: radius, curve: curve)])
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

    /// Frames at rest are not "frames that move"; an overlay whose blur is far longer than the
    /// motion's is reported plainly, with a radius that matches the truth's smear.
    @Test func restingFramesAndAFaintOverlayAreSaidPlainly() throws {
        // 0.5 s of motion, then the box rests back at its model position for 0.3 s.
        let truth = GroundTruth(shutterDegrees: 180, subframes: 4)
        let long = try Tuner.run(scene(radius: 60, ticks: 25), overlayIndex: 0, family: .log2, groundTruth: truth)
        let renderer = try FrameRenderer(scene: scene(radius: 60, ticks: 25))
        let positions = (0..<25).map { renderer.presentation(displayedIndex: $0).layers.first { $0.name == "box" }!.position.x }
        let moved = zip(positions.dropFirst(), positions).filter { $0 != $1 }.count
        #expect(long.frames.count == 25 && moved < 24 && long.movingFrames.count == moved, "\(long.movingFrames.count) of \(moved)")
        let advice = try #require(long.advice(overlay: scene(radius: 60).effects.motionBlurOverlays[0], groundTruth: truth, truthCurve: nil))
        #expect(long.overlayStaysFaint && advice.contains("too long for this motion") && advice.contains("(60 pt)"), "\(advice)")
        let suggested = try #require(long.suggestedRadius(shutterDegrees: 180))
        #expect(suggested > 0.5 && suggested < 10, "\(suggested)")
        let directory = PackagePaths.temporaryDirectory()
        _ = try Tuner.writeReport(long, scene: scene(radius: 60, ticks: 25), overlayIndex: 0, groundTruth: truth, truthCurve: nil, to: directory)
        let report = try String(contentsOf: directory.appendingPathComponent("tune.md"), encoding: .utf8)
        #expect(report.contains("averaged over the \(moved) frames that move") && report.contains("shorten it to about"), "\(report)")
        // The sheet is cropped around where the frames differ (a margin, at least 220 px across), not scaled down.
        let regions = [PixelWindow(x: 300, y: 40, width: 30, height: 20), PixelWindow(x: 350, y: 50, width: 40, height: 10)]
        #expect(Tuner.sheetWindow(regions, canvas: (1000, 600)) == PixelWindow(x: 235, y: 28, width: 220, height: 44))
        #expect(Tuner.sheetWindow(regions, canvas: (400, 600)) == PixelWindow(x: 235, y: 28, width: 165, height: 44))
        #expect(Tuner.sheetWindow([], canvas: (400, 600)) == PixelWindow(x: 0, y: 0, width: 400, height: 600))
        // A known curve with real opacity gets no such note.
        let known = try Tuner.run(scene(), overlayIndex: 0, family: .log2, groundTruth: truth, truthCurve: .log2(divisor: 3.5, offset: 0.5))
        #expect(known.advice(overlay: scene().effects.motionBlurOverlays[0], groundTruth: truth, truthCurve: .log2(divisor: 3.5, offset: 0.5)) == nil)
    }
}
