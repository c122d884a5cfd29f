import StrataTestSupport
import Testing
import StrataModel
import StrataRaster
import StrataRender

/// Compositing without pixels: the render tree's isolation decisions and the exact commands.
@Suite("Render tree and isolation")
struct RenderTreeTests {
    let red = Color(red: 1, green: 0, blue: 0), green = Color(red: 0, green: 1, blue: 0)

    func record(_ layers: [Layer], size: Size = Size(width: 100, height: 100), scale: Double = 1) -> (RenderTree, RecordingCanvas) {
        let tree = RenderTreeBuilder(size: size, scale: scale).build(layers)
        let canvas = RecordingCanvas()
        RenderTreePainter.paint(tree, on: canvas)
        return (tree, canvas)
    }

    @Test func opaquePlainLayerDrawsWithoutAGroup() throws {
        let (tree, canvas) = record([box("plain", Rect(x: 10, y: 10, width: 30, height: 20), red)])
        #expect(tree.allNodes.allSatisfy { !$0.isIsolated })
        #expect(canvas.drawingCommands == [.draw(kind: "fill", extent: Rect(x: 0, y: 0, width: 30, height: 20), alpha: 1)])
        #expect(canvas.commands == [
            .save, .concatenate(.scale(x: 1, y: 1)),
            .save, .concatenate(.translation(x: 10, y: 10)),
            .draw(kind: "fill", extent: Rect(x: 0, y: 0, width: 30, height: 20), alpha: 1),
            .restore, .restore,
        ])
        // And on a real canvas no offscreen surface is allocated.
        let cairo = try CairoCanvas(width: 100, height: 100)
        RenderTreePainter.paint(tree, on: cairo)
        #expect(cairo.offscreenSurfaceCount == 0)
    }

    @Test func opacityOverSeveralDrawsIsolatesWithTheNodeBounds() throws {
        var parent = Layer(name: "parent", frame: Rect(x: 10, y: 20, width: 60, height: 40))
        parent.opacity = 0.5
        parent.sublayers = [box("a", Rect(x: 0, y: 0, width: 40, height: 40), red),
                            box("b", Rect(x: 20, y: 0, width: 40, height: 40), green)]
        let (tree, canvas) = record([parent], scale: 2)
        #expect(tree.roots[0].isolation == [.opacity])
        #expect(tree.roots[0].bounds == Rect(x: 20, y: 40, width: 120, height: 80))
        #expect(canvas.drawingCommands == [
            .beginGroup(bounds: Rect(x: 20, y: 40, width: 120, height: 80), reasons: [.opacity]),
            .draw(kind: "fill", extent: Rect(x: 0, y: 0, width: 40, height: 40), alpha: 1),
            .draw(kind: "fill", extent: Rect(x: 0, y: 0, width: 40, height: 40), alpha: 1),
            .endGroup(opacity: 0.5, hasShadow: false),
        ])
    }

    @Test func opacityOverOneDrawIsFoldedIntoTheDraw() {
        var parent = Layer(name: "parent", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        parent.opacity = 0.5
        var child = box("child", Rect(x: 0, y: 0, width: 50, height: 50), red)
        child.opacity = 0.5
        parent.sublayers = [child]
        let (tree, canvas) = record([parent])
        #expect(tree.allNodes.allSatisfy { !$0.isIsolated })
        #expect(canvas.drawingCommands == [.draw(kind: "fill", extent: Rect(x: 0, y: 0, width: 50, height: 50), alpha: 0.25)])
    }

    @Test func overlappingChildrenAtHalfOpacityShowNoDarkerOverlap() throws {
        var parent = Layer(name: "parent", frame: Rect(x: 0, y: 0, width: 60, height: 20))
        parent.opacity = 0.5
        parent.sublayers = [box("a", Rect(x: 0, y: 0, width: 40, height: 20), red),
                            box("b", Rect(x: 20, y: 0, width: 40, height: 20), red)]
        let image = try Renderer.render([parent], size: Size(width: 60, height: 20), scale: 1, background: nil)
        let single = image[10, 10], overlap = image[30, 10]
        #expect(single.a == 128 || single.a == 127)
        #expect(overlap == single)
    }

    @Test func hiddenTransparentAndOffCanvasLayersAreCulled() {
        var hidden = box("hidden", Rect(x: 0, y: 0, width: 10, height: 10), red)
        hidden.isHidden = true
        let clear = box("clear", Rect(x: 0, y: 0, width: 10, height: 10), red, opacity: 0)
        let away = box("away", Rect(x: 500, y: 0, width: 10, height: 10), red)
        let empty = Layer(name: "empty", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let (tree, canvas) = record([hidden, clear, away, empty])
        #expect(tree.roots.isEmpty)
        #expect(canvas.drawingCommands.isEmpty)
    }

    @Test func masksToBoundsClipsChildBoundsAndIssuesARoundedClip() {
        var card = box("card", Rect(x: 10, y: 10, width: 40, height: 40), red)
        card.cornerRadius = 8
        card.masksToBounds = true
        card.sublayers = [box("big", Rect(x: -20, y: -20, width: 100, height: 100), green)]
        let (tree, canvas) = record([card])
        #expect(tree.roots[0].children[0].bounds == Rect(x: 10, y: 10, width: 40, height: 40))
        #expect(canvas.commands.contains(.clip(RoundedRect(rect: Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 8))))
        #expect(tree.allNodes.allSatisfy { !$0.isIsolated })
    }

    @Test func maskAndShadowIsolateWithTheirReasons() {
        var masked = box("masked", Rect(x: 10, y: 10, width: 40, height: 40), red)
        var mask = box("mask", Rect(x: 0, y: 0, width: 20, height: 20), .black)
        mask.cornerRadius = 10
        masked.mask = mask
        var shadowed = box("shadowed", Rect(x: 60, y: 10, width: 20, height: 20), green)
        shadowed.shadow = Shadow(color: .black, opacity: 0.5, offset: Size(width: 0, height: 2), radius: 4)
        let (tree, canvas) = record([masked, shadowed])
        #expect(tree.roots[0].isolation == [.mask])
        // The mask limits the masked layer's bounds to the mask's.
        #expect(tree.roots[0].bounds == Rect(x: 10, y: 10, width: 20, height: 20))
        #expect(tree.roots[1].isolation == [.shadow])
        // Shadow: σ = radius = 4 px (Core Animation's shadowRadius), spread ⌈3σ⌉ = 12 px, offset 2 px down.
        #expect(tree.roots[1].bounds == Rect(x: 48, y: 0, width: 44, height: 44))
        #expect(canvas.drawingCommands == [
            .beginGroup(bounds: Rect(x: 10, y: 10, width: 20, height: 20), reasons: [.mask]),
            .draw(kind: "fill", extent: Rect(x: 0, y: 0, width: 40, height: 40), alpha: 1),
            .beginMask,
            .draw(kind: "fill", extent: Rect(x: 0, y: 0, width: 20, height: 20), alpha: 1),
            .endMask,
            .endGroup(opacity: 1, hasShadow: false),
            .beginGroup(bounds: Rect(x: 48, y: 0, width: 44, height: 44), reasons: [.shadow]),
            .draw(kind: "fill", extent: Rect(x: 0, y: 0, width: 20, height: 20), alpha: 1),
            .endGroup(opacity: 1, hasShadow: true),
        ])
    }

    @Test func siblingsDrawInZPositionOrderThenArrayOrder() {
        var a = box("a", Rect(x: 0, y: 0, width: 10, height: 10), red)
        a.zPosition = 2
        let b = box("b", Rect(x: 0, y: 0, width: 10, height: 10), red)
        let c = box("c", Rect(x: 0, y: 0, width: 10, height: 10), red)
        let (tree, _) = record([a, b, c])
        #expect(tree.roots.map(\.name) == ["b", "c", "a"])
    }

    /// A layer that only holds one layer where it stands gets no node: its sublayer's node takes
    /// its place, the same pixels. Any transform, opacity, clip or content of its own keeps it.
    @Test func aLayerThatOnlyHoldsOneLayerGetsNoNode() throws {
        let child = box("child", Rect(x: 10, y: 10, width: 20, height: 20), red)
        var holder = Layer(name: "holder", frame: Rect(x: 0, y: 0, width: 40, height: 40))
        holder.sublayers = [child]
        var inner = holder
        inner.name = "inner"
        var outer = holder
        outer.name = "outer"
        outer.sublayers = [inner]
        let (tree, canvas) = record([outer])
        #expect(tree.allNodes.map(\.name) == ["child"])
        let (plain, plainCanvas) = record([child])
        #expect(canvas.commands == plainCanvas.commands && tree.roots.map(\.bounds) == plain.roots.map(\.bounds))
        #expect(try Renderer.render([outer], size: Size(width: 40, height: 40), scale: 1, background: nil)
                == Renderer.render([child], size: Size(width: 40, height: 40), scale: 1, background: nil))
        var moved = holder
        moved.position = Point(x: 1, y: 0)
        var translucent = holder
        translucent.opacity = 0.5
        var clipped = holder
        clipped.masksToBounds = true
        var filled = holder
        filled.backgroundColor = green
        for kept in [moved, translucent, clipped, filled] {
            #expect(record([kept]).0.allNodes.map(\.name).first == "holder")
        }
    }

    @Test func borderDrawsAboveSublayers() {
        var card = box("card", Rect(x: 0, y: 0, width: 40, height: 40), red)
        card.borderWidth = 2
        card.sublayers = [box("child", Rect(x: 0, y: 0, width: 10, height: 10), green)]
        let (_, canvas) = record([card])
        #expect(canvas.drawingCommands.map { if case .draw(let kind, _, _) = $0 { kind } else { "" } } == ["fill", "fill", "border"])
    }
}
