import Foundation
import StrataModel
import Yams

/// A parsed scene document before interpretation: YAML and JSON both become this tree, so one
/// schema reader serves both formats.
package struct SceneValue: Sendable {
    package indirect enum Content: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([SceneValue])
        /// Keys in document order.
        case object([(key: String, value: SceneValue)])
    }

    /// A value made (YAML, an importer's rewrite), or a place in a parsed JSON document, whose
    /// lists and mappings are made only when read (`JSONTape`: a document costs its own size).
    private enum Storage: Sendable {
        case made(Content, line: Int?)
        case tape(JSONTape, offset: Int)
    }

    private let storage: Storage

    /// The value: for JSON, its lists and mappings are made from the tape on each read (prefer
    /// `member(_:)` to find one member).
    package var content: Content {
        switch storage {
        case .made(let content, _): content
        case .tape(let tape, let offset): tape.content(at: offset)
        }
    }

    /// 1-based line in the source, when known.
    package var line: Int? {
        switch storage {
        case .made(_, let line): line
        case .tape(let tape, let offset): tape.line(at: offset)
        }
    }

    /// A value made rather than read (an importer's rewrite), at `line` when it stands for one.
    package init(content: Content, line: Int?) {
        storage = .made(content, line: line)
    }

    /// The value at `offset` of a parsed JSON document.
    init(tape: JSONTape, offset: Int) {
        storage = .tape(tape, offset: offset)
    }

    /// The member `key` of a mapping (nil when this is not a mapping, lacks it, or holds null
    /// there), found without making the mapping's list of members.
    package func member(_ key: String) -> SceneValue? {
        switch storage {
        case .made(let content, _):
            guard case .object(let entries) = content, let entry = entries.first(where: { $0.key == key }) else { return nil }
            if case .null = entry.value.content { return nil }
            return entry.value
        case .tape(let tape, let offset):
            return tape.member(key, of: offset).map { SceneValue(tape: tape, offset: $0) }
        }
    }

    /// The number this value is, without making anything (nil when it is not a number).
    package var number: Double? {
        switch storage {
        case .made(let content, _): if case .number(let value) = content { value } else { nil }
        case .tape(let tape, let offset): tape.number(at: offset)
        }
    }

    /// The tape this value is read from, if it is one.
    var tape: JSONTape? {
        if case .tape(let tape, _) = storage { tape } else { nil }
    }

    /// The numbers of a list of at most `maximumCount` numbers, each within ±`magnitude`,
    /// read without making the list (nil for anything else, or a made value: read it the long way).
    package func numbers(maximumCount: Int, magnitude: Double) -> [Double]? {
        guard case .tape(let tape, let offset) = storage else { return nil }
        var result: [Double] = []
        return tape.numbers(of: offset, maximumCount: maximumCount, magnitude: magnitude, into: &result) ? result : nil
    }

    /// The first two numbers of every element of a list of points (`[[x, y], …]`, each a list of
    /// 2…64 numbers within ±`magnitude`, at most `maximumCount`), read without making the lists
    /// (nil for anything else, or a made value: read it the long way).
    package func pairs(maximumCount: Int, magnitude: Double) -> [(x: Double, y: Double)]? {
        guard case .tape(let tape, let offset) = storage else { return nil }
        return tape.pairs(of: offset, maximumCount: maximumCount, magnitude: magnitude)
    }

    /// True for a mapping, without making it.
    package var isObject: Bool {
        switch storage {
        case .made(let content, _): if case .object = content { true } else { false }
        case .tape(let tape, let offset): tape.bytes[offset] == JSONTape.Kind.object
        }
    }

    /// True for a list, without making it.
    package var isArray: Bool {
        switch storage {
        case .made(let content, _): if case .array = content { true } else { false }
        case .tape(let tape, let offset): tape.bytes[offset] == JSONTape.Kind.array
        }
    }

    /// How many elements this list has (nil when it is not a list), without making it.
    package var count: Int? {
        switch storage {
        case .made(let content, _): if case .array(let values) = content { values.count } else { nil }
        case .tape(let tape, let offset): tape.count(of: offset)
        }
    }

    /// A short description of the value for "found …" in errors.
    package var summary: String {
        if let count { return "a list of \(count)" }
        switch content {
        case .null: return "null"
        case .bool(let value): return "\(value)"
        case .number(let value):
            return value == value.rounded() && abs(value) < 1e15 ? "\(Int(saturating: value))" : "\(value)"
        case .string(let value):
            let short = value.count > 40 ? String(value.prefix(40)) + "…" : value
            return "\"\(short)\""
        case .array(let values): return "a list of \(values.count)"
        case .object: return "a mapping"
        }
    }
}

// MARK: - Parsing

extension SceneValue {
    /// Deepest nesting of lists and mappings a scene document may have: a layer tree at
    /// `Limits.maximumDepth` nests two levels per layer (`sublayers:` and the layer's mapping).
    package static let maximumNesting = 2 * Limits.maximumDepth + 64

