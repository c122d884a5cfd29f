import Foundation
import StrataKit
import StrataLottie
import StrataModel
@testable import StrataScene
import StrataTestSupport
import Testing

/// Text set in a font the user gives (`--font DIR`) is placed as lottie-ios's CoreTextRenderLayer
/// places it, from the font file's own metrics: point text on its baseline, box text one cap
/// height below the box's top; a tracked text keeps the font's pair kerning, as CoreText does.
@Suite("Lottie: text in the user's font") struct LottieUserFontTests {
    static let heros = TestPaths.root.appendingPathComponent("Sources/StrataRender/Fonts/texgyreheros-regular.otf")

    @Test func theMetricsAreTheFontTablesInEms() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.heros))
        // TeX Gyre Heros: 1000 units per em, hhea 1148 / −284, OS/2 (version 4) cap height 729.
        #expect(FontFileCheck.verticalMetrics(bytes) == FontVerticalMetrics(layoutAscent: 1.148, ascent: 1.148, descent: 0.284, capHeight: 0.729))
        // With USE_TYPO_METRICS set, Pango (HarfBuzz) lays lines out with the typographic
        // ascender (784); CoreText's ascent stays hhea's.
        let tables = try #require(FontFileCheck.tableDirectory(bytes, at: 0).tables)
        let os2 = try #require(tables["OS/2"])
        var typo = bytes
        typo[os2.offset + 63] |= 0x80
        #expect(FontFileCheck.verticalMetrics(typo)?.layoutAscent == 0.784)
        #expect(FontFileCheck.verticalMetrics(typo)?.ascent == 1.148)
        // DejaVu Sans's OS/2 table is version 1, without a cap height: the ascent stands for it.
        let dejaVu = [UInt8](try Data(contentsOf: TestPaths.root.appendingPathComponent("Sources/StrataRender/Fonts/DejaVuSans.ttf")))
        let metrics = try #require(FontFileCheck.verticalMetrics(dejaVu))
        #expect(abs(metrics.ascent - 1901.0 / 2048) < 1e-12 && metrics.capHeight == metrics.ascent)
        // A file cut short is no font, and has no metrics or name.
        #expect(FontFileCheck.verticalMetrics(Array(bytes.prefix(400))) == nil)
        #expect(FontFileCheck.familyName(Array(bytes.prefix(400))) == nil)
        // The family fontconfig lists each file under (typographic family, else family).
        #expect(FontFileCheck.familyName(bytes) == "TeX Gyre Heros")
        #expect(FontFileCheck.familyName(dejaVu) == "DejaVu Sans")
    }

    /// A scene of one text document (`fields` added) in the font "MyBrand-Regular", with the folder
    /// that holds Heros under that name.
    static func scene(_ fields: String) throws -> Scene {
        let folder = TestPaths.temporaryDirectory(prefix: "strata-user-fonts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.heros, to: folder.appendingPathComponent("MyBrand-Regular.otf"))
        let document = #"{"t":"HH","f":"MyBrand-Regular","s":100,"j":0,"fc":[0,0,0],\#(fields)}"#
        let layer = #"{"ty":5,"ind":1,"ip":0,"op":20,"st":0,"ks":{"a":{"k":[0,0]},"p":{"k":[20,150]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"t":{"d":{"k":[{"t":0,"s":\#(document)}]}}}"#
        // After Effects' ascent in the file (60 %) is not the font's: the file's tables place it.
        let json = #"{"v":"5.7.0","fr":10,"ip":0,"op":20,"w":400,"h":300,"assets":[],"fonts":{"list":[{"fName":"MyBrand-Regular","fFamily":"My Brand","fStyle":"Regular","ascent":60}]},"layers":[\#(layer)]}"#
        return try LottieImporter.decode(Data(json.utf8), file: "t.json", baseURL: nil, name: "t", fonts: try LottieUserFonts(folder: folder.path))
    }

    /// The first and last rows with ink (alpha over 128) at time 0.
    static func inkRows(_ scene: Scene) throws -> ClosedRange<Int> {
        let image = try FrameRenderer(scene: scene).render(atSeconds: 0).image
        let rows = (0..<image.height).filter { y in (0..<image.width).contains { image[$0, y].a > 128 } }
        return try #require(rows.first)...(try #require(rows.last))
    }

    @Test func pointTextSitsOnItsBaselineAndBoxTextOneCapHeightBelowTheBoxsTop() throws {
        // Point text: the baseline at the layer's position (y 150); an H stands on it, 72.9 tall.
        let point = try Self.inkRows(Self.scene(#""tr":0"#))
        #expect(abs(point.upperBound - 149) <= 1 && abs(point.lowerBound - 77) <= 1, "\(point)")
        // A box whose top is 120 points above the position (y 30): the H's top at the box's top,
        // its baseline one cap height (72.9) below it.
        let box = try Self.inkRows(Self.scene(#""sz":[300,200],"ps":[0,-120]"#))
        #expect(abs(box.lowerBound - 30) <= 1 && abs(box.upperBound - 102) <= 1, "\(box)")
    }

    @Test func trackedTextIsKernedAndUntrackedTextIsNot() throws {
        func texts(_ layers: [Layer]) -> [TextContent] { layers.flatMap { ($0.text.map { [$0] } ?? []) + texts($0.sublayers) } }
        #expect(texts(try Self.scene(#""tr":0"#).layers).map(\.kerning) == [false])
        #expect(texts(try Self.scene(#""tr":-13"#).layers).map(\.kerning) == [true])
    }

    /// Hostile font files: every table the metrics and the family name are read from corrupted,
    /// byte by byte from a seeded generator, and cut short; nothing reads past the bytes or crashes,
    /// and a font without units per em is refused by `--font` with its path.
    @Test func corruptTablesAreReadSafelyOrRefused() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.heros))
        let tables = try #require(FontFileCheck.tableDirectory(bytes, at: 0).tables)
        var state: UInt64 = 0x2545F4914F6CDD1D
        func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) }
        for tag in ["head", "hhea", "OS/2", "name"] {
            let table = try #require(tables[tag])
            for _ in 0..<300 {
                var corrupt = bytes
                for _ in 0..<(1 + next() % 8) { corrupt[table.offset + next() % min(table.length, 96)] = UInt8(truncatingIfNeeded: next()) }
                _ = FontFileCheck.verticalMetrics(corrupt)
                _ = FontFileCheck.familyName(corrupt)
                let cut = Array(corrupt.prefix(table.offset + next() % table.length))
                _ = FontFileCheck.verticalMetrics(cut)
                _ = FontFileCheck.familyName(cut)
            }
        }
        // Units per em of 0 (head + 18): no metrics, and `--font` names the file.
        var flat = bytes
        let head = try #require(tables["head"])
        flat[head.offset + 18] = 0; flat[head.offset + 19] = 0
        #expect(FontFileCheck.verticalMetrics(flat) == nil)
        let folder = TestPaths.temporaryDirectory(prefix: "strata-user-fonts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("MyBrand-Regular.otf")
        try Data(flat).write(to: file)
        let json = #"{"v":"5.7.0","fr":10,"ip":0,"op":20,"w":40,"h":40,"assets":[],"fonts":{"list":[{"fName":"MyBrand-Regular","fFamily":"My Brand","fStyle":"Regular"}]},"layers":[{"ty":5,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"H","f":"MyBrand-Regular","s":20}}]}}}]}"#
        #expect(throws: SceneError.self) { try LottieImporter.decode(Data(json.utf8), file: "t.json", baseURL: nil, name: "t", fonts: try LottieUserFonts(folder: folder.path)) }
        do {
            _ = try LottieImporter.decode(Data(json.utf8), file: "t.json", baseURL: nil, name: "t", fonts: try LottieUserFonts(folder: folder.path))
        } catch {
            #expect("\(error)".contains("MyBrand-Regular.otf") && "\(error)".contains("units per em"), "\(error)")
        }
    }
}
