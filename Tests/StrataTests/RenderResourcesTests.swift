import Testing
import StrataModel
import StrataRaster
import StrataRender

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
