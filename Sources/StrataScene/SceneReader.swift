import Foundation
import StrataModel

/// Reads typed values out of a `SceneValue` tree, keeping the key path for error messages.
struct SceneReader {
    /// The scene file, as named in errors.
    let file: String

    // MARK: - Errors

    func error(_ path: String, expected: String, found value: SceneValue) -> SceneError {
        SceneError(file: file, keyPath: path, expected: expected, found: value.summary, line: value.line)
    }

    // MARK: - Objects

    /// The entries of a mapping, after checking that every key is one of `allowed`.
    func object(_ value: SceneValue, at path: String, allowed: [String]) throws(SceneError) -> [String: SceneValue] {
        guard case .object(let entries) = value.content else {
            throw error(path, expected: "a mapping", found: value)
        }
        var result: [String: SceneValue] = [:]
        for (key, entry) in entries {
            guard allowed.contains(key) else {
                let keyPath = Self.join(path, key)
                var expected = "one of the keys " + allowed.joined(separator: ", ")
                if let suggestion = Self.suggestion(for: key, among: allowed) {
                    expected = "a known key (did you mean \"\(suggestion)\"?)"
                }
                throw SceneError(file: file, keyPath: keyPath, expected: expected, found: "the unknown key \"\(key)\"",
                                 line: entry.line ?? value.line)
            }
            result[key] = entry
        }
        return result
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The closest allowed key within a small edit distance, for "did you mean".
    static func suggestion(for key: String, among allowed: [String]) -> String? {
        let scored = allowed.map { ($0, editDistance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, key.count / 3) ? best.0 : nil
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    // MARK: - Scalars

    func number(_ value: SceneValue, at path: String, in range: ClosedRange<Double>? = nil, expected: String? = nil) throws(SceneError) -> Double {
        let description = expected ?? range.map { "a number in \(Self.format($0.lowerBound))…\(Self.format($0.upperBound))" } ?? "a number"
        guard case .number(let number) = value.content, number.isFinite else {
            throw error(path, expected: description, found: value)
        }
        if let range, !range.contains(number) {
            throw error(path, expected: description, found: value)
        }
        return number
    }

    func nonNegative(_ value: SceneValue, at path: String) throws(SceneError) -> Double {
        try number(value, at: path, in: 0...Double.greatestFiniteMagnitude, expected: "a number ≥ 0")
    }

    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
    }

    func bool(_ value: SceneValue, at path: String) throws(SceneError) -> Bool {
        guard case .bool(let flag) = value.content else { throw error(path, expected: "true or false", found: value) }
        return flag
    }

    func string(_ value: SceneValue, at path: String) throws(SceneError) -> String {
        guard case .string(let text) = value.content else { throw error(path, expected: "text", found: value) }
        return text
    }

    func array(_ value: SceneValue, at path: String) throws(SceneError) -> [SceneValue] {
        guard case .array(let values) = value.content else { throw error(path, expected: "a list", found: value) }
        return values
    }

    func enumeration<E: RawRepresentable & CaseIterable>(_ value: SceneValue, at path: String, as type: E.Type) throws(SceneError) -> E where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        guard case .string(let text) = value.content, let result = E(rawValue: text) else {
            var expected = "one of " + names.joined(separator: ", ")
            if case .string(let text) = value.content, let guess = Self.suggestion(for: text, among: names) {
                expected += " (did you mean \"\(guess)\"?)"
            }
            throw error(path, expected: expected, found: value)
        }
        return result
    }

    /// A list of exactly `count` numbers.
    func numbers(_ value: SceneValue, at path: String, count: Int, what: String) throws(SceneError) -> [Double] {
        guard case .array(let values) = value.content, values.count == count else {
            throw error(path, expected: what, found: value)
        }
        var result: [Double] = []
        for (index, element) in values.enumerated() {
            result.append(try number(element, at: "\(path)[\(index)]"))
        }
        return result
    }

    // MARK: - Geometry

    func point(_ value: SceneValue, at path: String) throws(SceneError) -> Point {
        let n = try numbers(value, at: path, count: 2, what: "a point [x, y]")
        return Point(x: n[0], y: n[1])
    }

    func size(_ value: SceneValue, at path: String) throws(SceneError) -> Size {
        let n = try numbers(value, at: path, count: 2, what: "a size [width, height]")
        guard n[0] >= 0, n[1] >= 0 else { throw error(path, expected: "a size with no negative side", found: value) }
        return Size(width: n[0], height: n[1])
    }

    func rect(_ value: SceneValue, at path: String) throws(SceneError) -> Rect {
        let n = try numbers(value, at: path, count: 4, what: "a rectangle [x, y, width, height]")
        guard n[2] >= 0, n[3] >= 0 else { throw error(path, expected: "a rectangle with no negative side", found: value) }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// An angle: a number of radians, or `{degrees: d}` / `{radians: r}`. Returns radians.
    func angle(_ value: SceneValue, at path: String) throws(SceneError) -> Double {
        if case .number = value.content { return try number(value, at: path) }
        guard case .object = value.content else {
            throw error(path, expected: "an angle (radians, or {degrees: d})", found: value)
        }
        let entries = try object(value, at: path, allowed: ["degrees", "radians"])
        guard entries.count == 1 else { throw error(path, expected: "exactly one of degrees, radians", found: value) }
        if let degrees = entries["degrees"] { return try number(degrees, at: Self.join(path, "degrees")) * .pi / 180 }
        return try number(entries["radians"]!, at: Self.join(path, "radians"))
    }

    /// A colour: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, a name, or [r, g, b] / [r, g, b, a] in 0…1.
    func color(_ value: SceneValue, at path: String) throws(SceneError) -> Color {
        let expected = "a colour (\"#rrggbb\", \"#rrggbbaa\", a name such as \"white\", or [r, g, b, a] in 0…1)"
        switch value.content {
        case .string(let text):
            if let color = Color(hex: text) ?? Self.namedColors[text.lowercased()] { return color }
            throw error(path, expected: expected, found: value)
        case .array(let values) where values.count == 3 || values.count == 4:
            var components: [Double] = []
            for (index, element) in values.enumerated() {
                components.append(try number(element, at: "\(path)[\(index)]", in: 0...1))
            }
            return Color(red: components[0], green: components[1], blue: components[2],
                         alpha: components.count == 4 ? components[3] : 1)
        default:
            throw error(path, expected: expected, found: value)
        }
    }

    static let namedColors: [String: Color] = [
        "black": .black, "white": .white, "clear": .clear,
        "red": Color(red: 1, green: 0, blue: 0), "green": Color(red: 0, green: 1, blue: 0),
        "blue": Color(red: 0, green: 0, blue: 1), "gray": Color(red: 0.5, green: 0.5, blue: 0.5),
        "yellow": Color(red: 1, green: 1, blue: 0), "orange": Color(red: 1, green: 0.5, blue: 0),
    ]
}

extension Color {
    /// A colour written as text the way scene files write it (`#rgb`, `#rgba`, `#rrggbb`,
    /// `#rrggbbaa`, or a name such as `white`); nil for anything else.
    public init?(sceneText text: String) {
        guard let color = Color(hex: text) ?? SceneReader.namedColors[text.lowercased()] else { return nil }
        self = color
    }
}
