import StrataTestSupport
import Testing
import StrataAnimation
@testable import StrataKit
import StrataModel
import StrataRaster
import StrataRender
import StrataScene

/// A renderer evaluates no animation under a layer that draws nothing (hidden, or transparent and
/// not a mask), as a Lottie layer outside its in and out points is; everything else is evaluated,
/// and the pixels are those of the whole presentation.
@Suite("Unseen subtrees")
struct UnseenSubtreeTests {
    /// A layer shown from `begin` to `end` seconds, as the Lottie importer shows one between its
    /// in and out points: transparent in the model, opaque while a discrete keyframe says so.
    func shown(_ layer: Layer, from begin: Double, to end: Double) throws -> Layer {
        var shown = Layer(name: "\(layer.name ?? "") in–out", frame: Rect(x: 0, y: 0, width: 64, height: 64))
        shown.opacity = 0
        shown.sublayers = [layer]
        let visibility = Animation(keyPath: .opacity,
                                   kind: .keyframe(Keyframes(values: [.number(1), .number(0)], keyTimes: [0, 1], calculationMode: .discrete)),
                                   timing: MediaTiming(beginTime: begin, duration: end - begin, fillMode: .removed, isRemovedOnCompletion: true))
        try shown.add(visibility, forKey: "in–out")
        return shown
    }

    /// A box moving right by 30 points over a second.
    func movingBox(_ name: String, color: Color) throws -> Layer {
        var box = Layer(name: name, frame: Rect(x: 4, y: 8, width: 20, height: 16))
        box.backgroundColor = color
        box.cornerRadius = 5
        try box.add(Animation(keyPath: .positionX, kind: .basic(from: .number(14), to: .number(44), by: nil),
                              timing: MediaTiming(duration: 1)), forKey: "move")
        return box
    }

    func scene() throws -> Scene {
        let first = try shown(movingBox("first", color: Color(red: 0.9, green: 0.2, blue: 0.1)), from: 0, to: 0.5)
        let second = try shown(movingBox("second", color: Color(red: 0.1, green: 0.3, blue: 0.9)), from: 0.5, to: 1)
        // A transparent mask still masks (everything); its moving content is evaluated.
        var masked = try movingBox("masked", color: .black)
        var mask = Layer(name: "mask", frame: Rect(x: 0, y: 0, width: 64, height: 64))
        mask.opacity = 0
        mask.sublayers = [try movingBox("mask content", color: .black)]
        masked.mask = mask
        return Scene(name: "unseen", description: "", size: Size(width: 64, height: 48), scale: 1, background: .white,
                     layers: [first, second, masked], clock: FrameClock(framesPerSecond: 12, seconds: 1))
    }

    @Test func aTransparentLayersSublayersKeepTheirModelValues() throws {
        let layers = try scene().layers
        let skipping = PresentationTree(evaluating: layers, atSeconds: 0.75, skippingUnseen: true)
        let full = PresentationTree(evaluating: layers, atSeconds: 0.75)
        // The first layer is out (transparent): its box is not evaluated unless asked.
        #expect(skipping.layers[0].opacity == 0)
        #expect(skipping.layers[0].sublayers[0].position.x == 14)
        #expect(abs(full.layers[0].sublayers[0].position.x - 36.5) < 1e-9)
        // The second is in: evaluated either way.
        #expect(skipping.layers[1].opacity == 1)
        #expect(abs(skipping.layers[1].sublayers[0].position.x - 36.5) < 1e-9)
        // A transparent mask is drawn (it hides what it masks): its sublayers are evaluated.
        #expect(abs(try #require(skipping.layers[2].mask).sublayers[0].position.x - 36.5) < 1e-9)
    }

    @Test func insideATransformLayerEverythingIsEvaluated() throws {
        var plane = try movingBox("plane", color: .black)
        plane.opacity = 0
        plane.sublayers = [try movingBox("inside", color: .black)]
        var transform = Layer(name: "3-D", frame: Rect(x: 0, y: 0, width: 64, height: 64))
        transform.isTransformLayer = true
        transform.sublayers = [plane]
        let skipping = PresentationTree(evaluating: [transform], atSeconds: 0.5, skippingUnseen: true)
        #expect(abs(skipping.layers[0].sublayers[0].sublayers[0].position.x - 29) < 1e-9)
    }

    /// Every frame drawn as the renderer draws it equals the frame drawn from the presentation
    /// with every layer evaluated.
    @Test func framesAreThoseOfTheWholePresentation() throws {
        let renderer = try FrameRenderer(scene: scene())
        #expect(renderer.frames.count > 8)
        var compared = 0
        for index in renderer.frames.indices {
            let drawn = try renderer.render(displayedIndex: index).image
            let whole = renderer.presentation(displayedIndex: index)
            let tree = try renderer.renderTree(whole.layers)
            let reference = try FrameRenderer.RenderedFrame(pixels: .drawn(try Renderer.draw(tree)), presentation: whole).image()
            let same = drawn.pixels == reference.pixels  // compared whole: a failure prints no pixels
            #expect(same, "frame \(index)")
            compared += 1
        }
        #expect(compared == renderer.frames.count)
    }
}
