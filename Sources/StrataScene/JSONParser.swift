/// A strict JSON reader (RFC 8259) for scene files: it keeps each value's line, refuses duplicate
/// keys and trailing commas as YAML refuses duplicates, bounds nesting, and reports a syntax error
/// with its line and column. Foundation's decoder does none of these.
struct JSONParser {
    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1
    private var lineStart = 0

    init(_ bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Parses one JSON document (a UTF-8 byte order mark is skipped).
    mutating func parse() throws(SceneError) -> SceneValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
        guard String(validating: bytes[index...], as: UTF8.self) != nil else {
            throw SceneError(file: file, keyPath: "", expected: "UTF-8 text", found: "bytes that are not UTF-8")
        }
        skipSpace()
        let value = try parseValue(depth: 0)
        skipSpace()
        guard index == bytes.count else { throw syntax("the end of the document") }
        return value
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

    private mutating func parseValue(depth: Int) throws(SceneError) -> SceneValue {
        guard depth <= SceneValue.maximumNesting else {
            throw SceneError(file: file, keyPath: "", expected: "nesting at most \(SceneValue.maximumNesting) levels deep", found: "deeper nesting", line: line)
        }
        guard index < bytes.count else { throw syntax("a value") }
        let valueLine = line
        switch bytes[index] {
        case 0x7B: return try parseObject(depth: depth)
        case 0x5B: return try parseArray(depth: depth)
        case 0x22: return SceneValue(content: .string(try parseString()), line: valueLine)
        case 0x74: try literal("true"); return SceneValue(content: .bool(true), line: valueLine)
        case 0x66: try literal("false"); return SceneValue(content: .bool(false), line: valueLine)
        case 0x6E: try literal("null"); return SceneValue(content: .null, line: valueLine)
        case 0x2D, 0x30...0x39: return SceneValue(content: .number(try parseNumber()), line: valueLine)
        default: throw syntax("a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func literal(_ word: String) throws(SceneError) {
        let expected = Array(word.utf8)
        guard bytes[index...].starts(with: expected) else { throw syntax(word) }
        index += expected.count
    }

    private mutating func parseObject(depth: Int) throws(SceneError) -> SceneValue {
        let objectLine = line
        index += 1
        var entries: [(key: String, value: SceneValue)] = []
        var seen = Set<String>()
        skipSpace()
        if index < bytes.count, bytes[index] == 0x7D { index += 1; return SceneValue(content: .object([]), line: objectLine) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == 0x22 else { throw syntax(entries.isEmpty ? "a key in double quotes or }" : "a key in double quotes (no trailing comma)") }
            let keyLine = line
            let key = try parseString()
            guard seen.insert(key).inserted else {
                throw SceneError(file: file, keyPath: key, expected: "each key once", found: "a duplicate key", line: keyLine)
            }
            skipSpace()
            try expect(0x3A, "':' after the key \"\(key)\"")
            skipSpace()
            entries.append((key, try parseValue(depth: depth + 1)))
            skipSpace()
            guard index < bytes.count else { throw syntax("',' or '}'") }
            if bytes[index] == 0x2C { index += 1; continue }
            try expect(0x7D, "',' or '}'")
            return SceneValue(content: .object(entries), line: objectLine)
        }
    }

    private mutating func parseArray(depth: Int) throws(SceneError) -> SceneValue {
        let arrayLine = line
        index += 1
        var values: [SceneValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == 0x5D { index += 1; return SceneValue(content: .array([]), line: arrayLine) }
        while true {
            skipSpace()
            if index < bytes.count, bytes[index] == 0x5D { throw syntax("a value (no trailing comma)") }
            values.append(try parseValue(depth: depth + 1))
            skipSpace()
            guard index < bytes.count else { throw syntax("',' or ']'") }
            if bytes[index] == 0x2C { index += 1; continue }
            try expect(0x5D, "',' or ']'")
            return SceneValue(content: .array(values), line: arrayLine)
        }
    }

    private mutating func parseString() throws(SceneError) -> String {
        index += 1  // the opening quote
        var scalars: [UInt8] = []
        while true {
            guard index < bytes.count else { throw syntax("a closing '\"'") }
            let byte = bytes[index]
            switch byte {
            case 0x22:
                index += 1
                return String(decoding: scalars, as: UTF8.self)
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
                        guard bytes[index...].starts(with: [0x5C, 0x75]) else { throw syntax("the second half of a \\u surrogate pair") }
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
                scalars.append(byte)
                index += 1
            }
        }
    }

    private mutating func hex4() throws(SceneError) -> UInt32 {
        guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw syntax("four hex digits after \\u")
        }
        index += 4
        return code
    }

    private mutating func parseNumber() throws(SceneError) -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if bytes[index] == 0x2D { index += 1 }
        guard index < bytes.count else { throw syntax("a digit") }
        if bytes[index] == 0x30 {
            index += 1
        } else if digits() == 0 {
            throw syntax("a digit")
        }
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            guard digits() > 0 else { throw syntax("a digit after the decimal point") }
        }
        if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index += 1
            if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard digits() > 0 else { throw syntax("a digit in the exponent") }
        }
        // Grammar checked above; an exponent past Double's range reads as ±∞, which the schema
        // reader refuses where the number is used.
        return Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? .nan
    }
}
