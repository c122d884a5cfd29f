import Foundation
import StrataModel
import StrataScene

/// A value provider, as lottie-ios's `setValueProvider(_:keypath:)`: every property a keypath
/// names takes this value (or these keyframes) in place of the file's — how an app recolours or
/// retimes an animation it ships.
///
/// A keypath is the names of layers (through precompositions), then of shape groups and items,
/// then the property, joined by dots: `Switch Outline Outlines.Fill 1.Color`. `*` stands for any
/// one name, `**` for any number of names, none included: `**.Stroke 1.Color`. Properties:
/// - fills and strokes: `Color`, `Opacity` (0…100), strokes' `Stroke Width` (points);
/// - layers and groups: `Transform.Position`, `Transform.Anchor Point` (points),
///   `Transform.Scale` (percent), `Transform.Rotation` (degrees), `Transform.Opacity` (0…100);
/// - trims: `Start`, `End` (percent), `Offset` (degrees); rectangles: `Size`, `Position`,
///   `Roundness`; ellipses: `Size`, `Position`; text layers: `Color` and `Stroke Color` (the
///   first keyframe only, as lottie-ios's Core Animation engine applies them).
///
/// Values: a number (`10`), numbers separated by commas (`200,150`), a colour (`#ff0000`,
/// `#ff000080`), or keyframes `FRAME:VALUE;FRAME:VALUE…` in the composition's frames, linear
/// between them (`0:#000000;75:#c2c2c2;150:#000000`).
public struct LottieValueProvider: Sendable, Hashable, CustomStringConvertible {
    /// The keypath's names, `*` and `**` included.
    public var keypath: [String]
    /// The keyframes; one for a constant value; none for a text provider.
    public var keyframes: [Keyframe]
    /// A text provider's text (lottie-ios's `DictionaryTextProvider`): the text layers the
    /// keypath names show it instead of their own. Nil for a value provider.
    public var text: String?

    /// A value at a frame of the composition.
    public struct Keyframe: Sendable, Hashable {
        /// The frame (the composition's frames; 0 for a constant).
        public var frame: Double
        /// The value's components: one number, a point or size, or a colour's r, g, b, a in 0…1.
        public var components: [Double]

        /// Creates a keyframe.
        public init(frame: Double, components: [Double]) {
            self.frame = frame
            self.components = components
        }
    }

    /// Creates a provider of `keyframes` for the properties `keypath` names.
    public init(keypath: [String], keyframes: [Keyframe]) {
        self.keypath = keypath
        self.keyframes = keyframes
    }

    /// Creates a text provider: the text layers `keypath` names show `text`. As lottie-ios's
    /// `DictionaryTextProvider` looks a layer up by its full keypath and then by its own name, a
    /// keypath of one name also names every text layer so named, in precompositions too.
    public init(keypath: [String], text: String) {
        self.keypath = keypath
        self.keyframes = []
        self.text = text
    }

