/// Whether a font file's structure is one FreeType can load, checked on its bytes before any
/// library sees it (issue 37): the sfnt table directory lies inside the file, every table it
/// names does too, and the tables a scalable font cannot load without are there — `head` (with
/// its magic number), `maxp` (at least one glyph), `cmap`, `hhea`, `hmtx`, and outlines (`glyf`
/// with `loca`, or `CFF ` / `CFF2`). A file that starts like a font but fails this was accepted
/// before and its text silently fell back to another face; now the scene decoder names it.
package enum FontFileCheck {
    /// The most faces of a collection checked (each is checked like a single font).
    static let maximumFaces = 256

    /// Nil when `bytes` hold a loadable font, else what is wrong, in words.
    package static func problem(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 12 else { return "it is \(bytes.count) bytes, shorter than a font's header" }
        if bytes[0..<4].elementsEqual("ttcf".utf8) {
            let faces = Int(uint32(bytes, 8))
            guard faces >= 1, faces <= maximumFaces, 12 + 4 * faces <= bytes.count else {
                return "its collection header names \(faces) faces, not 1…\(maximumFaces) whose offsets are in the file"
            }
            for face in 0..<faces {
                if let problem = faceProblem(bytes, at: Int(uint32(bytes, 12 + 4 * face))) {
                    return "face \(face) of the collection: \(problem)"
                }
            }
            return nil
        }
        return faceProblem(bytes, at: 0)
    }

    /// What is wrong with the face whose table directory starts at `start`.
    static func faceProblem(_ bytes: [UInt8], at start: Int) -> String? {
        let directory = tableDirectory(bytes, at: start)
        guard let tables = directory.tables else { return directory.problem }
        for required in ["head", "maxp", "cmap", "hhea", "hmtx"] where tables[required] == nil {
            return "it has no '\(required)' table, which every scalable font needs"
        }
        guard tables["glyf"] != nil && tables["loca"] != nil || tables["CFF "] != nil || tables["CFF2"] != nil else {
            return "it has no outlines (neither 'glyf' with 'loca' nor 'CFF ' nor 'CFF2')"
        }
        let head = tables["head"]!
        guard head.length >= 54, uint32(bytes, head.offset + 12) == 0x5F0F_3CF5 else {
            return "its 'head' table is not one (\(head.length) bytes, without the magic number 5F0F3CF5)"
        }
        let maxp = tables["maxp"]!
        guard maxp.length >= 6, uint16(bytes, maxp.offset + 4) >= 1 else { return "its 'maxp' table gives it no glyphs" }
        return nil
    }

    /// The table directory of the face starting at `start`: each table's offset and length, all
    /// inside the file — or, when the directory does not fit, what is wrong, in words.
    static func tableDirectory(_ bytes: [UInt8], at start: Int) -> (tables: [String: (offset: Int, length: Int)]?, problem: String?) {
        guard start >= 0, start + 12 <= bytes.count else { return (nil, "its table directory at byte \(start) is past the end of the file") }
        let tableCount = Int(uint16(bytes, start + 4))
        guard tableCount >= 1, start + 12 + 16 * tableCount <= bytes.count else {
            return (nil, "its table directory lists \(tableCount) tables, which do not fit in the file's \(bytes.count) bytes")
        }
        var tables: [String: (offset: Int, length: Int)] = [:]
        for index in 0..<tableCount {
            let record = start + 12 + 16 * index
            let tag = String(decoding: bytes[record..<(record + 4)], as: UTF8.self)
            let offset = Int(uint32(bytes, record + 8)), length = Int(uint32(bytes, record + 12))
            guard offset <= bytes.count, length <= bytes.count - offset else {
                return (nil, "its table '\(tag)' (bytes \(offset)…\(offset + length)) runs past the end of the file (\(bytes.count) bytes): the file is truncated or not a font")
            }
            tables[tag] = (offset, length)
        }
        return (tables, nil)
    }

    static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }

    static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }
}
