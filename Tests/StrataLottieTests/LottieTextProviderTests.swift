import Foundation
import StrataKit
import StrataLottie
import StrataModel
import StrataScene
import StrataTestSupport
import Testing

/// Text providers (lottie-ios's `DictionaryTextProvider`, `strata --text`) and the text layer's
/// colour providers (`…Color`, `…Stroke Color`), applied by `LottieValueRewriter`.
@Suite("Lottie text providers and text colours") struct LottieTextProviderTests {
    /// A text layer `name` showing `text` in `font` at size 20, black, with a stroke width.
    static func textLayer(_ name: String, _ text: String, font: String = "NoSuchFont", index: Int = 1) -> String {
        let document = #"{"t":"\#(text)","f":"\#(font)","s":20,"j":0,"fc":[0,0,0],"sw":2}"#
        return #"{"ty":5,"nm":"\#(name)","ind":\#(index),"ip":0,"op":20,"st":0,"ks":{"a":{"k":[0,0]},"p":{"k":[10,50]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"t":{"d":{"k":[{"t":0,"s":\#(document)}]}}}"#
    }

    /// A top-level text layer "Title", a precomposition "Card" holding another "Title", and a
    /// text "Boxed" in the font "Box", whose glyphs the file carries for "A" and "B" only.
    static let file: Data = {
        let box = #"{"fFamily":"Box","style":"Regular","size":100,"w":60,"data":{"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"k":{"c":true,"v":[[10,0],[10,-70],[50,-70],[50,0]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]}]}}"#
        let chars = ["A", "B"].map { #"{"ch":"\#($0)","# + box.dropFirst() }.joined(separator: ",")
        let card = #"{"id":"card","layers":[\#(textLayer("Title", "inner"))]}"#
        let placement = #"{"ty":0,"nm":"Card","refId":"card","ind":2,"ip":0,"op":20,"st":0,"w":100,"h":100,"ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}}"#
        let layers = [textLayer("Title", "outer"), placement, textLayer("Boxed", "AB", font: "Box", index: 3)].joined(separator: ",")
        let fonts = #"{"list":[{"fName":"NoSuchFont","fFamily":"NoSuchFont","fStyle":"Regular","ascent":75},{"fName":"Box","fFamily":"Box","fStyle":"Regular","ascent":70}]}"#
        return Data(#"{"v":"5.7.0","fr":10,"ip":0,"op":20,"w":100,"h":100,"assets":[\#(card)],"fonts":\#(fonts),"chars":[\#(chars)],"layers":[\#(layers)]}"#.utf8)
    }()

    static func importing(sets: [String] = [], texts: [String]) throws -> Scene {
        try LottieImporter.decode(file, file: "test.json", baseURL: nil, name: "test",
                                  values: Pipeline.valueProviders(parsing: sets, texts: texts))
    }

    /// The texts laid out in a font, bottom first (the precomposition's, then the top level's).
    static func strings(_ layers: [Layer]) -> [String] { LottieTextDocumentTests.strings(layers) }

    static func texts(_ layers: [Layer]) -> [TextContent] {
        layers.flatMap { ($0.text.map { [$0] } ?? []) + texts($0.sublayers) }
    }

    @Test func textIsReadAsKeypathAndText() throws {
        let provider = try LottieValueProvider(parsingText: "Card.Title=a = b")
        #expect(provider.keypath == ["Card", "Title"] && provider.text == "a = b" && provider.keyframes.isEmpty)
        #expect(provider.description == "Card.Title=a = b")
        for (bad, message) in [("Title", "expected KEYPATH=TEXT"), ("a..b=x", "keypath of names"), ("=x", "keypath of names"),
                               ("a=" + String(repeating: "x", count: Limits.maximumTextLength + 1), "at most")] {
            do {
                _ = try LottieValueProvider(parsingText: bad)
                Issue.record("\(bad.prefix(20)) was read")
            } catch {
                #expect(error.description.contains(message), "\(bad.prefix(20)): \(error)")
            }
        }
        #expect(throws: StrataError.self) { try Pipeline.valueProviders(parsing: [], texts: ["no equals sign"]) }
    }

    /// As `DictionaryTextProvider`: the full keypath first, then the layer's own name, which
    /// names text layers in precompositions too; `**` (lottie-ios's test's `HardcodedTextProvider`)
    /// every text layer.
    @Test func aTextLayerIsNamedByItsKeypathThenByItsName() throws {
        #expect(Self.strings(try Self.importing(texts: []).layers) == ["inner", "outer"])
        let byName = try Self.importing(texts: ["Title=Hello"])
        #expect(Self.strings(byName.layers) == ["Hello", "Hello"])
        #expect(!byName.warnings.contains { $0.contains("names no property") })
        let byPath = try Self.importing(texts: ["Card.Title=Inside", "Title=Hello"])
        #expect(Self.strings(byPath.layers) == ["Inside", "Hello"])
        #expect(Self.strings(try Self.importing(texts: ["Card.Title=Inside"]).layers) == ["Inside", "outer"])
        #expect(Self.strings(try Self.importing(texts: ["**=Every"]).layers).allSatisfy { $0 == "Every" })
        let none = try Self.importing(texts: ["Other.Title=x"])
        #expect(Self.strings(none.layers) == ["inner", "outer"])
        #expect(none.warnings.contains { $0.contains("the value provider Other.Title=x names no property") })
        // A value provider does not set text, nor a text provider values.
        let colour = try Self.importing(sets: ["**.Title=1"], texts: [])
        #expect(Self.strings(colour.layers) == ["inner", "outer"])
    }

    /// Glyph text keeps its glyphs when they cover the provided text; otherwise the provided text
    /// is drawn in the font, as lottie-ios draws every text, not with characters left out.
    @Test func providedTextWithoutGlyphsIsDrawnInTheFont() throws {
        let plain = try Self.importing(texts: [])
        #expect(!Self.strings(plain.layers).contains("AB"))
        let covered = try Self.importing(texts: ["Boxed=BA"])
        #expect(!Self.strings(covered.layers).contains("BA"))
        #expect(!covered.warnings.contains { $0.contains("layers[2]") }, "\(covered.warnings)")
        let uncovered = try Self.importing(texts: ["Boxed=ABC"])
        #expect(Self.strings(uncovered.layers).contains("ABC"))
        #expect(uncovered.warnings.contains { $0.contains("layers[2].t.d.k[0].s.f") && $0.contains("the text provider's text holds characters with no glyph") })
        #expect(!uncovered.warnings.contains { $0.contains("is skipped") })
    }

    /// lottie-ios's Core Animation engine sets a text layer's fill and stroke colours from
    /// `LAYER.Color` and `LAYER.Stroke Color`, the first keyframe only.
    @Test func colourProvidersSetTheTextsFillAndStroke() throws {
        let scene = try Self.importing(sets: ["**.Title.Color=0:0,1,0,1;10:0,0,1,1", "Card.Title.Stroke Color=#ff0000"], texts: [])
        let texts = Self.texts(scene.layers)
        #expect(texts.count == 2)
        #expect(texts.allSatisfy { $0.color == Color(red: 0, green: 1, blue: 0, alpha: 1) }, "\(texts.map(\.color))")
        #expect(texts[0].strokeColor == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(texts[1].strokeColor == nil)
        #expect(!scene.warnings.contains { $0.contains("names no property") })
    }

    /// A short text given to every text layer of a file holding many is bounded: the texts the
    /// providers put in documents total at most 1,000,000 bytes, or the file is refused, naming
    /// the layer where the budget ran out.
    @Test func providedTextsAreBoundedInAll() throws {
        let layers = (1...20).map { Self.textLayer("T\($0)", "a", index: $0) }.joined(separator: ",")
        let data = Data(#"{"v":"5.7.0","fr":10,"ip":0,"op":20,"w":100,"h":100,"assets":[],"layers":[\#(layers)]}"#.utf8)
        let text = String(repeating: "x", count: Limits.maximumTextLength)
        func importing(_ providers: [String]) throws -> Scene {
            try LottieImporter.decode(data, file: "many.json", baseURL: nil, name: "many", values: Pipeline.valueProviders(parsing: [], texts: providers))
        }
        #expect(try importing(["T1=" + text, "T2=" + text]).warnings.allSatisfy { !$0.contains("names no property") })
        do {
            _ = try importing(["**=" + text])
            Issue.record("20 texts of 100,000 bytes were read")
        } catch {
            #expect("\(error)".contains("many.json") && "\(error)".contains("at most 1000000 bytes") && "\(error)".contains("at the text layer T"), "\(error)")
        }
    }
}
