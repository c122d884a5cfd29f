import StrataModel
import StrataRaster
@testable import StrataRender
import Testing

/// A frame whose first paint is an opaque colour over whole pixels is not cleared under them
/// (`RenderTree.firstPaintCover`): the recycled surface's old pixels there are painted over, and
/// the frame has the same bytes as one drawn on a cleared surface.
@Suite("The first paint's cover")
struct FirstPaintCoverTests {
    static let size = Size(width: 40, height: 30)

    static func tree(_ layers: [Layer], scale: Double = 1, background: Color? = nil) -> RenderTree {
        RenderTreeBuilder(size: size, scale: scale, background: background).build(layers)
    }

    /// An opaque rectangle from (x0, y0) to (x1, y1), as a layer background or a shape layer's path.
    static func cover(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, shape: Bool, alpha: Double = 1) -> Layer {
        var layer = Layer(name: "bg", frame: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        let color = Color(red: 0.1, green: 0.6, blue: 0.5, alpha: alpha)
        if shape {
            var path = Path()
            path.move(to: Point(x: 0, y: 0))
            path.addLine(to: Point(x: x1 - x0, y: 0))
            path.append(.cubic(Point(x: x1 - x0, y: 1), Point(x: x1 - x0, y: 2), Point(x: x1 - x0, y: y1 - y0)))  // a straight curve
            path.addLine(to: Point(x: 0, y: y1 - y0))
            path.closeSubpath()
            layer.shape = ShapeContent(path: path, fillColor: color)
        } else {
            layer.backgroundColor = color
        }
        return layer
    }

    static func scribble() -> Layer {
        var card = Layer(name: "card", frame: Rect(x: 5.5, y: 4.25, width: 20, height: 12))
        card.backgroundColor = Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.6)
        card.cornerRadius = 3
        return card
    }

    @Test func theCoverIsTheWholePixelsOfTheFirstOpaqueRectangle() {
        #expect(Self.tree([Self.cover(0, 0, 40, 30, shape: false)]).firstPaintCover! == (0, 0, 40, 30))
        #expect(Self.tree([Self.cover(-5, -5, 50, 50, shape: true)]).firstPaintCover! == (0, 0, 40, 30))
        // A composition fitted with a fraction of a pixel to spare: its whole pixels only.
        #expect(Self.tree([Self.cover(0.25, 0, 39.75, 30, shape: true)]).firstPaintCover! == (1, 0, 39, 30))
        #expect(Self.tree([], background: .white).firstPaintCover! == (0, 0, 40, 30))
        // Not opaque, not first, turned, rounded, or not a rectangle: no cover.
        #expect(Self.tree([Self.cover(0, 0, 40, 30, shape: false, alpha: 0.5)]).firstPaintCover == nil)
        #expect(Self.tree([Self.scribble(), Self.cover(0, 0, 40, 30, shape: false)]).firstPaintCover == nil)
        var turned = Self.cover(0, 0, 40, 30, shape: false)
        turned.transform = .rotation(radians: 0.1)
        #expect(Self.tree([turned]).firstPaintCover == nil)
        var rounded = Self.cover(0, 0, 40, 30, shape: false)
        rounded.cornerRadius = 2
        #expect(Self.tree([rounded]).firstPaintCover == nil)
        var triangle = Self.cover(0, 0, 40, 30, shape: true)
        var path = Path()
        path.move(to: .zero)
        path.addLine(to: Point(x: 40, y: 0))
        path.addLine(to: Point(x: 0, y: 30))
        path.closeSubpath()
        triangle.shape?.path = path
        #expect(Self.tree([triangle]).firstPaintCover == nil)
        // Under a layer whose clip is a rectangle, what both hold.
        var holder = Layer(name: "holder", frame: Rect(x: 2, y: 0, width: 30, height: 30))
        holder.masksToBounds = true
        holder.sublayers = [Self.cover(-10, 0, 50, 30, shape: false)]
        #expect(Self.tree([holder]).firstPaintCover! == (2, 0, 32, 30))
    }

