import Foundation
import StrataModel
import StrataScene

/// Text layers (`ty` 5) drawn from the glyph outlines the file carries (`chars`: each character's
/// shapes at size 100 and its advance), which After Effects exports from the font the designer
/// used: filled (and stroked) shape layers, line by line, placed as lottie-ios's Core Animation
/// engine places them (`LottieTextLayout`). Text whose glyphs the file lacks is laid out by Pango in
/// Helvetica's design, as CoreText draws a font iOS lacks. The first text document is shown
/// throughout, as lottie-ios's Core Animation engine does; text animators move the characters of
/// glyph text as After Effects does (`LottieTextAnimators`).
extension LottieLayerBuilder {
    func textLayer(_ node: LottieNode, name: String?, time: LottieTime) throws(SceneError) -> Layer? {
        let text = try node.required("t", "the text")
        let documents = try text.required("d", "the text document").required("k", "the document keyframes").array(max: 10_000)
        let animators = try LottieTextAnimators(text["a"], context: context)
        // lottie-ios's Core Animation engine shows a text layer's first document throughout.
        guard let first = documents.first else { return nil }
        if documents.count > 1 { context.warn(documents[1].path, "later text documents are not shown (lottie-ios's Core Animation engine shows the first)") }
        let layers = [try glyphs(try first.required("s", "the text document"), name: name, animators: animators, time: time,
                                 animatorsPath: text.path + ".a")]
        var holder = Layer(name: name)
        holder.anchorPoint = .zero
        holder.sublayers = layers
        return holder
    }

