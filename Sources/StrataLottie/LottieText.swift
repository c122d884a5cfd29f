import Foundation
import StrataModel
import StrataScene

/// Text layers (`ty` 5) drawn from the glyph outlines the file carries (`chars`: each character's
/// shapes at size 100 and its advance), which After Effects exports from the font the designer
/// used: filled (and stroked) shape layers, line by line, justified left, right or centred. The
/// first text document is shown throughout, as lottie-ios's Core Animation engine does. Text with no glyphs
/// in the file (it would need the font), text boxes and text animators are warned, not drawn.
extension LottieLayerBuilder {
    func textLayer(_ node: LottieNode, name: String?) throws(SceneError) -> Layer? {
        let text = try node.required("t", "the text")
        let documents = try text.required("d", "the text document").required("k", "the document keyframes").array(max: 10_000)
        if let animators = text["a"], try !animators.array().isEmpty { context.warn(animators.path, "text animators are not applied") }
        // lottie-ios's Core Animation engine shows a text layer's first document throughout.
        guard let first = documents.first else { return nil }
        if documents.count > 1 { context.warn(documents[1].path, "later text documents are not shown (lottie-ios's Core Animation engine shows the first)") }
        guard let layer = try glyphs(try first.required("s", "the text document"), name: name) else { return nil }
        let layers = [layer]
        var holder = Layer(name: name)
        holder.anchorPoint = .zero
        holder.sublayers = layers
        return holder
    }

    /// One text document as shape layers of its glyphs; nil (warned) when the file lacks them.
    private func glyphs(_ document: LottieNode, name: String?) throws(SceneError) -> Layer? {
        let string = try document.required("t", "the text").string(max: Limits.maximumTextLength)
        let fontName = try document.string("f") ?? ""
        let size = try document.number("s", default: 10, in: 0...10_000)
        let tracking = try document.number("tr", default: 0)
        let lineHeight = try document.number("lh", default: size * 1.2)
        let justification = try document.integer("j", default: 0, in: 0...6)
        // A text box (`sz`, `ps`): lines start at its left edge (or are justified in its width),
        // the first baseline one ascent below its top; no wrapping.
        let box = try document["sz"].map { n throws(SceneError) in try n.vector() }
        let boxOrigin = try document["ps"].map { n throws(SceneError) in try n.vector() } ?? [0, 0]
        guard let font = context.fonts[fontName] else {
            context.warn(document.path + ".f", "no glyphs of the font \"\(fontName)\" are in the file, so the text is not drawn")
            return nil
        }
        var path = Path()
        var y = 0.0
        var left = 0.0
        if let box, box.count >= 2, boxOrigin.count >= 2 {
            left = boxOrigin[0]
            y = boxOrigin[1] + font.ascent * size / 100
        }
        let boxWidth = box.map { $0.count >= 2 ? $0[0] : 0 }
        for line in string.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }) {
            var glyphPaths: [(Path, Double)] = []
            var x = 0.0
            for character in line {
                guard let glyph = context.glyph(String(character), family: font.family, style: font.style) else {
                    context.warn(document.path + ".t", "the character \"\(character)\" has no glyph in the file and is skipped")
                    continue
                }
                glyphPaths.append((glyph.path, x))
                x += glyph.advance * size / 100 + tracking / 1000 * size
            }
            let width = max(0, x - tracking / 1000 * size)
            // 0 left, 1 right, 2 centre; 3–6 justify a paragraph, whose last (here: every) line
            // is left, right, centred or left.
            let alignment = [0: 0, 1: 1, 2: 2, 3: 0, 4: 1, 5: 2, 6: 0][justification] ?? 0
            var shift = alignment == 1 ? -width : alignment == 2 ? -width / 2 : 0
            if let boxWidth { shift = left + (alignment == 1 ? boxWidth - width : alignment == 2 ? (boxWidth - width) / 2 : 0) }
            for (glyphPath, offset) in glyphPaths {
                let placed = glyphPath.applying(Transform2D.scale(x: size / 100, y: size / 100).concatenating(.translation(x: offset + shift, y: y)))
                for element in placed.elements { path.append(element) }
            }
            y += lineHeight
        }
        try context.count(2, at: document.path)
        var layer = Layer(name: name)
        layer.anchorPoint = .zero
        let fill = try document["fc"].map { n throws(SceneError) in LottieColor.color(try n.vector()) }
        let strokeColor = try document["sc"].map { n throws(SceneError) in LottieColor.color(try n.vector()) }
        let strokeWidth = try document.number("sw", default: 0, in: 0...Limits.maximumLineWidth)
        var fillLayer = Layer(name: "fill")
        fillLayer.anchorPoint = .zero
        fillLayer.shape = ShapeContent(path: path, fillColor: fill)
        var strokeLayer = Layer(name: "stroke")
        strokeLayer.anchorPoint = .zero
        strokeLayer.shape = ShapeContent(path: path, fillColor: nil, strokeColor: strokeColor, lineWidth: strokeWidth, lineJoin: .miter)
        let strokeOverFill = try document.number("of", default: 1, in: 0...1) == 1
        layer.sublayers = strokeColor == nil || strokeWidth == 0 ? [fillLayer] : strokeOverFill ? [fillLayer, strokeLayer] : [strokeLayer, fillLayer]
        return layer
    }
}

/// A glyph from the file: its outline at size 100 (points, baseline at y 0) and its advance.
struct LottieGlyph {
    var path: Path
    var advance: Double
}

extension LottieContext {
    /// Reads `fonts.list` (name → family and style) and `chars` (the glyphs).
    func readFonts(_ root: LottieNode) throws(SceneError) {
        if let list = root["fonts"]?["list"] {
            for font in try list.array(max: 1000) {
                guard let name = try font.string("fName") else { continue }
                fonts[name] = (try font.string("fFamily") ?? name, try font.string("fStyle") ?? "", try font.number("ascent", default: 75, in: -1000...1000))
            }
        }
        guard let chars = root["chars"] else { return }
        for char in try chars.array(max: 10_000) {
            guard let character = try char.string("ch") else { continue }
            let family = try char.string("fFamily") ?? "", style = try char.string("style") ?? ""
            var path = Path()
            func collect(_ items: [LottieNode], depth: Int) throws(SceneError) {
                guard depth < Lottie.maximumNesting else { throw char.error("glyph shapes nested at most \(Lottie.maximumNesting) deep") }
                for item in items {
                    switch try item.string("ty") {
                    case "gr": try collect(try item["it"]?.array() ?? [], depth: depth + 1)
                    case "sh":
                        let bezier = try item.required("ks", "the glyph's path").property { (n: LottieNode) throws(SceneError) in try n.bezier() }.first
                        bezier.append(to: &path)
                    default: break
                    }
                }
            }
            try collect(try char["data"]?["shapes"]?.array() ?? [], depth: 0)
            glyphs["\(family)\u{0}\(style)\u{0}\(character)"] = LottieGlyph(path: path, advance: try char.number("w", default: 0))
        }
    }

    func glyph(_ character: String, family: String, style: String) -> LottieGlyph? {
        glyphs["\(family)\u{0}\(style)\u{0}\(character)"]
    }
}
