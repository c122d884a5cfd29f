import StrataTestSupport
import Foundation
import Testing
import StrataModel
import StrataFilters
import StrataRaster
@testable import StrataRender
import StrataScene

/// Filters on layers, without pixels where possible: isolation reasons, group bounds, backdrop reads.
@Suite("Filters on layers")
struct FilterCompositingTests {
    func record(_ layers: [Layer], size: Size = Size(width: 200, height: 200), scale: Double = 1) -> (RenderTree, RecordingCanvas) {
        let tree = RenderTreeBuilder(size: size, scale: scale).build(layers)
        let canvas = RecordingCanvas()
        RenderTreePainter.paint(tree, on: canvas)
        return (tree, canvas)
    }

    @Test func backdropSigmaTenReadsThirtyPixelsAroundTheLayer() {
        var glass = box("glass", Rect(x: 50, y: 60, width: 80, height: 40), Color(red: 1, green: 1, blue: 1, alpha: 0.2))
        glass.backgroundFilters = [NamedFilter(name: "blur", filter: .gaussianBlur(radius: 10))]
        let (tree, canvas) = record([box("behind", Rect(x: 0, y: 0, width: 200, height: 200), .black), glass])
        #expect(tree.roots[1].isolation == [.backdropFilter])
        #expect(canvas.drawingCommands == [
            .draw(kind: "fill", extent: Rect(x: 0, y: 0, width: 200, height: 200), alpha: 1),
            .beginGroup(bounds: Rect(x: 50, y: 60, width: 80, height: 40), reasons: [.backdropFilter]),
            .backdrop(readBounds: Rect(x: 20, y: 30, width: 140, height: 100), filters: [.gaussianBlur(radius: 10)]),
            .draw(kind: "fill", extent: Rect(x: 0, y: 0, width: 80, height: 40), alpha: 1),
            .endGroup(opacity: 1, hasShadow: false),
        ])
    }

    @Test func backdropLengthsAreConvertedToPixelsOnce() {
        var glass = box("glass", Rect(x: 10, y: 10, width: 20, height: 20), .white)
        glass.backgroundFilters = [NamedFilter(name: "blur", filter: .gaussianBlur(radius: 5))]
        let (tree, _) = record([glass], scale: 2)
        let backdrop = tree.roots[0].backdrop!
        #expect(backdrop.filters == [.gaussianBlur(radius: 10)])
        #expect(backdrop.shapeBounds == Rect(x: 20, y: 20, width: 40, height: 40))
        #expect(backdrop.readBounds == Rect(x: -10, y: -10, width: 100, height: 100))
    }

    @Test func filtersIsolateAndGrowTheExtentUnlessMasksToBounds() {
        var card = box("card", Rect(x: 50, y: 50, width: 40, height: 30), .black)
        card.filters = [NamedFilter(name: "blur", filter: .gaussianBlur(radius: 4))]
        let (tree, canvas) = record([card])
        #expect(tree.roots[0].isolation == [.filter])
        #expect(tree.roots[0].bounds == Rect(x: 38, y: 38, width: 64, height: 54))
        #expect(canvas.drawingCommands.contains(.applyFilters([.gaussianBlur(radius: 4)])))
        card.masksToBounds = true
        let (clipped, _) = record([card])
        #expect(clipped.roots[0].bounds == Rect(x: 50, y: 50, width: 40, height: 30))
        // Motion blur grows along its velocity only.
        var moving = box("moving", Rect(x: 50, y: 50, width: 40, height: 30), .black)
        moving.filters = [NamedFilter(name: "motion", filter: .motionBlur(radius: 10, angle: .pi / 2, samples: 5))]
        #expect(record([moving]).0.roots[0].bounds == Rect(x: 50, y: 40, width: 40, height: 50))
    }

    @Test func blendModeIsolatesAndIsPassedToTheComposite() {
        var disc = box("disc", Rect(x: 0, y: 0, width: 20, height: 20), .black)
        disc.compositingFilter = .multiply
        let (tree, canvas) = record([disc])
        #expect(tree.roots[0].isolation == [.blendMode])
        #expect(canvas.drawingCommands.suffix(2) == [.blend(.multiply), .endGroup(opacity: 1, hasShadow: false)])
        disc.compositingFilter = .normal
        #expect(record([disc]).0.roots[0].isolation.isEmpty, "normal needs no group")
    }

    @Test func hslBlendModesKeepTheirColourUnderAnOpacity() throws {
        // pixman composites its HSL operators wrongly through a mask, which is how Cairo paints a
        // group with an opacity: lottie-android's LayerBlend_12 (hue at 77 %) drew its yellow
        // star orange over nothing. Over nothing every mode shows the layer's own colour.
        let yellow = Color(red: 1, green: 250 / 255, blue: 72 / 255, alpha: 1)
        for mode in [BlendMode.hue, .saturation, .color, .luminosity] {
            var layer = box("star", Rect(x: 0, y: 0, width: 20, height: 20), yellow)
            layer.compositingFilter = mode
            layer.opacity = 0.5
            let image = try Renderer.render([layer], size: Size(width: 20, height: 20), scale: 1, background: nil)
            let p = image[10, 10]
            #expect(abs(Int(p.a) - 128) <= 1 && abs(Int(p.r) - Int(p.a)) <= 1, "\(mode): \(p)")
            #expect(abs(Int(p.g) - 125) <= 1 && abs(Int(p.b) - 36) <= 1, "\(mode): \(p)")
        }
    }

    @Test func backdropBlursWhatIsBehindOnlyInsideTheShape() throws {
        // Left half black, right half white; a glass layer over the middle blurs the edge inside it.
        var glass = Layer(name: "glass", frame: Rect(x: 20, y: 10, width: 40, height: 20))
        glass.backgroundFilters = [NamedFilter(name: "blur", filter: .gaussianBlur(radius: 3))]
        let layers = [box("black", Rect(x: 0, y: 0, width: 40, height: 40), .black),
                      box("white", Rect(x: 40, y: 0, width: 40, height: 40), .white), glass]
        let image = try Renderer.render(layers, size: Size(width: 80, height: 40), scale: 1, background: nil)
        let inside = image[38, 20].r, outside = image[38, 35].r
        #expect(outside == 0, "below the glass the edge stays hard")
        #expect(inside > 40 && inside < 128, "inside the glass the edge is blurred: \(inside)")
        #expect(image[25, 20].r < 5 && image[55, 20].r > 250, "far from the edge nothing changes")
    }

    @Test func edgeModesReadPastTheEdge() throws {
        // A 3×1 backdrop with pixels 10, 20, 30 read from x = −2 to 4.
        let image = try PixelBuffer(width: 3, height: 1, premultipliedRGBA: [10, 10, 10, 255, 20, 20, 20, 255, 30, 30, 30, 255])
        let surface = try CairoSurface(image: image)
        func reds(_ mode: EdgeMode) throws -> [UInt8] {
            let region = try surface.region(x: -2, y: 0, width: 7, height: 1, edge: mode)
            return (0..<7).map { region[$0, 0].r }
        }
        #expect(try reds(.mirror) == [20, 10, 10, 20, 30, 30, 20])
        #expect(try reds(.clamp) == [10, 10, 10, 20, 30, 30, 30])
        #expect(try reds(.decal) == [0, 0, 10, 20, 30, 0, 0])
    }

    @Test func filterParametersAnimate() throws {
        let text = """
            version: 1
            description: d
            size: [50, 50]
            clock: {fps: 10, duration: 1}
            layers:
              - frame: [10, 10, 30, 30]
                backgroundColor: black
                filters: [{name: soft, gaussianBlur: {radius: 8}}]
                animations: [{keyPath: filters.soft.radius, from: 8, to: 0, duration: 1}]
            """
        let scene = try SceneLoader.decode(Data(text.utf8), format: .yaml, file: "f.yaml", baseURL: URL(fileURLWithPath: "/"), defaultName: "f")
        #expect(scene.presentation(atSeconds: 0.25).layers[0].filters[0].filter == .gaussianBlur(radius: 6))
        #expect(scene.presentation(atSeconds: 2).layers[0].filters[0].filter == .gaussianBlur(radius: 8))
        let bad = text.replacingOccurrences(of: "filters.soft.radius", with: "filters.hard.radius")
        do {
            _ = try SceneLoader.decode(Data(bad.utf8), format: .yaml, file: "f.yaml", baseURL: URL(fileURLWithPath: "/"), defaultName: "f")
            Issue.record("expected an error")
        } catch {
            #expect(error.keyPath == "layers[0].animations[0].keyPath")
            #expect(error.expected.contains("soft"))
        }
    }

    @Test func filterSceneErrors() {
        func error(_ filters: String) -> SceneError? {
            let text = "version: 1\ndescription: d\nsize: [10, 10]\nlayers:\n  - filters: \(filters)\n"
            do {
                _ = try SceneLoader.decode(Data(text.utf8), format: .yaml, file: "f.yaml", baseURL: URL(fileURLWithPath: "/"), defaultName: "f")
                return nil
            } catch { return error }
        }
        #expect(error("[{gaussianBlur: {radius: -1}}]")?.keyPath == "layers[0].filters[0].gaussianBlur.radius")
        #expect(error("[{gausianBlur: {radius: 1}}]")?.expected.contains("did you mean \"gaussianBlur\"?") == true)
        #expect(error("[{gaussianBlur: {radius: 1}, boxBlur: {radius: 1}}]")?.keyPath == "layers[0].filters[0]")
        #expect(error("[{gaussianBlur: {radius: 1}}, {gaussianBlur: {radius: 2}}]")?.keyPath == "layers[0].filters[1].name")
        #expect(error("[{colorMatrix: [1, 2, 3]}]")?.keyPath == "layers[0].filters[0].colorMatrix")
        #expect(error("[{variableBlur: {radius: 4, mask: {linear: {}, squircle: {}}}}]")?.keyPath == "layers[0].filters[0].variableBlur.mask")
        #expect(error("[{motionBlur: {radius: 10, angle: {degrees: 30}, samples: 3}}, {saturation: 0.5}, {tint: {color: red, amount: 0.3}}]") == nil)
    }
}