    /// One text document as shape layers of its glyphs, or — when the file carries no glyphs of
    /// its font — as text laid out by Pango in Helvetica's design (TeX Gyre Heros), as lottie-ios's
    /// Core Animation engine draws through CoreText a font that iOS lacks in Helvetica.
    private func glyphs(_ document: LottieNode, name: String?, animators: LottieTextAnimators, time: LottieTime,
                        animatorsPath: String) throws(SceneError) -> Layer {
        var string = try document.required("t", "the text").string(max: Limits.maximumTextLength)
        // Caps (`ca`): 1 all caps, as After Effects' All Caps and lottie-web draw it (the
        // upper-case letters); 2 small caps is drawn as written, with a warning.
        switch try document.integer("ca", default: 0, in: 0...2) {
        case 1: string = string.uppercased()
        case 2: context.warn(document.path + ".ca", "small caps are drawn as written")
        default: break
        }
        // Baseline shift (`ls`, points, up): every line moves up by it (the Lottie text document's
        // baseline shift, as lottie-web places it).
        let baselineShift = try document.number("ls", default: 0, in: -100_000...100_000)
        let fontName = try document.string("f") ?? ""
        let size = try document.number("s", default: 10, in: 0...10_000)
        let tracking = try document.number("tr", default: 0, in: -100_000...100_000)
        let lineHeight = try document.number("lh", default: size * 1.2, in: -100_000...100_000)
        let justification = try document.integer("j", default: 0, in: 0...6)
        // A text box (`sz`, `ps`): lines start at its left edge (or are aligned in its width); no wrapping.
        let box = try document["sz"].map { n throws(SceneError) in try n.vector() }
        let boxOrigin = try document["ps"].map { n throws(SceneError) in try n.vector() } ?? [0, 0]
        let lines = string.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" })
        let font = context.fonts[fontName]
        // A text provider's text (`LottieValueRewriter`) is drawn from the file's glyphs only when
        // they cover all of it: the file carries the glyphs of its own text, and lottie-ios draws
        // a provided text in the font, as it draws every text.
        let provided = document[LottieValueRewriter.providedTextKey] != nil
        let covered = { (character: Character) in font.map { context.glyph(String(character), family: $0.family, style: $0.style) != nil } ?? false }
        let characters = lines.joined()
        let someGlyphs = characters.contains(where: covered)
        let hasGlyphs = provided ? someGlyphs && characters.allSatisfy(covered) : someGlyphs
        // lottie-ios maps justification 3…6 (justify, last line left, right, centred or full) to
        // CoreText's justified alignment, whose last line — here every line — is left-aligned.
        let alignment = justification == 1 ? 1 : justification == 2 ? 2 : 0
        // The user's font file for a text without glyphs (`--font DIR`), as an app's font provider
        // gives lottie-ios one.
        var user: UserFont?
        if !hasGlyphs, let userFonts = context.userFonts, let font {
            user = try userFonts.file(name: fontName, family: font.family, style: font.style)
        }
        var layout = LottieTextLayout(size: size, lineHeight: lineHeight, alignment: alignment, justified: justification >= 3,
                                      box: box.flatMap { $0.count >= 2 && boxOrigin.count >= 2 ? Rect(x: boxOrigin[0], y: boxOrigin[1], width: $0[0], height: $0[1]) : nil },
                                      // The ascent that places a justified point text's top at its position: the
                                      // user's font's as CoreText gives it, the file's font's (After Effects' ascent,
                                      // in percent of the size), else Helvetica's.
                                      ascent: user?.metrics.ascent ?? (hasGlyphs ? (font?.ascent ?? 75) / 100 : LottieTextLayout.helveticaAscent))
        if let user { layout.boxBaseline = user.metrics.capHeight }
        try context.count(2, at: document.path)
        let fill = try document["fc"].map { n throws(SceneError) in LottieColor.color(try n.vector()) }
        let strokeColor = try document["sc"].map { n throws(SceneError) in LottieColor.color(try n.vector()) }
        let strokeWidth = try document.number("sw", default: 0, in: 0...Limits.maximumLineWidth)
        var layer = Layer(name: name)
        layer.anchorPoint = .zero
        if let strokeColor, strokeWidth > 0 {
            // lottie-ios hands `sw` to CoreText's stroke width, which is a percentage of the font
            // size, and draws the stroke under the fill unless `of` is true (CoreTextRenderLayer).
            layout.stroke = (strokeColor, min(Limits.maximumLineWidth, strokeWidth * size / 100), try document.number("of", default: 0, in: 0...1) == 1)
        }
        // A stroke without a fill colour is drawn alone, as CoreText draws it.
        let fontFill = fill ?? (layout.stroke == nil ? .black : .clear)
        if let user, let font {
            // The user's font (`--font DIR`), in the family the file names itself.
            context.usedUserFonts[fontName] = user.sha256
            layer.sublayers = lines.enumerated().compactMap { index, line in
                line.isEmpty ? nil : layout.userFontLine(String(line), index: index, family: user.family, style: font.style, file: user.path,
                                                         ascent: user.metrics.layoutAscent, color: fontFill, tracking: tracking / 1000 * size)
            }
            layer.position.y -= baselineShift
            return layer
        }
        if !animators.isEmpty && !(font != nil && hasGlyphs) {
            context.warn(animatorsPath, "text animators are applied to text drawn from the file's glyphs only; this text is drawn in a font without them")
        }
        guard let font, hasGlyphs else {
            let lacking = someGlyphs ? "the text provider's text holds characters with no glyph in the file of the font \"\(fontName)\""
                                     : "no glyphs of the font \"\(fontName)\" are in the file"
            context.warn(document.path + ".f", "\(lacking): drawn in Helvetica's design (TeX Gyre Heros), as Core Animation draws a font the device lacks\(context.userFonts == nil ? " (give the font's file with --font DIR)" : ", and no file of --font's folder is named for it")")
            let bold = fontName.contains("Bold") && ["Helvetica", "Arial"].contains { fontName.hasPrefix($0) }
            layer.sublayers = lines.enumerated().compactMap { index, line in
                line.isEmpty ? nil : layout.fontLine(String(line), index: index, bold: bold, color: fontFill, tracking: tracking / 1000 * size)
            }
            layer.position.y -= baselineShift
            return layer
        }
        let strokeOverFill = try document.number("of", default: 1, in: 0...1) == 1
        if !animators.isEmpty, let characters = try animatedGlyphLayers(
            animators, lines: lines.map(Array.init), family: font.family, style: font.style, layout: layout, tracking: tracking,
            baselineShift: baselineShift, fill: fill, stroke: strokeColor, strokeWidth: strokeWidth, strokeOverFill: strokeOverFill,
            time: time, path: animatorsPath) {
            layer.sublayers = characters
            return layer
        }
        var path = Path()
        for (index, line) in lines.enumerated() {
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
            var origin = layout.lineOrigin(index: index, width: max(0, x - tracking / 1000 * size))
            origin.y -= baselineShift
            for (glyphPath, offset) in glyphPaths {
                let placed = glyphPath.applying(Transform2D.scale(x: size / 100, y: size / 100).concatenating(.translation(x: offset + origin.x, y: origin.y)))
                for element in placed.elements { path.append(element) }
            }
        }
        var fillLayer = Layer(name: "fill")
        fillLayer.anchorPoint = .zero
        fillLayer.shape = ShapeContent(path: path, fillColor: fill)
        var strokeLayer = Layer(name: "stroke")
        strokeLayer.anchorPoint = .zero
        strokeLayer.shape = ShapeContent(path: path, fillColor: nil, strokeColor: strokeColor, lineWidth: strokeWidth, lineJoin: .miter)
        layer.sublayers = strokeColor == nil || strokeWidth == 0 ? [fillLayer] : strokeOverFill ? [fillLayer, strokeLayer] : [strokeLayer, fillLayer]
        return layer
    }
}

/// Where lottie-ios's Core Animation engine puts a text document's lines (its CoreText layer):
/// point text has its first baseline at the layer's origin and each line left-aligned from it,
/// right-aligned to it or centred on it — or, justified, its top-left corner at the origin; a text
/// box starts its lines at the box's left edge (aligned in its width) with the first baseline a
/// fixed part of the size below the box's top. Lines are `lineHeight` apart.
struct LottieTextLayout {
    /// Helvetica's ascent in CoreText, in ems.
    static let helveticaAscent = 0.77
    /// TeX Gyre Heros's ascent as Pango places it (the top of a line to its baseline), in ems.
    static let herosAscent = 1.148
    /// Helvetica's first baseline below a text box's top, in ems. lottie-ios's CoreTextRenderLayer
    /// makes the text layer taller than the box by the font's ascent less its cap height and puts
    /// that much above the box's top, and CoreText sets the first line one ascent below the layer's
    /// top: the baseline lies one cap height below the box's top (so it does in Core Animation's
    /// picture of pr_2436, in the Airbnb Cereal file lottie-ios's test bundles: 0.710 em). For
    /// Helvetica, CoreText adds to that a line gap the font's tables do not give, measured on
    /// Core Animation's picture of issue_2545 (52.5 pt at 63 pt, against a cap height of 0.717 em).
    static let helveticaBoxBaseline = 0.833

