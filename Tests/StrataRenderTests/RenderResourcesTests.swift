import StrataTestSupport
import Testing
import StrataModel
import StrataRaster
@testable import StrataRender

/// Surfaces kept between frames: same bytes as rendering afresh, images converted once.
@Suite("Render resources")
struct RenderResourcesTests {
    func scene(photo: PixelBuffer, shift: Double) -> [Layer] {
        var picture = Layer(name: "picture", frame: Rect(x: 4 + shift, y: 6, width: 40, height: 30))
        picture.contents = photo
        var card = Layer(name: "card", frame: Rect(x: 20, y: 10 + shift, width: 50, height: 40))
        card.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7)
        card.cornerRadius = 8
        card.opacity = 0.8
        card.sublayers = [picture]
        return [card]
    }

    @Test func framesAreTheSameBytesAndImagesAreConvertedOnce() throws {
        let photo = try TestImages.structured(width: 40, height: 30)
        let resources = RenderResources()
        let size = Size(width: 90, height: 70)
        for frame in 0..<4 {
            let layers = scene(photo: photo, shift: Double(frame) * 1.5)
            let fresh = try Renderer.render(layers, size: size, scale: 1, background: .white)
            let reused = try Renderer.render(layers, size: size, scale: 1, background: .white, resources: resources)
            #expect(reused == fresh, "frame \(frame)")
        }
        #expect(resources.imageConversions == 1)
        // A changed copy of the pixels is new storage, so it is converted again and drawn as it is.
        var changed = photo
        changed.pixels[0] = 0; changed.pixels[1] = 0; changed.pixels[2] = 0; changed.pixels[3] = 0
        let layers = scene(photo: changed, shift: 0)
        #expect(try Renderer.render(layers, size: size, scale: 1, background: nil, resources: resources)
                == Renderer.render(layers, size: size, scale: 1, background: nil))
        #expect(resources.imageConversions == 2)
    }

    @Test func recycledFramePixelsHoldTheNextFrame() throws {
        let photo = try TestImages.structured(width: 40, height: 30)
        let resources = RenderResources()
        let size = Size(width: 90, height: 70)
        var kept: [PixelBuffer] = []
        for frame in 0..<4 {
            let layers = scene(photo: photo, shift: Double(frame) * 1.5)
            let reused = try Renderer.render(layers, size: size, scale: 1, background: .white, resources: resources)
            #expect(reused == (try Renderer.render(layers, size: size, scale: 1, background: .white)), "frame \(frame)")
            // An image still referenced elsewhere keeps its pixels when handed back.
            if frame == 1 { kept.append(reused) }
            resources.recycle(reused)
        }
        #expect(kept[0] == (try Renderer.render(scene(photo: photo, shift: 1.5), size: size, scale: 1, background: .white)))
        // A frame of another size does not take the recycled storage.
        let small = try Renderer.render(scene(photo: photo, shift: 0), size: Size(width: 50, height: 50), scale: 1, background: .white, resources: resources)
        #expect(small.pixels.count == 50 * 50 * 4)
    }

    @Test func aFrameOfAnotherSizeAndTheBudgetAreRespected() throws {
        let photo = try TestImages.structured(width: 40, height: 30)
        let resources = RenderResources(imageBudgetBytes: 40 * 30 * 4)
        let small = try Renderer.render(scene(photo: photo, shift: 0), size: Size(width: 50, height: 50), scale: 1, background: nil, resources: resources)
        let large = try Renderer.render(scene(photo: photo, shift: 0), size: Size(width: 90, height: 70), scale: 1, background: nil, resources: resources)
        #expect(small.width == 50 && large.width == 90)
        let other = try TestImages.random(width: 40, height: 30, seed: 9)
        _ = try Renderer.render(scene(photo: other, shift: 0), size: Size(width: 90, height: 70), scale: 1, background: nil, resources: resources)
        _ = try Renderer.render(scene(photo: photo, shift: 0), size: Size(width: 90, height: 70), scale: 1, background: nil, resources: resources)
        #expect(resources.imageConversions == 3, "the budget holds one image: the first was evicted by the second")
    }
}

