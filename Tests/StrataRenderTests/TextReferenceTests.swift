import StrataTestSupport
import Foundation
import Testing
import StrataModel
import StrataRaster
@testable import StrataRender
import StrataScene

/// Strata's text against Pango's own renderer: `pango-view` (Debian's pango1.0-tools; scripts/test
/// installs it) draws the same string on the same font files (a fontconfig file naming Strata's
/// Fonts folder), size and width, unhinted at 72 dpi; Strata draws it as a text layer of that
/// size. Line breaks, ellipses, shaping and kerning show as pixels: the images must agree within
/// 2/255 (measured: identical). pango-view 1.50 gives unrounded line metrics — Strata's
/// CAIRO_HINT_METRICS_OFF — when asked for `--hint-metrics=on` (its `off` rounds each line to
/// whole pixels), so that is what it is asked for.
@Suite("Text against pango-view", .serialized)
struct TextReferenceTests {
    static let fonts = PackagePaths.root.appendingPathComponent("Sources/StrataRender/Fonts").path

    struct Case {
        let text: String
        let font: String
        let size: Double
        var width: Int? = nil
        var height: Int? = nil
        var options: [String] = []
        var yaml: String = ""
    }

    static let cases: [Case] = [
        Case(text: "Text wraps at the width of its layer, lines are justified, kerning pairs like AV and To tighten, and fallback finds every script.",
             font: "DejaVu Sans", size: 12, width: 252, options: ["--wrap=word-char", "--justify"], yaml: "wrapped: true, alignment: justified"),
        Case(text: "The quick brown fox jumps over the lazy dog", font: "DejaVu Sans", size: 13, width: 180,
             options: ["--ellipsize=middle"], yaml: "truncation: middle"),
        Case(text: "The quick brown fox jumps over the lazy dog", font: "DejaVu Sans", size: 13, width: 150,
             options: ["--ellipsize=start"], yaml: "truncation: start"),
        Case(text: "A long note that wraps onto more lines than its box can hold, so the last line that fits ends with an ellipsis instead.",
             font: "DejaVu Sans", size: 12, width: 252, height: 36, options: ["--wrap=word-char", "--ellipsize=end"], yaml: "wrapped: true, truncation: end"),
        // Physically left: pango-view draws the line from x = 0 (Strata's natural alignment would put
        // a right-to-left line against the right edge of a box wider than the line).
        Case(text: "مرحبا بالعالم", font: "Noto Sans Arabic", size: 20, yaml: "alignment: left"),
        Case(text: "नमस्ते दुनिया — हिन्दी", font: "DejaVu Sans", size: 18),
        Case(text: "Bold AVATAR, Wave, Toy", font: "DejaVu Sans Bold", size: 16, yaml: "bold: true"),
    ]

