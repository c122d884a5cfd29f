/// A strict JSON reader (RFC 8259) for scene files and Lottie animations: it keeps each value's
/// line, refuses duplicate keys and trailing commas as YAML refuses duplicates, bounds nesting,
/// and reports a syntax error with its line and column. Foundation's decoder does none of these.
/// It reads the text in place and writes a `JSONTape` no longer than the text (plus a few bytes
/// for exotic numbers), so parsing costs about twice the document, never an object per value.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var tape: [UInt8] = []
    private var markOffsets: [UInt32] = []
    private var markLines: [UInt32] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Parses one JSON document (a UTF-8 byte order mark is skipped).
    mutating func parse() throws(SceneError) -> SceneValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
        guard bytes.count < Int(UInt32.max) / 2 else {
            throw SceneError(file: file, keyPath: "", expected: "a JSON document under 2 GB", found: "\(bytes.count) bytes")
        }
        tape.reserveCapacity(bytes.count + 16)
        skipSpace()
        try parseValue(depth: 0)
        skipSpace()
        guard index == bytes.count else { throw syntax("the end of the document") }
        return SceneValue(tape: JSONTape(bytes: tape, markOffsets: markOffsets, markLines: markLines), offset: 0)
    }

    // MARK: - Writing the tape

    private mutating func appendVarint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            tape.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        tape.append(UInt8(value))
    }

    /// Notes the line a value written at the tape's end starts on, when it is a new one.
    private mutating func mark() {
        if line > (markLines.last.map(Int.init) ?? 1) {
            markOffsets.append(UInt32(tape.count))
            markLines.append(UInt32(line))
        }
    }

    /// Opens a list or mapping: its kind and one byte for its length, patched by `close`.
    private mutating func open(_ kind: UInt8) -> Int {
        tape.append(kind)
        tape.append(0)
        return tape.count
    }

    /// Closes the list or mapping whose members start at `start`: its length is written before
    /// them, the members moved along when it takes more than one byte (and the lines' marks too).
    private mutating func close(_ start: Int) {
        let length = tape.count - start
        var size = 1
        while length >> (7 * size) > 0 { size += 1 }
        if size > 1 {
            tape.insert(contentsOf: repeatElement(0, count: size - 1), at: start)
            var first = markOffsets.count
            while first > 0, Int(markOffsets[first - 1]) >= start { first -= 1 }
            for i in first..<markOffsets.count { markOffsets[i] += UInt32(size - 1) }
        }
        var value = length, at = start - 1
        for byte in 0..<size {
            tape[at] = UInt8(value & 0x7F) | (byte < size - 1 ? 0x80 : 0)
            value >>= 7
            at += 1
        }
    }

    private var column: Int { index - lineStart + 1 }

    private func syntax(_ expected: String) -> SceneError {
        let found: String
        if index >= bytes.count {
            found = "the end of the file"
        } else {
            let character = String(decoding: bytes[index..<min(bytes.count, index + 1)], as: UTF8.self)
            found = "\"\(character)\" at line \(line), column \(column)"
        }
        return SceneError(file: file, keyPath: "", expected: "valid JSON: \(expected)", found: found, line: line)
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A: index += 1; line += 1; lineStart = index
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8, _ description: String) throws(SceneError) {
        guard index < bytes.count, bytes[index] == byte else { throw syntax(description) }
        index += 1
    }

    private mutating func parseValue(depth: Int) throws(SceneError) {
        guard depth <= SceneValue.maximumNesting else {
            throw SceneError(file: file, keyPath: "", expected: "nesting at most \(SceneValue.maximumNesting) levels deep", found: "deeper nesting", line: line)
        }
        guard index < bytes.count else { throw syntax("a value") }
        mark()
        switch bytes[index] {
        case 0x7B: try parseObject(depth: depth)
        case 0x5B: try parseArray(depth: depth)
        case 0x22:
            tape.append(JSONTape.Kind.string)
            try parseString()
        case 0x74: try literal("true"); tape.append(JSONTape.Kind.true)
        case 0x66: try literal("false"); tape.append(JSONTape.Kind.false)
        case 0x6E: try literal("null"); tape.append(JSONTape.Kind.null)
        case 0x2D, 0x30...0x39: try parseNumber()
        default: throw syntax("a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func literal(_ word: StaticString) throws(SceneError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw syntax("\(word)") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw syntax("\(word)") }
        index += count
    }

    private mutating func parseObject(depth: Int) throws(SceneError) {
        index += 1
        let start = open(JSONTape.Kind.object)
        // The keys so far are compared in the tape (no string or set per object); a mapping with
        // many keys keeps a set.
        let base = keyStarts.count
        defer { keyStarts.removeSubrange(base...) }
        var seen: Set<String>?
        skipSpace()
        if index < bytes.count, bytes[index] == 0x7D { index += 1; close(start); return }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == 0x22 else { throw syntax(keyStarts.count == base ? "a key in double quotes or }" : "a key in double quotes (no trailing comma)") }
            let keyLine = line
            let keyStart = tape.count
            try parseString()
            var key: String { String(decoding: tape[keyBytes(at: keyStart)], as: UTF8.self) }
            var duplicate = false
            if keyStarts.count - base < 16 {
                for earlier in keyStarts[base...] where sameKey(earlier, keyStart) { duplicate = true; break }
                keyStarts.append(keyStart)
            } else {
                if seen == nil { seen = Set(keyStarts[base...].map { String(decoding: tape[keyBytes(at: $0)], as: UTF8.self) }) }
                duplicate = !seen!.insert(key).inserted
            }
            if duplicate {
                throw SceneError(file: file, keyPath: key, expected: "each key once", found: "a duplicate key", line: keyLine)
            }
            skipSpace()
            if !(index < bytes.count && bytes[index] == 0x3A) { try expect(0x3A, "':' after the key \"\(key)\"") }
            index += 1
            skipSpace()
            try parseValue(depth: depth + 1)
            skipSpace()
            guard index < bytes.count else { throw syntax("',' or '}'") }
            if bytes[index] == 0x2C { index += 1; continue }
            try expect(0x7D, "',' or '}'")
            close(start)
            return
        }
    }

    /// The keys of the mappings being read, as offsets into the tape (see `parseObject`).
    private var keyStarts: [Int] = []

    /// The bytes of the key (or string) written at `offset` of the tape, after its varint length.
    private func keyBytes(at offset: Int) -> Range<Int> {
        var length = 0, shift = 0, at = offset
        while true {
            let byte = tape[at]
            length |= Int(byte & 0x7F) << shift
            at += 1
            if byte < 0x80 { break }
            shift += 7
        }
        return at..<(at + length)
    }

    /// True when the keys written at `a` and `b` of the tape are the same bytes.
    private func sameKey(_ a: Int, _ b: Int) -> Bool {
        let first = keyBytes(at: a), second = keyBytes(at: b)
        guard first.count == second.count else { return false }
        return tape.withUnsafeBufferPointer { tape in
            for offset in 0..<first.count where tape[first.lowerBound + offset] != tape[second.lowerBound + offset] { return false }
            return true
        }
    }

    private mutating func parseArray(depth: Int) throws(SceneError) {
        index += 1
        let start = open(JSONTape.Kind.array)
        skipSpace()
        if index < bytes.count, bytes[index] == 0x5D { index += 1; close(start); return }
        while true {
            skipSpace()
            if index < bytes.count, bytes[index] == 0x5D { throw syntax("a value (no trailing comma)") }
            try parseValue(depth: depth + 1)
            skipSpace()
            guard index < bytes.count else { throw syntax("',' or ']'") }
            if bytes[index] == 0x2C { index += 1; continue }
            try expect(0x5D, "',' or ']'")
            close(start)
            return
        }
    }

    /// Reads a string and writes its UTF-8 length (varint) and bytes to the tape; bytes that
    /// are not UTF-8 are an error.
    private mutating func parseString() throws(SceneError) {
        index += 1  // the opening quote
        // Most strings (every key) hold no escape: copied from the text at once, checked as
        // UTF-8 where they are not ASCII. A string with an escape or a control character is read
        // below, from its start.
        var end = index, ascii = true
        while end < bytes.count {
            let byte = bytes[end]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 { break }
            if byte >= 0x80 { ascii = false }
            end += 1
        }
        if end < bytes.count, bytes[end] == 0x22 {
            let text = UnsafeBufferPointer(rebasing: bytes[index..<end])
            if !ascii, String(validating: text, as: UTF8.self) == nil { throw notUTF8() }
            appendVarint(UInt64(text.count))
            tape.append(contentsOf: text)
            index = end + 1
            return
        }
        var scalars: [UInt8] = []
        ascii = true
        while true {
            guard index < bytes.count else { throw syntax("a closing '\"'") }
            let byte = bytes[index]
            switch byte {
            case 0x22:
                index += 1
                if !ascii, String(validating: scalars, as: UTF8.self) == nil { throw notUTF8() }
                appendVarint(UInt64(scalars.count))
                tape.append(contentsOf: scalars)
                return
            case 0x5C:
                index += 1
                guard index < bytes.count else { throw syntax("an escape") }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case 0x22, 0x5C, 0x2F: scalars.append(escaped)
                case 0x62: scalars.append(0x08)
                case 0x66: scalars.append(0x0C)
                case 0x6E: scalars.append(0x0A)
                case 0x72: scalars.append(0x0D)
                case 0x74: scalars.append(0x09)
                case 0x75:
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x75 else { throw syntax("the second half of a \\u surrogate pair") }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw syntax("a low surrogate") }
                        code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw syntax("a Unicode scalar, not a lone surrogate") }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    index -= 1
                    throw syntax("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
                }
            case 0x00...0x1F:
                throw syntax("no control character inside a string (write \\n, \\t)")
            default:
                if byte >= 0x80 { ascii = false }
                scalars.append(byte)
                index += 1
            }
        }
    }

    private func notUTF8() -> SceneError {
        SceneError(file: file, keyPath: "", expected: "UTF-8 text", found: "bytes that are not UTF-8", line: line)
    }

    private mutating func hex4() throws(SceneError) -> UInt32 {
        guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw syntax("four hex digits after \\u")
        }
        index += 4
        return code
    }

    /// Reads a number and writes it to the tape in the shortest of its forms (`JSONTape`).
    private mutating func parseNumber() throws(SceneError) {
        let start = index
        var mantissa: UInt64 = 0, digitCount = 0, fractionDigits = 0
        func digits(_ mantissa: inout UInt64, _ digitCount: inout Int) -> Int {
            let from = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                if digitCount < 19 { mantissa = mantissa * 10 + UInt64(bytes[index] - 0x30) }
                if mantissa > 0 || digitCount > 0 { digitCount += 1 }
                index += 1
            }
            return index - from
        }
        let negative = bytes[index] == 0x2D
        if negative { index += 1 }
        guard index < bytes.count else { throw syntax("a digit") }
        if bytes[index] == 0x30 {
            index += 1
        } else if digits(&mantissa, &digitCount) == 0 {
            throw syntax("a digit")
        }
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            let count = digits(&mantissa, &digitCount)
            guard count > 0 else { throw syntax("a digit after the decimal point") }
            // Leading zeros of the fraction are not counted as digits but are places.
            fractionDigits = count
        }
        var exponent = 0, exponentDigits = 0
        if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index += 1
            var sign = 1
            if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { sign = bytes[index] == 0x2D ? -1 : 1; index += 1 }
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] - 0x30) }
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0 else { throw syntax("a digit in the exponent") }
            exponent *= sign
        }
        // Grammar checked above. The shortest exact form: a whole number, a decimal m × 10^e on
        // Clinger's fast path, or the text itself (an exponent past Double's range reads as ±∞,
        // which the schema reader refuses where the number is used).
        let places = exponent - fractionDigits
        if digitCount <= 18, !(negative && mantissa == 0) {
            if places == 0 || (mantissa == 0 && places < 0) {
                if !negative && mantissa < 0x80 { tape.append(JSONTape.Kind.smallInteger | UInt8(mantissa)); return }
                tape.append(negative ? JSONTape.Kind.negative : JSONTape.Kind.positive)
                appendVarint(mantissa)
                return
            }
            let signed = negative ? -Int64(mantissa) : Int64(mantissa)
            if JSONTape.exactDecimal(signed, places) != nil {
                tape.append(JSONTape.Kind.decimal)
                appendVarint(UInt64(bitPattern: (signed << 1) ^ (signed >> 63)))
                tape.append(UInt8(bitPattern: Int8(places)))
                return
            }
        }
        tape.append(JSONTape.Kind.text)
        appendVarint(UInt64(index - start))
        tape.append(contentsOf: bytes[start..<index])
    }
}