/// The kept base: a frame starts from a copy of the background and the top-level layers that drew
/// the same in the thread's previous frame, and has the bytes of a frame drawn afresh.
@Suite("Render base")
struct RenderBaseTests {
    /// A picture and a frosted panel (a backdrop blur) under a card that moves every frame; the
    /// picture moves once, at `pictureMoves`.
    func layers(frame: Int, photo: PixelBuffer, pictureMoves: Int = .max) -> [Layer] {
        var picture = Layer(name: "picture", frame: Rect(x: frame >= pictureMoves ? 5 : 0, y: 0, width: 80, height: 60))
        picture.contents = photo
        var glass = Layer(name: "glass", frame: Rect(x: 10, y: 10, width: 40, height: 20))
        glass.cornerRadius = 6
        glass.backgroundFilters = [NamedFilter(name: "blur", filter: .gaussianBlur(radius: 3))]
        glass.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.2)
        var card = Layer(name: "card", frame: Rect(x: 20 + 1.25 * Double(frame), y: 25, width: 30, height: 20))
        card.backgroundColor = Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.8)
        card.cornerRadius = 5
        card.opacity = 0.7
        card.sublayers = [Layer(name: "bar", frame: Rect(x: 3, y: 3, width: 12, height: 4))]
        card.sublayers[0].backgroundColor = .white
        return [picture, glass, card]
    }

    @Test(arguments: [nil, Color(red: 0.1, green: 0.2, blue: 0.3)])
    func framesFromTheBaseAreTheFramesDrawnAfresh(background: Color?) throws {
        let photo = try TestImages.structured(width: 80, height: 60)
        let resources = RenderResources()
        let size = Size(width: 100, height: 70)
        for frame in 0..<6 {
            let scene = layers(frame: frame, photo: photo, pictureMoves: 3)
            let fresh = try Renderer.render(scene, size: size, scale: 1, background: background)
            let reused = try Renderer.render(scene, size: size, scale: 1, background: background, resources: resources)
            #expect(reused == fresh, "frame \(frame)")
        }
        // Frames 1 and 4 keep a base (the picture and the panel, still since the frame before);
        // frames 2 and 5 start from it. The picture covers over a quarter of the canvas, so the
        // base pays without a background too.
        #expect(resources.baseRestores == 2)
    }

    /// Many frames in a row start from one base without comparing their still nodes with it again
    /// (they equal the previous frame's, which equalled it); a frame whose second node changes
    /// does not, and its bytes are those drawn afresh.
    @Test func aLongStillRunStartsFromTheBaseAndAChangeStopsIt() throws {
        let photo = try TestImages.structured(width: 80, height: 60)
        let resources = RenderResources()
        let size = Size(width: 100, height: 70)
        for frame in 0..<12 {
            var scene = layers(frame: frame, photo: photo)
            if frame >= 7 { scene[1].cornerRadius = 2 }  // the panel changes at frame 7 and stays
            let fresh = try Renderer.render(scene, size: size, scale: 1, background: .white)
            let reused = try Renderer.render(scene, size: size, scale: 1, background: .white, resources: resources)
            let same = reused == fresh  // compared whole: a failure prints no pixels
            #expect(same, "frame \(frame)")
        }
        // Frame 1 keeps the picture and the panel, frames 2–6 start from them; frame 7 keeps the
        // picture alone (its panel changed), frame 8 keeps both again, frames 9–11 start from them.
        #expect(resources.baseRestores == 8)
    }

    @Test func anotherSizeScaleOrBackgroundIsDrawnAfresh() throws {
        let photo = try TestImages.structured(width: 80, height: 60)
        let resources = RenderResources()
        let scene = layers(frame: 0, photo: photo)
        let a = (Size(width: 100, height: 70), 1.0, Color.white), b = (Size(width: 90, height: 70), 2.0, Color.black)
        let cases = [a, a, a, b, b, b, a]
        for (index, (size, scale, background)) in cases.enumerated() {
            let fresh = try Renderer.render(scene, size: size, scale: scale, background: background)
            let reused = try Renderer.render(scene, size: size, scale: scale, background: background, resources: resources)
            #expect(reused == fresh, "case \(index)")
        }
        #expect(resources.baseRestores == 2, "frames 2 and 5 start from the base kept by the frame before; a change of size, scale or background keeps a new one")
    }

    @Test func withoutTheBaseEveryFrameIsDrawnInFull() throws {
        let photo = try TestImages.structured(width: 80, height: 60)
        let resources = RenderResources()
        resources.keepsBase = false
        let scene = layers(frame: 0, photo: photo)
        for _ in 0..<3 {
            #expect(try Renderer.render(scene, size: Size(width: 100, height: 70), scale: 1, background: .white, resources: resources)
                    == Renderer.render(scene, size: Size(width: 100, height: 70), scale: 1, background: .white))
        }
        #expect(resources.baseRestores == 0)
    }
}