@Suite("Box blur and colour filters")
struct ColorAndBoxTests {
    @Test func boxBlurAveragesASquareAndGrowsByTheRadius() throws {
        let dot = try PixelBuffer(width: 1, height: 1, premultipliedRGBA: [225, 225, 225, 225])
        let blurred = try BoxBlur.apply(dot, radius: 1)
        #expect(blurred.width == 3 && blurred.height == 3)
        #expect((0..<9).allSatisfy { blurred.pixels[$0 * 4 + 3] == 25 })
        #expect(try BoxBlur.apply(dot, radius: 0) == dot)
    }

    /// The whole image mapped at once (each pixel read as a word, runs of one pixel mapped once)
    /// is every pixel mapped alone.
    @Test func aColorMatrixMapsAnImageAsItMapsEachPixel() throws {
        var state: UInt64 = 0x9E3779B97F4A7C15
        var bytes: [UInt8] = []
        for index in 0..<(13 * 7) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let alpha = index % 5 == 0 ? 0 : index % 3 == 0 ? 255 : UInt8(truncatingIfNeeded: state >> 56)
            let run = index % 4 == 1 ? Array(bytes.suffix(4)) : []
            if run.count == 4 { bytes += run; continue }
            for shift in [48, 40, 32] as [UInt64] { bytes.append(UInt8(Int(UInt8(truncatingIfNeeded: state >> shift)) % (Int(alpha) + 1))) }
            bytes.append(alpha)
        }
        let image = try PixelBuffer(width: 13, height: 7, premultipliedRGBA: bytes)
        let matrix = [0.2, 0.5, 0.1, 0, 0.1, 0.3, 0.3, 0.3, 0, 0, 0, 0.4, 0.9, 0, -0.05, 0, 0, 0, 0.8, 0.1]
        let whole = try ColorMatrix.apply(image, matrix: matrix)
        for y in 0..<7 {
            for x in 0..<13 {
                let o = (y * 13 + x) * 4
                let alone = try ColorMatrix.apply(PixelBuffer(width: 1, height: 1, premultipliedRGBA: Array(bytes[o..<(o + 4)])), matrix: matrix)
                #expect(Array(whole.pixels[o..<(o + 4)]) == alone.pixels, "pixel \(x), \(y)")
            }
        }
    }

    @Test func colorMatricesHaveTheirMeaning() throws {
        let orange = try PixelBuffer(width: 1, height: 1, straightRGBA: [255, 128, 0, 255])
        let grey = try ColorMatrix.apply(orange, matrix: ColorMatrix.saturation(0))
        #expect(grey[0, 0].r == grey[0, 0].g && grey[0, 0].g == grey[0, 0].b)
        #expect(try ColorMatrix.apply(orange, matrix: ColorMatrix.identity) == orange)
        #expect(try ColorMatrix.apply(orange, matrix: ColorMatrix.saturation(1)) == orange)
        #expect(try ColorMatrix.apply(orange, matrix: ColorMatrix.contrast(1)) == orange)
        #expect(try ColorMatrix.apply(orange, matrix: ColorMatrix.brightness(0.5))[0, 0].b == 128)
        let tinted = try ColorMatrix.apply(orange, matrix: ColorMatrix.tint(red: 0, green: 0, blue: 1, amount: 1))
        #expect(tinted[0, 0] == (0, 0, 255, 255))
        // Alpha is kept and transparency stays premultiplied.
        let half = try PixelBuffer(width: 1, height: 1, straightRGBA: [255, 0, 0, 128])
        let result = try ColorMatrix.apply(half, matrix: ColorMatrix.saturation(0))
        #expect(result[0, 0].a == 128 && result[0, 0].r <= 128)
        #expect(throws: RasterError.self) { try ColorMatrix.apply(half, matrix: [1, 2]) }
    }
}

@Suite("Filter chains with a window")
struct FilterWindowTests {
    @Test func aWindowedChainIsTheCropOfTheWholeChain() throws {
        let image = try TestImages.structured()
        let chains: [[Filter]] = [[.gaussianBlur(radius: 6)], [.gaussianBlur(radius: 20), .saturation(1.6)],
                                  [.motionBlur(radius: 5, angle: 0.3, samples: 3), .gaussianBlur(radius: 2), .tint(Color(red: 1, green: 0, blue: 0), amount: 0.2)],
                                  [.brightness(0.1)]]
        let window = PixelWindow(x: 4, y: -3, width: 30, height: 20)
        for chain in chains {
            let whole = try FilterKernels.applyGrowing(chain, to: image)
            let part = try FilterKernels.applyGrowing(chain, to: image, window: window)
            #expect(part.outsetX == -window.x && part.outsetY == -window.y)
            let expected = try whole.image.cropped(to: PixelWindow(x: window.x + whole.outsetX, y: window.y + whole.outsetY,
                                                                   width: window.width, height: window.height))
            #expect(part.image == expected, "\(chain)")
        }
    }
}
