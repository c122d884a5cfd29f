import Foundation
import StrataModel
import Yams

/// A parsed scene document before interpretation: YAML and JSON both become this tree, so one
/// schema reader serves both formats.
struct SceneValue: Sendable {
    indirect enum Content: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([SceneValue])
        /// Keys in document order.
        case object([(key: String, value: SceneValue)])
    }

    let content: Content
    /// 1-based line in the source, when known (YAML only).
    let line: Int?

    /// A short description of the value for "found …" in errors.
    var summary: String {
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
    static let maximumNesting = 2 * Limits.maximumDepth + 64

    /// Parses YAML text with Yams. Anchors and aliases are allowed, but what they expand to is
    /// bounded: a document may not hold more values than it has bytes (plus a little), so a
    /// "billion laughs" alias bomb is refused after a few thousand values, in a few milliseconds
    /// and kilobytes. libyaml refuses nesting deeper than 1,000 levels before Yams' composer,
    /// which recurses, sees it. The layer limit is checked on libyaml's events before Yams
    /// composes anything (`YAMLEvents`).
    static func parseYAML(_ text: String, file: String) throws(SceneError) -> SceneValue {
        try YAMLEvents.checkLayerCount(text, file: file)
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            throw SceneError(file: file, keyPath: "", expected: "valid YAML", found: "a syntax error: \(syntaxMessage(error))")
        }
        guard let node else {
            throw SceneError(file: file, keyPath: "", expected: "a scene document", found: "an empty file")
        }
        var budget = text.utf8.count + 64
        return try convert(node, file: file, depth: 0, budget: &budget)
    }

    /// Yams' message without the source line it echoes (which may be megabytes long): its
    /// "line:column: error: …" line and the reason, each cut to 200 characters.
    static func syntaxMessage(_ error: Error) -> String {
        let lines = "\(error)".split(separator: "\n", omittingEmptySubsequences: true).prefix(2)
        return lines.map { $0.count > 200 ? $0.prefix(200) + "…" : $0 }.joined(separator: " ")
    }

    private static func convert(_ node: Node, file: String, depth: Int, budget: inout Int) throws(SceneError) -> SceneValue {
        let line = node.mark?.line
        budget -= 1
        guard budget >= 0 else {
            throw SceneError(file: file, keyPath: "", expected: "at most as many values as the file has bytes",
                             found: "aliases that expand to more (an alias bomb?)", line: line)
        }
        guard depth <= maximumNesting else {
            throw SceneError(file: file, keyPath: "", expected: "nesting at most \(maximumNesting) levels deep", found: "deeper nesting", line: line)
        }
        switch node {
        case .scalar(let scalar):
            switch Tag.Name(rawValue: node.tag.rawValue) {
            case .null: return SceneValue(content: .null, line: line)
            case .bool: return SceneValue(content: .bool(node.bool ?? false), line: line)
            case .int, .float:
                if let number = node.float { return SceneValue(content: .number(number), line: line) }
                return SceneValue(content: .string(scalar.string), line: line)
            default: return SceneValue(content: .string(scalar.string), line: line)
            }
        case .sequence(let sequence):
            var values: [SceneValue] = []
            for element in sequence { values.append(try convert(element, file: file, depth: depth + 1, budget: &budget)) }
            return SceneValue(content: .array(values), line: line)
        case .mapping(let mapping):
            var entries: [(key: String, value: SceneValue)] = []
            var seen = Set<String>()
            for (keyNode, valueNode) in mapping {
                guard case .scalar(let key) = keyNode else {
                    throw SceneError(file: file, keyPath: "", expected: "text keys", found: "a complex key", line: keyNode.mark?.line)
                }
                guard seen.insert(key.string).inserted else {
                    throw SceneError(file: file, keyPath: key.string, expected: "each key once", found: "a duplicate key", line: keyNode.mark?.line)
                }
                entries.append((key.string, try convert(valueNode, file: file, depth: depth + 1, budget: &budget)))
            }
            return SceneValue(content: .object(entries), line: line)
        case .alias:
            throw SceneError(file: file, keyPath: "", expected: "plain values", found: "an unresolved YAML alias", line: line)
        }
    }

    /// Parses JSON text strictly (`JSONParser`): line and column in syntax errors, no duplicate
    /// keys, no trailing commas, bounded nesting.
    static func parseJSON(_ data: Data, file: String) throws(SceneError) -> SceneValue {
        var parser = JSONParser([UInt8](data), file: file)
        return try parser.parse()
    }
}