    var size: Double
    var lineHeight: Double
    /// 0 left, 1 right, 2 centred.
    var alignment: Int
    var justified: Bool
    var box: Rect?
    /// The font's ascent, in ems.
    var ascent: Double
    /// The first baseline below a text box's top, in ems: the font's cap height
    /// (`helveticaBoxBaseline` for the Helvetica CoreText draws a font iOS lacks in).
    var boxBaseline = Self.helveticaBoxBaseline
    /// The stroke of text set in a font (CoreText's stroke attributes as lottie-ios sets them):
    /// its colour, width in points and whether it is drawn over the fill; nil draws none.
    var stroke: (color: Color, width: Double, overFill: Bool)? = nil

    /// The start of line `index`'s baseline, for a line `width` points wide.
    func lineOrigin(index: Int, width: Double) -> Point {
        let pitch = lineHeight > 0 ? lineHeight : size * 1.2
        if let box {
            let x = box.minX + (alignment == 1 ? box.width - width : alignment == 2 ? (box.width - width) / 2 : 0)
            return Point(x: x, y: box.minY + boxBaseline * size + Double(index) * pitch)
        }
        if justified { return Point(x: 0, y: ascent * size + Double(index) * pitch) }
        return Point(x: alignment == 1 ? -width : alignment == 2 ? -width / 2 : 0, y: Double(index) * pitch)
    }

