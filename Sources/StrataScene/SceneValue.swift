import Foundation
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
            return value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
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
    /// Parses YAML text with Yams (aliases and anchors are not supported).
    static func parseYAML(_ text: String, file: String) throws(SceneError) -> SceneValue {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            throw SceneError(file: file, keyPath: "", expected: "valid YAML", found: "a syntax error: \(error)")
        }
        guard let node else {
            throw SceneError(file: file, keyPath: "", expected: "a scene document", found: "an empty file")
        }
        return try convert(node, file: file)
    }

    private static func convert(_ node: Node, file: String) throws(SceneError) -> SceneValue {
        let line = node.mark?.line
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
            for element in sequence { values.append(try convert(element, file: file)) }
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
                entries.append((key.string, try convert(valueNode, file: file)))
            }
            return SceneValue(content: .object(entries), line: line)
        case .alias:
            throw SceneError(file: file, keyPath: "", expected: "plain values", found: "a YAML alias (not supported)", line: line)
        }
    }

    /// Parses JSON text (numbers, strings, booleans, null, arrays, objects).
    static func parseJSON(_ data: Data, file: String) throws(SceneError) -> SceneValue {
        do {
            return try JSONDecoder().decode(JSONNode.self, from: data).value
        } catch let DecodingError.dataCorrupted(context) {
            let reason = (context.underlyingError as NSError?)?.localizedDescription ?? context.debugDescription
            throw SceneError(file: file, keyPath: "", expected: "valid JSON", found: "a syntax error: \(reason)")
        } catch {
            throw SceneError(file: file, keyPath: "", expected: "valid JSON", found: "\(error)")
        }
    }
}

/// Decodes any JSON value into a `SceneValue`.
private struct JSONNode: Decodable {
    let value: SceneValue

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var values: [SceneValue] = []
            while !array.isAtEnd { values.append(try array.decode(JSONNode.self).value) }
            value = SceneValue(content: .array(values), line: nil)
            return
        }
        if let object = try? decoder.container(keyedBy: Key.self) {
            var entries: [(key: String, value: SceneValue)] = []
            for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                entries.append((key.stringValue, try object.decode(JSONNode.self, forKey: key).value))
            }
            value = SceneValue(content: .object(entries), line: nil)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            value = SceneValue(content: .null, line: nil)
        } else if let bool = try? single.decode(Bool.self) {
            value = SceneValue(content: .bool(bool), line: nil)
        } else if let number = try? single.decode(Double.self) {
            value = SceneValue(content: .number(number), line: nil)
        } else {
            value = SceneValue(content: .string(try single.decode(String.self)), line: nil)
        }
    }
}
