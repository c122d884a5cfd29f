import Foundation
import StrataKit
import StrataLottie
import StrataModel
import StrataScene
import StrataTestSupport
import Testing

/// A text document's caps (`ca`) and baseline shift (`ls`).
@Suite("Lottie: text caps and baseline shift") struct LottieTextDocumentTests {
    static func scene(caps: Int, shift: Double, tracking: Double = 0) throws -> Scene {
        let document = #"{"t":"abc","f":"NoSuchFont","s":20,"j":0,"fc":[0,0,0],"ca":\#(caps),"ls":\#(shift),"tr":\#(tracking)}"#
        let layer = #"{"ty":5,"ind":1,"ip":0,"op":20,"st":0,"ks":{"a":{"k":[0,0]},"p":{"k":[10,50]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"t":{"d":{"k":[{"t":0,"s":\#(document)}]}}}"#
        let json = #"{"v":"5.7.0","fr":10,"ip":0,"op":20,"w":100,"h":100,"assets":[],"fonts":{"list":[{"fName":"NoSuchFont","fFamily":"NoSuchFont","fStyle":"Regular","ascent":75}]},"layers":[\#(layer)]}"#
        return try importLottie(Data(json.utf8))
    }

    static func strings(_ layers: [Layer]) -> [String] {
        layers.flatMap { ($0.text.map { [$0.string] } ?? []) + strings($0.sublayers) }
    }

    /// The rows that carry ink (alpha over 128) in the frame at time 0.
    static func inkRows(_ scene: Scene) throws -> [Int] {
        let image = try FrameRenderer(scene: scene).render(atSeconds: 0).image
        return (0..<image.height).filter { y in (0..<image.width).contains { image[$0, y].a > 128 } }
    }

    @Test func allCapsUpperCasesAndBaselineShiftMovesTheLinesUp() throws {
        #expect(Self.strings(try Self.scene(caps: 0, shift: 0).layers) == ["abc"])
        #expect(Self.strings(try Self.scene(caps: 1, shift: 0).layers) == ["ABC"])
        let small = try Self.scene(caps: 2, shift: 0)
        #expect(small.warnings.contains { $0.contains(".ca") && $0.contains("small caps") })
        let plain = try Self.inkRows(Self.scene(caps: 0, shift: 0)), shifted = try Self.inkRows(Self.scene(caps: 0, shift: 6))
        #expect(!plain.isEmpty && shifted.first == plain.first! - 6 && shifted.last == plain.last! - 6, "\(plain.first ?? -1)…\(plain.last ?? -1) → \(shifted.first ?? -1)…\(shifted.last ?? -1)")
    }