    /// The paths taken for a rectangle: round it once, every line and curve (controls too) on a
    /// side; the fill closes an open one. Not: a second subpath, twice round, a control off the
    /// sides, a side that turns back, nothing finite.
    @Test func aRectangleIsAPathRoundItsBoundsOnce() {
        let t = Transform2D(a: 2, b: 0, c: 0, d: 2, tx: 1, ty: 0)
        func path(_ build: (inout Path) -> Void) -> Path { var p = Path(); build(&p); return p }
        let open = path {
            $0.move(to: Point(x: 0, y: 0)); $0.addLine(to: Point(x: 10, y: 0)); $0.addLine(to: Point(x: 10, y: 5)); $0.addLine(to: Point(x: 0, y: 5))
        }
        #expect(RenderTree.rectangle(open, t)! == (1, 0, 21, 10))
        var closed = open
        closed.closeSubpath()
        #expect(RenderTree.rectangle(closed, t)! == (1, 0, 21, 10))
        var twice = closed
        for element in closed.elements.dropFirst() { twice.append(element) }
        #expect(RenderTree.rectangle(twice, t) == nil, "round twice")
        var second = closed
        second.move(to: Point(x: 1, y: 1)); second.addLine(to: Point(x: 2, y: 1))
        #expect(RenderTree.rectangle(second, t) == nil, "a second subpath")
        let bulge = path {
            $0.move(to: Point(x: 0, y: 0)); $0.append(.cubic(Point(x: 4, y: -1), Point(x: 6, y: 0), Point(x: 10, y: 0)))
            $0.addLine(to: Point(x: 10, y: 5)); $0.addLine(to: Point(x: 0, y: 5)); $0.closeSubpath()
        }
        #expect(RenderTree.rectangle(bulge, t) == nil, "a control off the sides")
        let back = path {
            $0.move(to: Point(x: 0, y: 0)); $0.addLine(to: Point(x: 10, y: 0)); $0.addLine(to: Point(x: 10, y: 5))
            $0.addLine(to: Point(x: 10, y: 0)); $0.addLine(to: Point(x: 10, y: 5)); $0.addLine(to: Point(x: 0, y: 5)); $0.closeSubpath()
        }
        #expect(RenderTree.rectangle(back, t)! == (1, 0, 21, 10), "a side gone over and back encloses the same area")
        let far = path { $0.move(to: Point(x: 0, y: 0)); $0.addLine(to: Point(x: .infinity, y: 0)); $0.addLine(to: Point(x: 0, y: 5)) }
        #expect(RenderTree.rectangle(far, t) == nil)
        #expect(RenderTree.rectangle(Path(), t) == nil)
    }

    /// Frames drawn on recycled surfaces that held other pixels: the same bytes as afresh.
    @Test(arguments: [false, true])
    func aCoveredFrameHasTheSameBytesAsOneDrawnAfresh(shape: Bool) throws {
        let resources = RenderResources()
        // A translucent wash over every pixel, so that a recycled surface holds pixels everywhere.
        var wash = Layer(name: "wash", frame: Rect(x: 0, y: 0, width: 40, height: 30))
        wash.backgroundColor = Color(red: 0.2, green: 0.3, blue: 0.9, alpha: 0.4)
        let frames: [[Layer]] = [
            [wash],
            [Self.cover(0.25, 0.5, 39.75, 29.5, shape: shape), Self.scribble()],
            [wash, Self.scribble()],
            [Self.cover(0, 0, 40, 30, shape: shape), Self.scribble()],
            [Self.scribble()],
        ]
        for (index, layers) in frames.enumerated() {
            let reused = try Renderer.render(layers, size: Self.size, scale: 1, background: nil, resources: resources)
            #expect(reused == (try Renderer.render(layers, size: Self.size, scale: 1, background: nil)), "frame \(index)")
            resources.recycle(reused)
        }
    }

    /// A frame on a recycled surface clears only where the frame before could draw
    /// (`RenderTree.touched`, `CairoSurface.marked`): cards moving across a transparent canvas,
    /// each frame the same bytes as afresh, whatever the one before left.
    @Test func onlyWhereTheFrameBeforeDrewIsCleared() throws {
        let resources = RenderResources()
        func card(_ x: Double, _ y: Double) -> Layer {
            var card = Layer(name: "card", frame: Rect(x: x, y: y, width: 9.5, height: 7.25))
            card.backgroundColor = Color(red: 0.9, green: 0.4, blue: 0.1, alpha: 0.8)
            card.cornerRadius = 2
            return card
        }
        let frames: [[Layer]] = [[card(1, 1)], [card(28, 20)], [], [card(15.5, 10), card(2, 20)], [card(30, 2)], [Self.cover(0, 0, 40, 30, shape: false)], [card(3, 3)]]
        for (index, layers) in frames.enumerated() {
            let reused = try Renderer.render(layers, size: Self.size, scale: 1, background: nil, resources: resources)
            #expect(reused == (try Renderer.render(layers, size: Self.size, scale: 1, background: nil)), "frame \(index)")
            resources.recycle(reused)
        }
        #expect(Self.tree([card(1, 1)]).touched! == (0, 0, 13, 11))
        #expect(Self.tree([]).touched! == (0, 0, 0, 0))
        #expect(Self.tree([], background: .white).touched! == (0, 0, 40, 30))
    }
}
