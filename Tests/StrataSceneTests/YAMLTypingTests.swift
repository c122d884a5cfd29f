import StrataTestSupport
import Foundation
import Testing
import Yams
@testable import StrataScene

/// Scene files are composed without Yams' regular-expression resolver (half the time of a
/// 100,000-layer scene went there); `SceneValue.typed` must give every scalar the type and value
/// the default resolver gave it.
@Suite("YAML scalars typed as Yams' default resolver types them")
struct YAMLTypingTests {
    static let scalars = [
        "0", "-0", "1", "-1", "42", "007", "010", "0o17", "0x1F", "-0x10", "0b101", "1_000", "190:20:30", "1:30.5",
        "3.25", "-3.25", ".5", "5.", "1e5", "1E-5", "1.5e+3", "-2.5e-3", "1e", "1.e3", "12345678901234567890", "1e400",
        ".inf", "-.inf", "+.inf", ".Inf", ".nan", ".NaN", "nan", "inf", "+1", "+1.5", "--1", "1-2", "1.2.3",
        "true", "True", "TRUE", "false", "yes", "No", "on", "OFF", "y", "n", "tRue",
        "null", "Null", "NULL", "~", "", "nil", "none",
        "red", "#ff0000", "linear", "log2:5", "position.x", "easeInEaseOut", "a:b", "2001-12-14", "2001-12-14t21:59:43.10-05:00",
        "<<", "=", "'quoted 1'", "\"2\"", "!!str 3", "!!int \"4\"", "!!float 5", "!!bool yes", "!!null ''", "! 6",
        "|\n  block 7", ">\n  folded\n  8",
    ]

    /// The value the default resolver gives `text` as the value of a mapping key, the old way.
    static func expected(_ node: Node) -> String {
        guard case .scalar(let scalar) = node else { return "not a scalar" }
        switch Tag.Name(rawValue: node.tag.rawValue) {
        case .null: return "null"
        case .bool: return "bool \(node.bool ?? false)"
        case .int, .float: return node.float.map { "number \($0.bitPattern)" } ?? "string \(scalar.string)"
        default: return "string \(scalar.string)"
        }
    }

    static func actual(_ content: SceneValue.Content) -> String {
        switch content {
        case .null: return "null"
        case .bool(let value): return "bool \(value)"
        case .number(let value): return "number \(value.bitPattern)"
        case .string(let value): return "string \(value)"
        default: return "other"
        }
    }

    @Test func everyFormGetsTheDefaultResolversType() throws {
        for text in Self.scalars {
            let yaml = "key: \(text)\n"
            guard case .mapping(let old)? = try Yams.compose(yaml: yaml, .default), let oldValue = old["key"],
                  case .mapping(let new)? = try Yams.compose(yaml: yaml, .basic), let newValue = new["key"],
                  case .scalar(let scalar) = newValue else {
                Issue.record("\(text) did not compose"); continue
            }
            #expect(Self.actual(SceneValue.typed(scalar)) == Self.expected(oldValue), "\(text)")
        }
    }

    @Test func plainDecimalsAreOnlyTheDirectForms() {
        for text in ["0", "-0", "12", "1.5", "-0.25", "1e5", "2.5E-3"] { #expect(SceneValue.isPlainDecimal(text), "\(text)") }
        for text in ["", "-", "00", "01", "1.", ".5", "1e", "1e+", "+1", "1_0", "0x1", "1:2", " 1"] { #expect(!SceneValue.isPlainDecimal(text), "\(text)") }
    }
}

/// The event-built values (`YAMLComposer`) against Yams' composition of the same text, converted
/// as the scene parser converted it before: the catalogue, and anchors, aliases, flow and block
/// styles, tags, comments.
@Suite("YAML composed from events as Yams composed it")
struct YAMLComposerTests {
    /// Yams' tree, converted the old way, as text.
    static func reference(_ node: Node) -> String {
        switch node {
        case .scalar: return YAMLTypingTests.expected(node) + "@\(node.mark?.line ?? -1)"
        case .sequence(let sequence): return "[" + sequence.map(reference).joined(separator: ", ") + "]@\(node.mark?.line ?? -1)"
        case .mapping(let mapping):
            return "{" + mapping.map { "\($0.key.string ?? "?"): \(reference($0.value))" }.joined(separator: ", ") + "}@\(node.mark?.line ?? -1)"
        case .alias: return "alias"
        }
    }

    static func describe(_ value: SceneValue) -> String {
        switch value.content {
        case .array(let items): return "[" + items.map(describe).joined(separator: ", ") + "]@\(value.line ?? -1)"
        case .object(let entries): return "{" + entries.map { "\($0.key): \(describe($0.value))" }.joined(separator: ", ") + "}@\(value.line ?? -1)"
        default: return YAMLTypingTests.actual(value.content) + "@\(value.line ?? -1)"
        }
    }

    static let snippets = [
        "a: &x {b: 1, c: [2, 3]}\nd: *x\ne: &y hello\nf: [*y, *y]\n",
        "# comment\nlist:\n  - one\n  - 'two'\n  - \"three\"\n  - |\n    block\n  - >\n    folded\n    text\n",
        "tagged: !!str 12\nint: !!int \"7\"\nflow: {x: [1, {y: 2}], z: ~}\nempty:\nbools: [yes, No, on, OFF, true]\n",
        "---\nk: v\n...\n", "just text\n", "- 1\n- 2.5\n- -0x10\n- 1_000\n- .inf\n",
    ]

    @Test func catalogueAndSnippetsComposeAlike() throws {
        var texts = Self.snippets
        let scenes = PackagePaths.root.appendingPathComponent("Scenes")
        for name in try FileManager.default.contentsOfDirectory(atPath: scenes.path).sorted() where name.hasSuffix(".yaml") {
            texts.append(try String(contentsOf: scenes.appendingPathComponent(name), encoding: .utf8))
        }
        for text in texts {
            let old = try #require(try Yams.compose(yaml: text, .default))
            let new = try #require(try YAMLComposer.compose(text, file: "t"))
            #expect(Self.describe(new) == Self.reference(old), "\(text.prefix(60))")
        }
    }

    @Test func errorsNameTheProblem() {
        let cases: [(String, String)] = [
            ("a: [1\n", "valid YAML"), ("a: 1\na: 2\n", "each key once"), ("? [1]\n: 2\n", "text keys"),
            ("a: *nope\n", "valid YAML"), ("a: 1\n---\nb: 2\n", "valid YAML"),
            (String(repeating: "[", count: 700) + String(repeating: "]", count: 700), "nesting at most"),
        ]
        for (text, expected) in cases {
            do {
                _ = try YAMLComposer.compose(text, file: "t")
                Issue.record("\(text.prefix(30)) composed")
            } catch {
                #expect(error.expected.hasPrefix(expected), "\(text.prefix(30)): \(error)")
            }
        }
    }
}
