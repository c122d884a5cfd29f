import Foundation
import StrataModel
import StrataRaster
@testable import StrataRender
import StrataScene
import StrataTestSupport
import Testing

/// A stroke along text's outlines (`TextContent.strokeColor`, `strokeWidth`, `strokeOverFill`),
/// as NSAttributedString's stroke attributes draw one: centred on the glyphs' outlines, over the
/// fill or under it.
@Suite("Text strokes") struct TextStrokeTests {
    static let yellow = Color(red: 1, green: 0.8, blue: 0.1), blue = Color(red: 0, green: 0, blue: 1)

    static func render(_ configure: (inout TextContent) -> Void) throws -> PixelBuffer {
        var text = TextContent(string: "HIT", fontFamily: "DejaVu Sans", fontSize: 48, isBold: true, color: yellow)
        configure(&text)
        var layer = Layer(name: "t", frame: Rect(x: 10, y: 5, width: 140, height: 70))
        layer.text = text
        return try Renderer.render([layer], size: Size(width: 160, height: 80), scale: 1, background: .white)
    }

    /// Pixels whose colour is within `tolerance` of `color` in every channel.
    static func pixels(of color: Color, in image: PixelBuffer, tolerance: Int = 24) -> Set<Int> {
        let target = [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
        var found = Set<Int>()
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                if abs(Int(p.r) - target[0]) <= tolerance, abs(Int(p.g) - target[1]) <= tolerance, abs(Int(p.b) - target[2]) <= tolerance { found.insert(y * image.width + x) }
            }
        }
        return found
    }

    @Test func aStrokeIsDrawnOverOrUnderTheFillOrAlone() throws {
        let plain = try Self.render { _ in }
        let filled = Self.pixels(of: Self.yellow, in: plain)
        #expect(filled.count > 500 && Self.pixels(of: Self.blue, in: plain).isEmpty)
        let over = try Self.render { $0.strokeColor = Self.blue; $0.strokeWidth = 4 }
        let under = try Self.render { $0.strokeColor = Self.blue; $0.strokeWidth = 4; $0.strokeOverFill = false }
        let alone = try Self.render { $0.color = .clear; $0.strokeColor = Self.blue; $0.strokeWidth = 4 }
        // Over the fill, the stroke's inner half covers fill pixels; under it, every pixel the
        // plain text fills is still the fill, and the stroke shows only outside it.
        let overBlue = Self.pixels(of: Self.blue, in: over), underBlue = Self.pixels(of: Self.blue, in: under)
        #expect(overBlue.intersection(filled).count > 100, "\(overBlue.intersection(filled).count)")
        #expect(underBlue.intersection(filled).isEmpty)
        #expect(underBlue.count > 200)
        let solid = Self.pixels(of: Self.yellow, in: plain, tolerance: 1)
        #expect(solid.subtracting(Self.pixels(of: Self.yellow, in: under, tolerance: 1)).isEmpty, "fully filled pixels the stroke under the fill changed")
        // Alone: the outline, both halves, and no fill; the stroke of the other two, unchanged.
        let aloneBlue = Self.pixels(of: Self.blue, in: alone)
        #expect(Self.pixels(of: Self.yellow, in: alone).isEmpty)
        #expect(aloneBlue.isSuperset(of: overBlue.subtracting(filled).filter { underBlue.contains($0) }))
        #expect(aloneBlue.intersection(filled).count > 100)
        // No colour, or no width: no stroke.
        #expect(try Self.render { $0.strokeWidth = 4 }.pixels == plain.pixels)
        #expect(try Self.render { $0.strokeColor = Self.blue }.pixels == plain.pixels)
    }

    @Test func theExtentGrowsByTheStrokesReach() throws {
        let text = TextContent(string: "HIT", fontSize: 20)
        var stroked = text
        stroked.strokeColor = Self.blue
        stroked.strokeWidth = 2
        let bounds = Rect(x: 0, y: 0, width: 100, height: 30)
        let plain = DrawOperation.text(text, bounds: bounds).extent, grown = DrawOperation.text(stroked, bounds: bounds).extent
        #expect(abs(grown.minX - (plain.minX - 10)) < 1e-9 && abs(grown.width - (plain.width + 20)) < 1e-9, "\(plain) → \(grown)")
    }

    @Test func sceneFilesNameTheStroke() throws {
        func decode(_ text: String) throws(SceneError) -> Scene {
            try SceneLoader.decode(Data("version: 1\ndescription: d\nsize: [100, 40]\nlayers:\n  - {frame: [0, 0, 100, 40], text: {\(text)}}\n".utf8),
                                   format: .yaml, file: "t.yaml", baseURL: PackagePaths.scenes, defaultName: "t")
        }
        let text = try #require(try decode("string: Hi, strokeColor: '#0000ff', strokeWidth: 1.5, strokeOverFill: false").layers[0].text)
        #expect(text.strokeColor == Self.blue && text.strokeWidth == 1.5 && !text.strokeOverFill)
        for (bad, key) in [("strokeWidth: -1", "strokeWidth"), ("strokeWidth: .inf", "strokeWidth"), ("strokeColor: bluish", "strokeColor"), ("strokeOverFill: 2", "strokeOverFill")] {
            #expect(throws: SceneError.self) { try decode("string: Hi, \(bad)") }
            do { _ = try decode("string: Hi, \(bad)") } catch { #expect(error.keyPath == "layers[0].text.\(key)", "\(bad): \(error)") }
        }
    }
}