    /// Whether CoreText kerns pairs of letters as lottie-ios sets its attributes: it gives the
    /// tracking as the kern attribute (and ligatures 0), and a kern of 0 turns kerning off while any
    /// other value moves letters from their kerned places (CoreText's kCTKernAttributeName; Core
    /// Animation's picture of pr_2436, tracked −13, shows the font's pairs kerned).
    static func pairKerning(tracking: Double) -> Bool { tracking != 0 }

    /// One line as a Pango text layer in TeX Gyre Heros: its bounds are wide enough for any
    /// glyph of the line and aligned as the line is, their top one ascent above the baseline.
    func fontLine(_ line: String, index: Int, bold: Bool, color: Color, tracking: Double = 0) -> Layer {
        // CoreText sets a line's baseline a whole number of points below its top, where the layer
        // is placed by the font's exact ascent: the baseline sits lower by the rounding.
        let ascent = Self.helveticaAscent * size, rounding = box == nil && !justified ? ascent.rounded(.up) - ascent : 0
        return lineLayer(TextContent(string: line, fontFamily: "Helvetica", fontSize: size, isBold: bold, color: color,
                                     kerning: Self.pairKerning(tracking: tracking), ligatures: false),
                         index: index, top: Self.herosAscent * size - rounding, tracking: tracking)
    }

    /// One line as a Pango text layer in the user's font file of `family` (`--font`): placed as
    /// `fontLine`, with `ascent` the one Pango lays the file's lines out with (in ems), so that the
    /// baseline falls where CoreText puts it.
    func userFontLine(_ line: String, index: Int, family: String, style: String, file: String, ascent: Double, color: Color, tracking: Double) -> Layer {
        // The weight and slant the style names (After Effects' style names: Bold, Light Italic…),
        // so that the face asked for is the file's.
        let words = style.lowercased()
        let weights: [(String, Double)] = [("thin", 100), ("extralight", 200), ("ultralight", 200), ("light", 300), ("medium", 500),
                                           ("semibold", 600), ("demibold", 600), ("extrabold", 800), ("ultrabold", 800), ("bold", 700),
                                           ("black", 900), ("heavy", 900)]
        let compact = words.filter { $0 != " " && $0 != "-" }
        let weight = weights.first { compact.contains($0.0) }?.1 ?? 400
        return lineLayer(TextContent(string: line, fontFamily: family, fontSize: size, isItalic: words.contains("italic") || words.contains("oblique"),
                                     color: color, weight: weight, fontFile: file, kerning: Self.pairKerning(tracking: tracking), ligatures: false),
                         index: index, top: ascent * size, tracking: tracking)
    }

    /// A line's layer holding `text`, its baseline `top` below the layer's top, its letters spaced
    /// by `tracking` points. The bounds span enough width for any glyph of the line from its
    /// start: a centred or right-aligned line is set in them by Pango as CoreText sets it about
    /// the origin.
    private func lineLayer(_ text: TextContent, index: Int, top: Double, tracking: Double) -> Layer {
        let count = Double(text.string.count)
        let width = size * (count + 2) + abs(tracking) * count
        let start = lineOrigin(index: index, width: width)
        var layer = Layer(name: "line \(index + 1)")
        layer.anchorPoint = .zero
        layer.bounds = Rect(x: 0, y: 0, width: width, height: size * 2)
        layer.position = Point(x: start.x, y: start.y - top)
        var text = text
        text.alignment = alignment == 1 ? .right : alignment == 2 ? .center : .left
        text.letterSpacing = tracking
        if let stroke {
            text.strokeColor = stroke.color
            text.strokeWidth = stroke.width
            text.strokeOverFill = stroke.overFill
        }
        layer.text = text
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