    /// Reads `KEYPATH=TEXT` (the command line's `--text`): the keypath ends at the first `=`, so
    /// the text may hold one. Text up to `Limits.maximumTextLength` bytes; `\r` or `\n` breaks lines.
    public init(parsingText text: String) throws(ParseError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw ParseError(description: "expected KEYPATH=TEXT, found \"\(text.prefix(60))\"")
        }
        let path = try Self.keypath(text[..<equals])
        let value = String(text[text.index(after: equals)...])
        guard value.utf8.count <= Limits.maximumTextLength else {
            throw ParseError(description: "expected a text of at most \(Limits.maximumTextLength) bytes, found \(value.utf8.count) bytes")
        }
        self.init(keypath: path, text: value)
    }

    private static func keypath(_ text: Substring) throws(ParseError) -> [String] {
        let path = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !path.isEmpty, path.allSatisfy({ !$0.isEmpty }), path.count <= 64 else {
            throw ParseError(description: "expected a keypath of names joined by dots before '=', found \"\(text.prefix(60))\"")
        }
        return path
    }

    /// What a provider's text says wrong.
    public struct ParseError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads `KEYPATH=VALUE` (the command line's `--set`).
    public init(parsing text: String) throws(ParseError) {
        guard let equals = text.lastIndex(of: "=") else {
            throw ParseError(description: "expected KEYPATH=VALUE, found \"\(text.prefix(60))\"")
        }
        let path = try Self.keypath(text[..<equals])
        let value = String(text[text.index(after: equals)...])
        var keyframes: [Keyframe] = []
        if value.contains(":") {
            for part in value.split(separator: ";") {
                let pieces = part.split(separator: ":", maxSplits: 1).map(String.init)
                guard pieces.count == 2, let frame = Double(pieces[0]), frame.isFinite, abs(frame) <= Lottie.maximumMagnitude else {
                    throw ParseError(description: "expected keyframes FRAME:VALUE;FRAME:VALUE, found \"\(part.prefix(40))\"")
                }
                if let last = keyframes.last, frame <= last.frame {
                    throw ParseError(description: "keyframe frames must increase: \(Lottie.format(frame)) after \(Lottie.format(last.frame))")
                }
                keyframes.append(Keyframe(frame: frame, components: try Self.components(pieces[1])))
            }
            guard keyframes.count >= 1, keyframes.count <= 1000 else {
                throw ParseError(description: "expected 1 to 1000 keyframes, found \(keyframes.count)")
            }
        } else {
            keyframes = [Keyframe(frame: 0, components: try Self.components(value))]
        }
        guard Set(keyframes.map(\.components.count)).count == 1 else {
            throw ParseError(description: "every keyframe of \"\(value.prefix(60))\" must have as many components")
        }
        self.init(keypath: path, keyframes: keyframes)
    }

    private static func components(_ text: String) throws(ParseError) -> [Double] {
        if text.hasPrefix("#") {
            let hex = text.dropFirst()
            guard hex.count == 6 || hex.count == 8, let bits = UInt32(hex, radix: 16) else {
                throw ParseError(description: "expected a colour #rrggbb or #rrggbbaa, found \"\(text.prefix(20))\"")
            }
            let channels = hex.count == 6 ? [bits >> 16, bits >> 8, bits] : [bits >> 24, bits >> 16, bits >> 8, bits]
            let rgba = channels.map { Double($0 & 0xFF) / 255 }
            return rgba.count == 3 ? rgba + [1] : rgba
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.count == parts.count, values.count <= 4, !values.contains(where: \.isNaN) else {
            throw ParseError(description: "expected a number, numbers separated by commas or a colour #rrggbb, found \"\(text.prefix(40))\"")
        }
        // A number that reads but is too large (1e300, inf) is out of range, not "not a number".
        if let outside = values.first(where: { !($0.isFinite && abs($0) <= Lottie.maximumMagnitude) }) {
            throw ParseError(description: "\(Lottie.format(outside)) is out of range: expected numbers within ±\(Lottie.format(Lottie.maximumMagnitude)), found \"\(text.prefix(40))\"")
        }
        return values
    }

    /// `KEYPATH=VALUE` or `KEYPATH=TEXT`, as read.
    public var description: String {
        if let text { return keypath.joined(separator: ".") + "=" + text }
        let values = keyframes.map { key in
            let value = key.components.map { Lottie.format($0) }.joined(separator: ",")
            return keyframes.count == 1 ? value : "\(Lottie.format(key.frame)):\(value)"
        }
        return keypath.joined(separator: ".") + "=" + values.joined(separator: ";")
    }

    /// Whether the keypath names `path` (names from the root to a property).
    func matches(_ path: [String]) -> Bool { Self.match(keypath[...], path[...]) }

    /// Whether this text provider, a keypath of one name, names the text layer at `path` (its
    /// layers' names from the root) by the layer's own name, as `DictionaryTextProvider` looks a
    /// layer up when its full keypath is not there.
    func namesText(byName path: [String]) -> Bool {
        text != nil && keypath.count == 1 && path.last.map { matches([$0]) } == true
    }

    /// Whether a path beginning with `prefix` may be named by the keypath.
    func mayMatch(below prefix: [String]) -> Bool {
        (text != nil && keypath.count == 1) || Self.prefixMatch(keypath[...], prefix[...])
    }

    /// Whether `pattern` names all of `path`, in pattern × path steps (a table, not a search: a
    /// keypath of many `**` would otherwise try every way of splitting the path).
    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        let pattern = Array(pattern), path = Array(path)
        // matches[j]: the pattern's first i names name the path's first j names.
        var matches = [Bool](repeating: false, count: path.count + 1)
        matches[0] = true
        for head in pattern {
            var next = [Bool](repeating: false, count: path.count + 1)
            for j in 0...path.count {
                if head == "**" {
                    next[j] = matches[j] || (j > 0 && next[j - 1])
                } else if j > 0 {
                    next[j] = matches[j - 1] && (head == "*" || head == path[j - 1])
                }
            }
            matches = next
        }
        return matches[path.count]
    }

    private static func prefixMatch(_ pattern: ArraySlice<String>, _ prefix: ArraySlice<String>) -> Bool {
        guard let name = prefix.first else { return true }
        guard let head = pattern.first else { return false }
        if head == "**" { return true }
        guard head == "*" || head == name else { return false }
        return prefixMatch(pattern.dropFirst(), prefix.dropFirst())
    }

    /// The provided value as a Lottie animatable property (`{"a", "k"}`), linear between keyframes.
    var property: SceneValue {
        func number(_ value: Double) -> SceneValue { SceneValue(content: .number(value), line: nil) }
        func vector(_ values: [Double]) -> SceneValue { SceneValue(content: .array(values.map(number)), line: nil) }
        func object(_ entries: [(String, SceneValue)]) -> SceneValue {
            SceneValue(content: .object(entries.map { (key: $0.0, value: $0.1) }), line: nil)
        }
        guard keyframes.count > 1 else {
            let components = keyframes[0].components
            return object([("a", number(0)), ("k", components.count == 1 ? number(components[0]) : vector(components))])
        }
        let linearOut = object([("x", vector([0])), ("y", vector([0]))]), linearIn = object([("x", vector([1])), ("y", vector([1]))])
        let list = keyframes.map { key in
            object([("t", number(key.frame)), ("s", vector(key.components)), ("o", linearOut), ("i", linearIn)])
        }
        return object([("a", number(1)), ("k", SceneValue(content: .array(list), line: nil))])
    }
}
