import StrataTestSupport
import Testing
import StrataModel
import StrataRaster
@testable import StrataRender

/// The render-tree nodes of layers that did not change are taken from the thread's previous frame
/// (`RenderNodeCache`), with the bytes of a frame built afresh.
@Suite("Render node cache")
struct RenderNodeCacheTests {
    /// A still panel of three shapes (the same value every frame, as a presented frame shares a
    /// layer that did not move) and a card that moves by `frame`.
    static func scene(still: Layer, frame: Int) -> [Layer] {
        var card = Layer(name: "card", frame: Rect(x: 10 + 3 * Double(frame), y: 12, width: 30, height: 20))
        card.backgroundColor = Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.8)
        card.cornerRadius = 5
        return [still, card]
    }

    static func panel(tint: Double = 0.5) -> Layer {
        var panel = Layer(name: "panel", frame: Rect(x: 5, y: 5, width: 70, height: 50))
        panel.backgroundColor = Color(red: 0.1, green: tint, blue: 0.8, alpha: 1)
        panel.opacity = 0.9
        panel.sublayers = (0..<3).map { index in
            var dot = Layer(name: "dot \(index)", frame: Rect(x: 5 + 20 * Double(index), y: 10, width: 14, height: 14))
            var circle = Path()
            circle.addEllipse(in: Rect(x: 0, y: 0, width: 14, height: 14))
            dot.shape = ShapeContent(path: circle, fillColor: .white)
            return dot
        }
        return panel
    }

    @Test func aStillSubtreeKeepsItsNodesAndFramesAreTheSameBytes() throws {
        let resources = RenderResources()
        let still = Self.panel(), size = Size(width: 100, height: 70)
        for frame in 0..<5 {
            let layers = Self.scene(still: still, frame: frame)
            let fresh = try Renderer.render(layers, size: size, scale: 1, background: .white)
            let kept = try Renderer.render(layers, size: size, scale: 1, background: .white, resources: resources)
            #expect(kept == fresh, "frame \(frame)")
        }
        // Frames 1–4 take the panel's node (its whole subtree) from the frame before; the card
        // moved, so it is built every time (and, having no sublayers, is not looked up at all).
        #expect(resources.nodesKept == 4)
        let builder = RenderTreeBuilder(size: size, scale: 1, background: .white)
        let first = builder.build(Self.scene(still: still, frame: 5), resources: resources)
        let second = builder.build(Self.scene(still: still, frame: 6), resources: resources)
        #expect(first.roots[0] === second.roots[0] && first.roots[1] !== second.roots[1])
        #expect(first.roots[0].drawsTheSame(as: second.roots[0]))
    }

    @Test func aChangedLayerOrOtherSettingsAreBuiltAgain() throws {
        let resources = RenderResources()
        let size = Size(width: 100, height: 70)
        let still = Self.panel()
        var builder = RenderTreeBuilder(size: size, scale: 1, background: nil)
        let before = builder.build(Self.scene(still: still, frame: 0), resources: resources)
        // A changed copy is new storage: built again, with its new colour.
        var recoloured = still
        recoloured.sublayers[1].shape?.fillColor = .black
        let changed = builder.build(Self.scene(still: recoloured, frame: 0), resources: resources)
        #expect(changed.roots[0] !== before.roots[0] && !changed.roots[0].drawsTheSame(as: before.roots[0]))
        #expect(try Renderer.render(Self.scene(still: recoloured, frame: 0), size: size, scale: 1, background: nil, resources: resources)
                == Renderer.render(Self.scene(still: recoloured, frame: 0), size: size, scale: 1, background: nil))
        // The same layers at another scale: other nodes, in pixels of that scale.
        builder.scale = 2
        let doubled = builder.build(Self.scene(still: recoloured, frame: 0), resources: resources)
        #expect(doubled.roots[0] !== changed.roots[0] && doubled.roots[0].bounds.width == 2 * changed.roots[0].bounds.width)
    }

    /// A panel turned about y (drawn flat at its own scale, then projected) over frames: its inside
    /// is built at another scale, which is part of a node's key.
    @Test func aProjectedLayerIsTheSameBytesFrameAfterFrame() throws {
        let resources = RenderResources()
        var turned = Layer(name: "turned", frame: Rect(x: 0, y: 0, width: 80, height: 60))
        turned.sublayers = [Self.panel()]
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 300
        turned.transform = Transform3D.rotation(radians: 0.6, x: 0, y: 1, z: 0).concatenating(perspective)
        let size = Size(width: 100, height: 70)
        for frame in 0..<3 {
            let layers = Self.scene(still: turned, frame: frame)
            #expect(try Renderer.render(layers, size: size, scale: 2, background: .white, resources: resources)
                    == Renderer.render(layers, size: size, scale: 2, background: .white), "frame \(frame)")
        }
        #expect(resources.nodesKept == 2, "the panel inside the projection, in frames 1 and 2")
        let dot = turned.sublayers[0].sublayers[0]
        #expect(RenderNodeCache.key(dot, local: .identity, parentDevice: .identity, clip: .zero, scale: 1, isMask: false)
                != RenderNodeCache.key(dot, local: .identity, parentDevice: .identity, clip: .zero, scale: 2, isMask: false))
    }

    /// A stroke whose trim moves over a path that does not (Lottie's trim paths): the path's
    /// arc length is measured once, not every frame, with the same bytes.
    @Test func aTrimmedPathIsMeasuredOnceWhileItIsDrawn() throws {
        let resources = RenderResources()
        var curve = Path()
        curve.move(to: Point(x: 10, y: 60))
        curve.addCurve(to: Point(x: 90, y: 60), control1: Point(x: 20, y: 0), control2: Point(x: 80, y: 0))
        func layers(end: Double) -> [Layer] {
            var line = Layer(name: "line", frame: Rect(x: 0, y: 0, width: 100, height: 70))
            line.shape = ShapeContent(path: curve, fillColor: nil, strokeColor: .black, lineWidth: 3)
            line.shape?.strokeEnd = end
            return [line]
        }
        let size = Size(width: 100, height: 70)
        for (frame, end) in [0.2, 0.5, 0.8].enumerated() {
            #expect(try Renderer.render(layers(end: end), size: size, scale: 1, background: .white, resources: resources)
                    == Renderer.render(layers(end: end), size: size, scale: 1, background: .white), "frame \(frame)")
        }
        #expect(resources.pathMeasurements == 1)
        // Another path (new storage) is measured again.
        curve.addLine(to: Point(x: 95, y: 65))
        _ = try Renderer.render(layers(end: 0.5), size: size, scale: 1, background: .white, resources: resources)
        #expect(resources.pathMeasurements == 2)
    }
}