    /// `--font DIR` (`LottieUserFonts`): the file named for the font, in the weight its style names
    /// and the family the file names itself.
    @Test func aUserFontFileIsNamedByTheFontAndStyle() throws {
        let folder = TestPaths.temporaryDirectory(prefix: "strata-user-fonts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("My Brand_Semi-Bold.otf")
        try FileManager.default.copyItem(at: TestPaths.root.appendingPathComponent("Sources/StrataRender/Fonts/texgyreheros-bold.otf"), to: file)
        let document = #"{"t":"Hi","f":"MyBrand-SemiBold","s":20,"j":0,"fc":[0,0,0]}"#
        let layer = #"{"ty":5,"ind":1,"ip":0,"op":20,"st":0,"ks":{"a":{"k":[0,0]},"p":{"k":[10,50]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"t":{"d":{"k":[{"t":0,"s":\#(document)}]}}}"#
        let json = #"{"v":"5.7.0","fr":10,"ip":0,"op":20,"w":100,"h":100,"assets":[],"fonts":{"list":[{"fName":"MyBrand-SemiBold","fFamily":"My Brand","fStyle":"Semi Bold","ascent":72}]},"layers":[\#(layer)]}"#
        let scene = try LottieImporter.decode(Data(json.utf8), file: "t.json", baseURL: nil, name: "t", fonts: try LottieUserFonts(folder: folder.path))
        func texts(_ layers: [Layer]) -> [TextContent] { layers.flatMap { ($0.text.map { [$0] } ?? []) + texts($0.sublayers) } }
        let text = try #require(texts(scene.layers).first)
        // Pango is asked for the family the file names itself, not After Effects' name for it.
        #expect(text.fontFile == file.standardizedFileURL.path && text.fontFamily == "TeX Gyre Heros" && text.weight == 600, "\(text)")
        #expect(!scene.warnings.contains { $0.contains("Helvetica") }, "\(scene.warnings)")
        #expect(scene.source?.overrides["font.MyBrand-SemiBold"]?.count == 64)
    }

    /// Tracking (`tr`, thousandths of an em) spaces the letters of text drawn without the file's
    /// glyphs too: 200 at 20 points is 4 points after each of the three letters.
    @Test func trackingSpacesTextDrawnInAFont() throws {
        func inkColumns(_ scene: Scene) throws -> ClosedRange<Int> {
            let image = try FrameRenderer(scene: scene).render(atSeconds: 0).image
            let columns = (0..<image.width).filter { x in (0..<image.height).contains { image[x, $0].a > 128 } }
            return columns.first!...columns.last!
        }
        let plain = try inkColumns(Self.scene(caps: 0, shift: 0)), spaced = try inkColumns(Self.scene(caps: 0, shift: 0, tracking: 200))
        #expect(spaced.lowerBound == plain.lowerBound)
        #expect(abs((spaced.upperBound - plain.upperBound) - 8) <= 1, "two gaps of 4 points before the last letter: \(plain) → \(spaced)")
        #expect(!(try Self.scene(caps: 0, shift: 0, tracking: 200)).warnings.contains { $0.contains(".tr") })
    }

    /// A text document's stroke (`sc`, `sw`, `of`) on text drawn in a font, as lottie-ios hands it
    /// to CoreText: `sw` is a percentage of the font size, under the fill unless `of` is true; a
    /// stroke with no fill colour is drawn alone.
    @Test func aStrokeOnTextDrawnInAFontIsCoreTexts() throws {
        func text(_ fields: String) throws -> (TextContent, [String]) {
            let document = #"{"t":"Hi","f":"NoSuchFont","s":40,"j":0,\#(fields)}"#
            let layer = #"{"ty":5,"ind":1,"ip":0,"op":20,"st":0,"ks":{"a":{"k":[0,0]},"p":{"k":[10,50]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"t":{"d":{"k":[{"t":0,"s":\#(document)}]}}}"#
            let json = #"{"v":"5.7.0","fr":10,"ip":0,"op":20,"w":100,"h":100,"assets":[],"fonts":{"list":[{"fName":"NoSuchFont","fFamily":"NoSuchFont","fStyle":"Regular","ascent":75}]},"layers":[\#(layer)]}"#
            let scene = try importLottie(Data(json.utf8))
            func texts(_ layers: [Layer]) -> [TextContent] { layers.flatMap { ($0.text.map { [$0] } ?? []) + texts($0.sublayers) } }
            return (try #require(texts(scene.layers).first), scene.warnings)
        }
        let (under, warnings) = try text(#""fc":[1,1,0],"sc":[0,0,1],"sw":5"#)
        #expect(under.strokeColor == Color(red: 0, green: 0, blue: 1) && under.strokeWidth == 2 && !under.strokeOverFill, "\(under)")
        #expect(!warnings.contains { $0.contains(".sc") }, "\(warnings)")
        let (over, _) = try text(#""fc":[1,1,0],"sc":[0,0,1],"sw":5,"of":true"#)
        #expect(over.strokeOverFill)
        let (alone, _) = try text(#""sc":[0,0,1],"sw":5"#)
        #expect(alone.color.alpha == 0 && alone.isStroked)
        let (none, _) = try text(#""fc":[0,0,0],"sc":[0,0,1],"sw":0"#)
        #expect(!none.isStroked && none.color == .black)
    }
}
