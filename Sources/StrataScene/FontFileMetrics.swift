/// A font's vertical metrics, in ems (fractions of its size), read from its `head`, `hhea` and
/// `OS/2` tables: what a text layout needs to place a font's first baseline without drawing it.
package struct FontVerticalMetrics: Sendable, Equatable {
    /// The ascent Pango lays lines out with (HarfBuzz's rule: OS/2's typographic ascender when
    /// the font sets USE_TYPO_METRICS, else `hhea`'s ascender): a line's top to its baseline.
    package var layoutAscent: Double
    /// `hhea`'s ascender, which CoreText reports as the font's ascent (`CTFontGetAscent`).
    package var ascent: Double
    /// `hhea`'s descender, positive below the baseline (`CTFontGetDescent`).
    package var descent: Double
    /// OS/2's capital height (version 2 and later); the ascent when the font gives none.
    package var capHeight: Double
}

extension FontFileCheck {
    /// The vertical metrics of the file's first face, or nil when its tables are missing, short or
    /// give no units per em. Only reads bytes the checks of `problem(_:)` have shown to be inside
    /// the file; every value is bounded (±4 ems).
    package static func verticalMetrics(_ bytes: [UInt8]) -> FontVerticalMetrics? {
        guard problem(bytes) == nil else { return nil }
        let start = bytes[0..<4].elementsEqual("ttcf".utf8) ? Int(uint32(bytes, 12)) : 0
        guard let tables = tableDirectory(bytes, at: start).tables, let head = tables["head"], let hhea = tables["hhea"],
              head.length >= 54, hhea.length >= 10 else { return nil }
        let unitsPerEm = Double(uint16(bytes, head.offset + 18))
        guard unitsPerEm >= 16 else { return nil }
        func ems(_ value: UInt16) -> Double { max(-4, min(4, Double(Int16(bitPattern: value)) / unitsPerEm)) }
        let ascent = ems(uint16(bytes, hhea.offset + 4)), descent = -ems(uint16(bytes, hhea.offset + 6))
        var layoutAscent = ascent, capHeight = ascent
        if let os2 = tables["OS/2"], os2.length >= 78 {
            // fsSelection bit 7: USE_TYPO_METRICS.
            if uint16(bytes, os2.offset + 62) & 0x80 != 0 { layoutAscent = ems(uint16(bytes, os2.offset + 68)) }
            if uint16(bytes, os2.offset) >= 2, os2.length >= 90 { capHeight = ems(uint16(bytes, os2.offset + 88)) }
        }
        return FontVerticalMetrics(layoutAscent: layoutAscent, ascent: ascent, descent: descent, capHeight: capHeight)
    }
}

extension FontFileCheck {
    /// The family fontconfig lists the file's first face under — its `name` table's typographic
    /// family (name 16), else its family (name 1), in Windows' Unicode records (or Mac Roman's when
    /// it has none) — so a text can ask Pango for this file's face by name; nil when it has none.
    package static func familyName(_ bytes: [UInt8]) -> String? {
        guard problem(bytes) == nil else { return nil }
        let start = bytes[0..<4].elementsEqual("ttcf".utf8) ? Int(uint32(bytes, 12)) : 0
        guard let name = tableDirectory(bytes, at: start).tables?["name"], name.length >= 6 else { return nil }
        let count = Int(uint16(bytes, name.offset + 2)), strings = name.offset + Int(uint16(bytes, name.offset + 4))
        guard 6 + 12 * count <= name.length else { return nil }
        var found: [Int: String] = [:]
        for index in 0..<count {
            let record = name.offset + 6 + 12 * index
            let platform = uint16(bytes, record), encoding = uint16(bytes, record + 2), id = Int(uint16(bytes, record + 6))
            let length = Int(uint16(bytes, record + 8)), offset = strings + Int(uint16(bytes, record + 10))
            guard id == 1 || id == 16, length > 0, length <= 512, offset + length <= name.offset + name.length else { continue }
            let raw = bytes[offset..<(offset + length)]
            var text: String?
            if platform == 3 && (encoding == 1 || encoding == 10) || platform == 0 {
                let units = stride(from: raw.startIndex, to: raw.endIndex - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
                text = String(decoding: units, as: UTF16.self)
            } else if platform == 1 && encoding == 0 && found[id] == nil && raw.allSatisfy({ $0 < 0x80 }) {
                text = String(decoding: raw, as: UTF8.self)
            }
            if let text, !text.isEmpty, platform != 1 || found[id] == nil { found[id] = text }
        }
        return found[16] ?? found[1]
    }
}