    @Test(.tags(.pangoView), Oracle.pangoView.trait)
    func textMatchesPangoView() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-pango-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("fonts.conf")
        try """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <dir>\(Self.fonts)</dir>
              <cachedir>\(directory.path)/cache</cachedir>
              <include>\(Self.fonts)/fonts.conf</include>
            </fontconfig>
            """.write(to: config, atomically: true, encoding: .utf8)
        for (index, test) in Self.cases.enumerated() {
            let output = directory.appendingPathComponent("pango-\(index).png")
            var arguments = ["env", "FONTCONFIG_FILE=\(config.path)", "pango-view", "--backend=cairo", "--font=\(test.font) \(test.size)",
                             "--pixels", "--hinting=none", "--antialias=gray", "--hint-metrics=on", "--subpixel-positions",
                             "--margin=0", "-q", "-o", output.path, "--text=\(test.text)"] + test.options
            if let width = test.width { arguments.append("--width=\(width)") }
            if let height = test.height { arguments.append("--height=\(height)") }
            _ = try TestProcess.checkedOutput(arguments)
            let reference = try PNGCodec.decode([UInt8](Data(contentsOf: output)))
            let family = test.font.replacingOccurrences(of: " Bold", with: "")
            let escaped = test.text.replacingOccurrences(of: "\"", with: "\\\"")
            let scene = try SceneLoader.decode(Data("""
                version: 1
                description: pango-view case \(index)
                size: [\(reference.width), \(reference.height)]
                background: white
                layers:
                  - {frame: [0, 0, \(reference.width), \(reference.height)], text: {string: "\(escaped)", font: "\(family)", size: \(test.size), color: black\(test.yaml.isEmpty ? "" : ", " + test.yaml)}}
                """.utf8), format: .yaml, file: "case.yaml", baseURL: directory, defaultName: "case")
            let frame = try Renderer.render(RenderTreeBuilder(size: scene.size, scale: 1, background: scene.background).build(scene.layers))
            var worst = 0, differing = 0
            for y in 0..<reference.height {
                for x in 0..<reference.width {
                    let a = frame[x, y], b = reference[x, y]
                    let dr: Int = abs(Int(a.r) - Int(b.r)), dg: Int = abs(Int(a.g) - Int(b.g)), db: Int = abs(Int(a.b) - Int(b.b))
                    let d = max(dr, dg, db)
                    worst = max(worst, d)
                    if d > 0 { differing += 1 }
                }
            }
            print("pango-view case \(index): \(differing) pixels differ, by up to \(worst)/255")
            #expect(worst <= 2, "case \(index) (\(test.text.prefix(24))…): \(differing) pixels differ, by up to \(worst)/255")
            #expect(reference.width > 20 && reference.height > 10)
        }
    }

    @Test func layoutsAreShapedOncePerStringAndWidth() throws {
        let text = TextContent(string: "Shaped once", fontSize: 14, color: .black, isWrapped: true)
        let engine = TextEngine.current
        let before = engine.layoutsMade
        for _ in 0..<20 { _ = engine.extent(of: text, in: Rect(x: 0, y: 0, width: 80, height: 40)) }
        #expect(engine.layoutsMade == before + 1)
        _ = engine.extent(of: text, in: Rect(x: 0, y: 0, width: 60, height: 40))
        #expect(engine.layoutsMade == before + 2, "another width is another layout")
    }

    @Test func onlyStratasFontsAreConsulted() throws {
        // A family no font here has falls back to DejaVu Sans: the same pixels as asking for it.
        func render(_ family: String) throws -> PixelBuffer {
            var layer = Layer(name: "t", frame: Rect(x: 0, y: 0, width: 200, height: 30))
            layer.text = TextContent(string: "Fallback 123", fontFamily: family, fontSize: 16, color: .black)
            return try Renderer.render([layer], size: Size(width: 200, height: 30), scale: 1, background: .white)
        }
        #expect(try render("Liberation Serif").pixels == render("DejaVu Sans").pixels)
        #expect(try render("sans-serif").pixels == render("DejaVu Sans").pixels)
    }

    @Test func helveticaAndArialAreDrawnInTeXGyreHerosAndKerningAndLigaturesCanBeTurnedOff() throws {
        func render(_ text: TextContent) throws -> PixelBuffer {
            var layer = Layer(name: "t", frame: Rect(x: 0, y: 0, width: 240, height: 40))
            layer.text = text
            return try Renderer.render([layer], size: Size(width: 240, height: 40), scale: 1, background: .white)
        }
        /// The ink's columns: first and last with a dark pixel.
        func inkColumns(_ image: PixelBuffer) -> ClosedRange<Int> {
            let columns = (0..<image.width).filter { x in (0..<image.height).contains { image[x, $0].r < 128 } }
            return (columns.first ?? 0)...(columns.last ?? 0)
        }
        let heros = try render(TextContent(string: "AVAVAV office", fontFamily: "TeX Gyre Heros", fontSize: 24, color: .black))
        #expect(try render(TextContent(string: "AVAVAV office", fontFamily: "Helvetica", fontSize: 24, color: .black)).pixels == heros.pixels)
        #expect(try render(TextContent(string: "AVAVAV office", fontFamily: "Arial", fontSize: 24, color: .black)).pixels == heros.pixels)
        #expect(try render(TextContent(string: "AVAVAV office", fontSize: 24, color: .black)).pixels != heros.pixels, "not DejaVu Sans")
        // "AV" pairs are kerned together: without kerning the line is wider, by about five
        // points here (Helvetica's AV kern is −0.074 em; five pairs at 24 pt: 8.9 pt less the rest).
        let unkerned = try render(TextContent(string: "AVAVAV office", fontFamily: "Helvetica", fontSize: 24, color: .black, kerning: false))
        #expect(inkColumns(unkerned).count > inkColumns(heros).count + 3, "\(inkColumns(unkerned)) against \(inkColumns(heros))")
        let noLigatures = try render(TextContent(string: "AVAVAV office", fontFamily: "Helvetica", fontSize: 24, color: .black, ligatures: false))
        #expect(noLigatures.pixels != heros.pixels, "the ffi of office is drawn as three glyphs")
    }

    @Test func aSceneMayAddAFontFileOfItsFolder() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-font-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(atPath: Self.fonts + "/NotoSansDevanagari-Bold.ttf", toPath: directory.appendingPathComponent("Heading.ttf").path)
        try Data("not a font at all".utf8).write(to: directory.appendingPathComponent("Fake.ttf"))
        func scene(_ file: String) throws(SceneError) -> Scene {
            try SceneLoader.decode(Data("""
                version: 1
                description: a font of the scene's own
                size: [200, 40]
                layers:
                  - {frame: [0, 0, 200, 40], text: {string: "नमस्ते", font: "Noto Sans Devanagari", bold: true, size: 20, color: black, fontFile: \(file)}}
                """.utf8), format: .yaml, file: "font.yaml", baseURL: directory, defaultName: "font")
        }
        let good = try scene("Heading.ttf")
        #expect(good.layers[0].text?.fontFile == directory.appendingPathComponent("Heading.ttf").resolvingSymlinksInPath().path)
        let frame = try Renderer.render(RenderTreeBuilder(size: good.size, scale: 1, background: .white).build(good.layers))
        let dark = (0..<frame.height).reduce(0) { total, y in total + (0..<frame.width).filter { x in frame[x, y].r < 128 }.count }
        #expect(dark > 50, "the text is drawn: \(dark) dark pixels")
        for (file, words) in [("Fake.ttf", "TrueType or OpenType"), ("../Heading.ttf", "inside the scene's assets folder"), ("Missing.ttf", "no file at")] {
            do {
                _ = try scene(file)
                Issue.record("\(file) was accepted")
            } catch {
                #expect("\(error)".contains("text.fontFile") && "\(error)".contains(words), "\(error)")
            }
        }
    }
}