    /// Parses YAML text with libyaml (the one Yams builds), into values typed as Yams' default
    /// resolver types them. Anchors and aliases are allowed, but what they expand to is bounded:
    /// a document may not hold more values than it has bytes (plus a little), so a "billion
    /// laughs" alias bomb is refused after a few thousand values, in a few milliseconds and
    /// kilobytes. Nesting is bounded (`maximumNesting`) without recursion. The layer limit is
    /// checked on libyaml's events before anything is built (`YAMLEvents`).
    static func parseYAML(_ text: String, file: String) throws(SceneError) -> SceneValue {
        try YAMLEvents.checkLayerCount(text, file: file)
        // Straight from libyaml's events (YAMLComposer): Yams' composed nodes and their regular-
        // expression tag resolution were most of the time and memory of a 100,000-layer scene.
        guard let value = try YAMLComposer.compose(text, file: file) else {
            throw SceneError(file: file, keyPath: "", expected: "a scene document", found: "an empty file")
        }
        return value
    }

    static let trueWords: Set<String> = ["yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"]
    static let falseWords: Set<String> = ["no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"]
    static let nullWords: Set<String> = ["null", "Null", "NULL"]

    /// A scalar's value as Yams' default resolver types it (YAML 1.1: bool words, null, ints in
    /// any base, floats, sexagesimal, .inf/.nan; quoted and explicitly tagged scalars as tagged).
    /// The forms scenes are made of are typed directly — a plain scalar that starts with a letter
    /// is a bool word, a null word or text; a decimal number without leading zeros is that number
    /// — and every other one through the default resolver, so the types are the resolver's exactly.
    static func typed(_ scalar: Node.Scalar) -> Content {
        // The tag as the parser left it: "" for a plain scalar without one (quoted and block
        // scalars come tagged str); reading `rawValue` resolves nothing.
        typed(text: scalar.string, tag: scalar.tag.rawValue, plain: scalar.style == .plain)
    }

    /// `typed(_:)` from an event's parts: the text, the tag ("" for none; str for quoted scalars).
    static func typed(text: String, tag: String, plain: Bool) -> Content {
        if tag.isEmpty {
            if let first = text.utf8.first, (first >= 0x41 && first <= 0x5A) || (first >= 0x61 && first <= 0x7A) {
                if trueWords.contains(text) { return .bool(true) }
                if falseWords.contains(text) { return .bool(false) }
                return nullWords.contains(text) ? .null : .string(text)
            }
            if isPlainDecimal(text), let number = Double(text) { return .number(number) }
        } else if tag == Tag.Name.str.rawValue {
            return .string(text)
        }
        let resolved = Node.scalar(Node.Scalar(text, Tag(Tag.Name(rawValue: tag), .default, .default), plain ? .plain : .singleQuoted))
        switch Tag.Name(rawValue: resolved.tag.rawValue) {
        case .null: return .null
        case .bool: return .bool(resolved.bool ?? false)
        case .int, .float: return resolved.float.map(Content.number) ?? .string(text)
        default: return .string(text)
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?`: a number both of Yams' int and float
    /// rules read as Swift's `Double(_:)` reads it (no leading zeros: "010" is octal there).
    static func isPlainDecimal(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Int {
            var count = 0
            while let byte = bytes.first, byte >= 0x30 && byte <= 0x39 { bytes.removeFirst(); count += 1 }
            return count
        }
        if bytes.first == 0x2D { bytes.removeFirst() }
        let leadingZero = bytes.first == 0x30
        let whole = digits()
        guard whole >= 1, !(leadingZero && whole > 1) else { return false }
        if bytes.first == 0x2E {
            bytes.removeFirst()
            guard digits() >= 1 else { return false }
        }
        if bytes.first == 0x65 || bytes.first == 0x45 {
            bytes.removeFirst()
            if bytes.first == 0x2B || bytes.first == 0x2D { bytes.removeFirst() }
            guard digits() >= 1 else { return false }
        }
        return bytes.isEmpty
    }

    /// Parses JSON text strictly (`JSONParser`): line and column in syntax errors, no duplicate
    /// keys, no trailing commas, bounded nesting.
    package static func parseJSON(bytes: [UInt8], file: String) throws(SceneError) -> SceneValue {
        let result: Result<SceneValue, SceneError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer, file: file)
            do throws(SceneError) { return .success(try parser.parse()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Parses JSON text strictly, as `parseJSON(bytes:file:)`.
    package static func parseJSON(_ data: Data, file: String) throws(SceneError) -> SceneValue {
        let result: Result<SceneValue, SceneError> = data.withUnsafeBytes { raw in
            var parser = JSONParser(raw.bindMemory(to: UInt8.self), file: file)
            do throws(SceneError) { return .success(try parser.parse()) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