/// Axis-aligned linear gradients are evaluated through 1-pixel strips: the same colours as Cairo's
/// gradient pattern. Pixman composites an image source and a gradient source through different
/// paths, whose rounding at anti-aliased edges can differ by one level; nowhere else may a byte
/// differ.
@Suite("Gradient strips")
struct GradientStripTests {
    func render(_ layers: [Layer], size: Size, scale: Double, strips: Bool) throws -> PixelBuffer {
        // Strips against Cairo's own pattern, nothing else.
        try renderOnSlate(layers, size: size, scale: scale) { $0.usesGradientStrips = strips; $0.usesGradientTables = false }
    }

    @Test(arguments: [1.0, 2.0, 1.5])
    func stripsGiveThePatternsBytes(scale: Double) throws {
        var state: UInt32 = 7
        func next() -> Double { state ^= state << 13; state ^= state >> 17; state ^= state << 5; return Double(state % 10_000) / 10_000 }
        var layers: [Layer] = []
        let directions = [(Point(x: 0.5, y: 0), Point(x: 0.5, y: 1)), (Point(x: 0, y: 0.3), Point(x: 1, y: 0.3)),
                          (Point(x: 0.2, y: 1), Point(x: 0.2, y: -0.4)), (Point(x: 1.2, y: 0.5), Point(x: 0.1, y: 0.5)),
                          (Point(x: 0, y: 0), Point(x: 1, y: 1))]
        for i in 0..<15 {
            var layer = Layer(name: "g\(i)", frame: Rect(x: next() * 120 - 10, y: next() * 90 - 10, width: 20 + next() * 60, height: 15 + next() * 50))
            let (start, end) = directions[i % directions.count]
            layer.gradient = Gradient(colors: [Color(red: next(), green: next(), blue: next(), alpha: i % 3 == 0 ? next() : 1),
                                               Color(red: next(), green: next(), blue: next()),
                                               Color(red: next(), green: next(), blue: next(), alpha: 0.5)],
                                      locations: i % 2 == 0 ? [0, 0.3 + next() * 0.4, 1] : nil, startPoint: start, endPoint: end)
            layer.cornerRadius = next() * 12
            layer.opacity = i % 4 == 0 ? 0.6 : 1
            if i % 5 == 1 { layer.sublayers = [Layer(name: "bar", frame: Rect(x: 3, y: 3, width: 10, height: 4))]; layer.sublayers[0].backgroundColor = .white }
            layers.append(layer)
        }
        let size = Size(width: 140, height: 110)
        let strips = try render(layers, size: size, scale: scale, strips: true)
        let pattern = try render(layers, size: size, scale: scale, strips: false)
        var differing = 0, worst = 0, interior = 0
        for i in 0..<strips.pixels.count where strips.pixels[i] != pattern.pixels[i] {
            differing += 1
            worst = max(worst, abs(Int(strips.pixels[i]) - Int(pattern.pixels[i])))
            // An interior pixel: its four neighbours have its colour in the pattern rendering.
            let p = i / 4, x = p % pattern.width, y = p / pattern.width
            if x > 0, y > 0, x < pattern.width - 1, y < pattern.height - 1,
               [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)].allSatisfy({ pattern[$0.0, $0.1] == pattern[x, y] }) {
                interior += 1
            }
        }
        #expect(worst <= 1 && interior == 0, "\(differing) bytes differ, by up to \(worst), \(interior) inside a flat area")
        #expect(differing * 1000 < strips.pixels.count, "\(differing) bytes differ")
    }
}

/// `Layer.minificationFilter`: how an image drawn smaller than its pixels is sampled.
@Suite struct MinificationFilterTests {
    @Test func eachFilterSamplesAShrunkImageItsOwnWayAndTheSameWithOrWithoutResources() throws {
        let photo = try TestImages.structured(width: 96, height: 72)
        func drawn(_ filter: ImageFilter, resources: RenderResources? = nil) throws -> PixelBuffer {
            var layer = Layer(name: "photo", frame: Rect(x: 0.5, y: 0, width: 24, height: 18))
            layer.contents = photo
            layer.minificationFilter = filter
            return try Renderer.render([layer], size: Size(width: 26, height: 18), scale: 1, background: .white, resources: resources)
        }
        let box = try drawn(.box), linear = try drawn(.linear), nearest = try drawn(.nearest)
        #expect(box != linear && linear != nearest && box != nearest)
        // The box is what Strata drew before there was a choice: the default.
        #expect(Layer(name: "x", frame: .zero).minificationFilter == .box)
        let resources = RenderResources()
        for filter in ImageFilter.allCases { #expect(try drawn(filter, resources: resources) == drawn(filter), "\(filter)") }
    }
}
