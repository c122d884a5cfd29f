import Foundation
import StrataModel
import StrataRaster

/// A layer's `text:`: the text, its font and its stroke.
extension SceneDecoder {
    @inline(never)
    func text(_ value: SceneValue, at path: String) throws(SceneError) -> TextContent {
        let e = try reader.object(value, at: path, allowed: [
            "string", "font", "size", "bold", "italic", "weight", "color", "alignment", "wrapped", "isWrapped", "truncation", "lineSpacing",
            "fontFile", "kerning", "ligatures", "strokeColor", "strokeWidth", "strokeOverFill",
        ])
        guard let stringValue = e["string"] else {
            throw SceneError(file: reader.file, keyPath: SceneReader.join(path, "string"), expected: "the text to draw", found: "nothing", line: value.line)
        }
        var text = TextContent(string: try reader.string(stringValue, at: SceneReader.join(path, "string")))
        if let v = e["font"] { text.fontFamily = try reader.string(v, at: SceneReader.join(path, "font")) }
        if let v = e["size"] { text.fontSize = try reader.number(v, at: SceneReader.join(path, "size"), in: TextContent.fontSizes) }
        if let v = e["bold"] { text.isBold = try reader.bool(v, at: SceneReader.join(path, "bold")) }
        if let v = e["italic"] { text.isItalic = try reader.bool(v, at: SceneReader.join(path, "italic")) }
        if let v = e["color"] { text.color = try reader.color(v, at: SceneReader.join(path, "color")) }
        if let v = e["alignment"] { text.alignment = try reader.enumeration(v, at: SceneReader.join(path, "alignment"), as: TextAlignment.self) }
        if let v = e["weight"] { text.weight = try reader.number(v, at: SceneReader.join(path, "weight"), in: 100...1000) }
        if let v = e["wrapped"] { text.isWrapped = try reader.bool(v, at: SceneReader.join(path, "wrapped")) }
        if let v = e["isWrapped"] { text.isWrapped = try reader.bool(v, at: SceneReader.join(path, "isWrapped")) }
        if let v = e["truncation"] { text.truncation = try reader.enumeration(v, at: SceneReader.join(path, "truncation"), as: TruncationMode.self) }
        if let v = e["lineSpacing"] { text.lineSpacing = try reader.number(v, at: SceneReader.join(path, "lineSpacing"), in: -1000...1000) }
        if let v = e["fontFile"] { text.fontFile = try fontFile(v, at: SceneReader.join(path, "fontFile")) }
        if let v = e["kerning"] { text.kerning = try reader.bool(v, at: SceneReader.join(path, "kerning")) }
        if let v = e["ligatures"] { text.ligatures = try reader.bool(v, at: SceneReader.join(path, "ligatures")) }
        if let v = e["strokeColor"] { text.strokeColor = try reader.color(v, at: SceneReader.join(path, "strokeColor")) }
        if let v = e["strokeWidth"] { text.strokeWidth = try reader.number(v, at: SceneReader.join(path, "strokeWidth"), in: 0...Limits.maximumLineWidth) }
        if let v = e["strokeOverFill"] { text.strokeOverFill = try reader.bool(v, at: SceneReader.join(path, "strokeOverFill")) }
        guard text.string.utf8.count <= Limits.maximumTextLength else {
            throw reader.error(SceneReader.join(path, "string"), expected: "text of at most \(Limits.maximumTextLength) bytes", found: stringValue)
        }
        if let problem = text.layoutCostProblem {
            throw SceneError(file: reader.file, keyPath: SceneReader.join(path, "string"), expected: problem.expected, found: problem.found, line: stringValue.line)
        }
        return text
    }
}
