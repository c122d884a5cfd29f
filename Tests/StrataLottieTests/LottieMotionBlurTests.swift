import Foundation
import StrataAnimation
import StrataEffects
import StrataKit
import StrataLottie
import StrataModel
import StrataRaster
import StrataScene
import StrataTestSupport
import Testing

/// A 20-point square `name` moving 40 points a frame to the right (frames 0…8 at 10 fps), its
/// motion blur flag `mb`, in a 200 × 60 composition with shutter `shutter` (`mb` of the root).
private func movingSquare(mb: Bool, shutter: String = "", background: Bool = false) -> Data {
    let square = #"{"ty":4,"nm":"Square","ind":1,"ip":0,"op":8,"st":0,"mb":\#(mb ? 1 : 0),"ks":{"a":{"k":[0,0]},"p":{"a":1,"k":[{"t":0,"s":[20,30],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":4,"s":[180,30]}]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"shapes":[{"ty":"rc","p":{"k":[0,0]},"s":{"k":[20,20]},"r":{"k":0}},{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}]}"#
    let still = ##",{"ty":1,"nm":"Back","ind":2,"ip":0,"op":8,"st":0,"sw":200,"sh":60,"sc":"#2040ff","ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}}"##
    return Data(#"{"v":"5.7.0","fr":10,"ip":0,"op":8,"w":200,"h":60\#(shutter),"layers":[\#(square)\#(background ? still : "")]}"#.utf8)
}

@Suite("Lottie: After Effects' per-layer motion blur") struct LottieMotionBlurTests {
    @Test func theFlagBecomesALayerMotionBlurWithTheCompositionsShutter() throws {
        let plain = try importLottie(movingSquare(mb: false))
        #expect(plain.effects.layerMotionBlurs.isEmpty)
        let blurred = try importLottie(movingSquare(mb: true, shutter: #","mb":{"sa":90,"sp":0,"spf":4}"#))
        #expect(blurred.warnings.isEmpty, "\(blurred.warnings)")
        let blur = try #require(blurred.effects.layerMotionBlurs.first)
        #expect(blurred.effects.layerMotionBlurs.count == 1)
        #expect(blur.shutterAngle == 90 && blur.shutterPhase == 0 && blur.samples == 4)
        // Instants over a quarter of a frame from the frame's time: centres of four slices.
        #expect(blur.instants(atSeconds: 1, fps: 10).map { ($0 * 1e6).rounded() / 1e6 } == [1.003125, 1.009375, 1.015625, 1.021875])
        let defaults = try #require(try importLottie(movingSquare(mb: true)).effects.layerMotionBlurs.first)
        #expect(defaults.shutterAngle == 180 && defaults.shutterPhase == -90 && defaults.samples == 16)
    }

    @Test func aMovingLayerIsSmearedAsTemporalSupersamplingDrawsIt() throws {
        // With the whole picture being the one moving layer, the layer's supersampling is the
        // frame's: the same instants as ground truth with a 180° shutter centred on the frame.
        let scene = try importLottie(movingSquare(mb: true))
        let renderer = try FrameRenderer(scene: scene)
        let frame = try renderer.render(displayedIndex: 2).image
        let truth = try GroundTruth(shutterDegrees: 180, subframes: 16).render(try FrameRenderer(scene: try importLottie(movingSquare(mb: false))),
                                                                              displayedIndex: 2)
        var largest = 0
        for (a, b) in zip(frame.pixels, truth.pixels) { largest = max(largest, abs(Int(a) - Int(b))) }
        #expect(largest <= 1, "largest difference from ground truth \(largest)")
        // Frame 2 is at x = 100 and the square moves 40 points a frame: 10 either side while the shutter is open.
        func alpha(_ image: PixelBuffer, _ x: Int) -> Int { Int(image.pixels[(30 * image.width + x) * 4 + 3]) }
        let sharp = try FrameRenderer(scene: try importLottie(movingSquare(mb: false))).render(displayedIndex: 2).image
        #expect(alpha(sharp, 100) == 255 && alpha(sharp, 85) == 0)
        // A 20-point square sweeping 20 points: a triangle of coverage from 80 to 120, peaking at 100.
        #expect(alpha(frame, 100) > 240 && alpha(frame, 85) > 40 && alpha(frame, 85) < 200, "\((70...130).map { alpha(frame, $0) })")
        #expect(alpha(frame, 75) == 0)
    }

    @Test func onlyTheFlaggedLayerBlursAndTheStillOneStaysSharp() throws {
        let scene = try importLottie(movingSquare(mb: true, background: true))
        let image = try FrameRenderer(scene: scene).render(displayedIndex: 2).image
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { let o = (y * image.width + x) * 4; return Array(image.pixels[o..<(o + 4)]) }
        #expect(pixel(5, 5) == [0x20, 0x40, 0xff, 255])  // the background, sharp
        let smear = pixel(85, 30)
        #expect(smear[0] > 40 && smear[0] < 220 && smear[2] > 40 && smear[3] == 255, "\(smear)")  // red over blue, part of the time
    }

    @Test func fittedAndCroppedScenesKeepTheirEffectsOnTheirLayers() throws {
        // Fitted into twice the size: the layer moved one level down, its motion blur with it.
        let scene = try importLottie(movingSquare(mb: true))
        let fitted = scene.fitted(into: Size(width: 400, height: 120))
        #expect(fitted.effects.layerMotionBlurs.first?.layer == LayerPath([0] + (scene.effects.layerMotionBlurs.first?.layer.indices ?? [])))
        let image = try FrameRenderer(scene: fitted).render(displayedIndex: 2).image
        let smear = Int(image.pixels[(60 * image.width + 170) * 4 + 3])
        #expect(smear > 40 && smear < 200, "\(smear)")
        // lottie-ios's viewport: only x 80…120 of the sharp square (90…110 at frame 2) is the canvas.
        let cropped = try importLottie(movingSquare(mb: false)).cropped(to: Rect(x: 80, y: 0, width: 40, height: 60))
        #expect(cropped.size == Size(width: 40, height: 60))
        let part = try FrameRenderer(scene: cropped).render(displayedIndex: 2).image
        #expect(part.pixels[(30 * 40 + 15) * 4 + 3] == 255 && part.pixels[(30 * 40 + 5) * 4 + 3] == 0)
    }

    @Test func supersamplingHasABudgetCheckedBeforeAnythingIsDrawn() throws {
        // 64 samples of a 5,000 × 5,000 point superlayer: 1.6 gigapixels a frame, over the budget.
        let yaml = """
        version: 1
        description: too much supersampling
        size: [5000, 5000]
        clock: {fps: 10, frames: 2}
        layers:
          - {name: stage, frame: [0, 0, 5000, 5000], sublayers: [{name: dot, frame: [0, 0, 10, 10], backgroundColor: red}]}
        effects:
          - layerMotionBlur: {layer: dot, samples: 64}
        """
        let scene = try SceneLoader.decode(Data(yaml.utf8), format: .yaml, file: "big.yaml", baseURL: URL(fileURLWithPath: "/"), defaultName: "big")
        do {
            try FrameRenderer(scene: scene).checkRenderable(jobs: 1)
            Issue.record("the budget was not checked")
        } catch {
            #expect("\(error)".contains("layer motion blurs draw more than 1073741824 pixels"), "\(error)")
        }
    }

    @Test func aSceneFileNamesTheLayerToo() throws {
        let yaml = """
        version: 1
        description: a square sliding right, supersampled over a 360° shutter
        size: [200, 60]
        clock: {fps: 10, duration: 0.8}
        layers:
          - name: stage
            frame: [0, 0, 200, 60]
            sublayers:
              - name: square
                frame: [10, 20, 20, 20]
                backgroundColor: red
                animations:
                  - {keyPath: position.x, from: 20, to: 180, duration: 0.4, fillMode: both, removedOnCompletion: false}
        effects:
          - layerMotionBlur: {layer: square, shutterAngle: 360, shutterPhase: -180, samples: 8}
        """
        let scene = try SceneLoader.decode(Data(yaml.utf8), format: .yaml, file: "slide.yaml", baseURL: URL(fileURLWithPath: "/"), defaultName: "slide")
        #expect(scene.effects.layerMotionBlurs == [LayerMotionBlur(id: "square", layer: LayerPath([0, 0]), shutterAngle: 360, shutterPhase: -180, samples: 8)])
        let image = try FrameRenderer(scene: scene).render(displayedIndex: 2).image
        #expect(image.pixels[(30 * image.width + 80) * 4 + 3] > 0 && image.pixels[(30 * image.width + 80) * 4 + 3] < 255)
        let bad = "version: 1\ndescription: x\nsize: [10, 10]\nlayers: [{name: top, frame: [0, 0, 5, 5]}]\neffects: [{layerMotionBlur: {layer: top}}]\n"
        #expect(throws: SceneError.self) {
            try SceneLoader.decode(Data(bad.utf8), format: .yaml, file: "bad.yaml", baseURL: URL(fileURLWithPath: "/"), defaultName: "bad")
        }
    }
}

@Suite("Lottie: drop shadows (layer style and effect)") struct LottieDropShadowTests {
    /// A red 20-point square at (50, 50) in a layer with `extra` (a style or an effect).
    func square(_ extra: String) -> Data {
        lottie(shapeLayer(redSquare(), extra: "," + extra))
    }

    @Test func aDropShadowStyleFallsAlongItsAngle() throws {
        // Angle 90: straight down, 10 points; size 0: a hard edge; opacity 100 %, black.
        let style = #""sy":[{"ty":1,"nm":"Drop Shadow","c":{"k":[0,0,0,1]},"o":{"k":100},"a":{"k":90},"s":{"k":0},"d":{"k":10}}]"#
        let scene = try importLottie(square(style))
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        #expect(try pixel(scene, atSeconds: 0, 50, 50) == [255, 0, 0, 255])  // the square over its shadow
        #expect(try pixel(scene, atSeconds: 0, 50, 65) == [0, 0, 0, 255])    // below it: the shadow
        #expect(try pixel(scene, atSeconds: 0, 50, 35)[3] == 0)               // above it: nothing
        #expect(try pixel(scene, atSeconds: 0, 65, 50)[3] == 0)
        // Angle 0: to the right.
        let right = try importLottie(square(style.replacingOccurrences(of: #""a":{"k":90}"#, with: #""a":{"k":0}"#)))
        #expect(try pixel(right, atSeconds: 0, 65, 50) == [0, 0, 0, 255] && pixel(right, atSeconds: 0, 50, 65)[3] == 0)
    }

    /// A changing drop shadow animates, as lottie-ios's Core Animation engine animates it.
    @Test func anAnimatedDropShadowChanges() throws {
        let style = #""sy":[{"ty":1,"nm":"Drop Shadow","c":{"k":[0,0,0,1]},"a":{"k":90},"s":{"k":0},"#
            + #""o":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":20,"s":[100]}]},"#
            + #""d":{"a":1,"k":[{"t":0,"s":[10],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":20,"s":[30]}]}}]"#
        let scene = try importLottie(square(style))
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        #expect(try pixel(scene, atSeconds: 0, 50, 65)[3] == 0)  // opacity 0 at the start
        // Half way: opacity 50 %, 20 points down.
        #expect(try abs(Int(pixel(scene, atSeconds: 1, 50, 75)[3]) - 128) <= 2 && pixel(scene, atSeconds: 1, 50, 50) == [255, 0, 0, 255])
    }

    @Test func theDropShadowEffectAndWhatIsNotDrawn() throws {
        // The effect: opacity 0…255, direction 90° further round (180 = down), softness / 5.
        let effect = #""ef":[{"ty":25,"nm":"Drop Shadow","ef":[{"nm":"Shadow Color","v":{"k":[0,0,1,1]}},{"nm":"Opacity","v":{"k":255}},{"nm":"Direction","v":{"k":180}},{"nm":"Distance","v":{"k":10}},{"nm":"Softness","v":{"k":0}}]}]"#
        let scene = try importLottie(square(effect))
        #expect(try pixel(scene, atSeconds: 0, 50, 65) == [0, 0, 255, 255], "\(scene.warnings)")
        // A value written as a plain number (an "ignored" value, type 6, as LottieFiles' dotLottie
        // elapsed_time writes the direction): the same constant.
        let plain = try importLottie(square(effect.replacingOccurrences(of: #"{"nm":"Direction","v":{"k":180}}"#, with: #"{"ty":6,"nm":"Direction","v":180}"#)))
        #expect(plain.warnings.isEmpty, "\(plain.warnings)")
        #expect(try pixel(plain, atSeconds: 0, 50, 65) == [0, 0, 255, 255])
        // A stroke style, a tint effect and a blur without its values are warned with their paths.
        let other = try importLottie(square(#""sy":[{"ty":2,"nm":"Stroke"}],"ef":[{"ty":20,"nm":"Tint","ef":[]},{"ty":29,"nm":"Gaussian Blur","ef":[]}]"#))
        #expect(other.warnings.contains { $0.contains("layers[0].sy[0]") } && other.warnings.contains { $0.contains("layers[0].ef[0]") }
                && other.warnings.contains { $0.contains("layers[0].ef[1]") && $0.contains("Gaussian blur") }, "\(other.warnings)")
    }
}
