import StrataModel
import StrataScene

/// One value of a Lottie document with the JSON path that leads to it
/// (`layers[3].shapes[0].it[2].ks.k[1].s`): every read checks the type and range and names that
/// path, the file, what was expected and what was found when they disagree.
struct LottieNode {
    let value: SceneValue
    /// Where the node lies, spelled out as text only when a message or a key path asks (`path`):
    /// a file is read node by node, and building each one's path as it is met was a tenth of
    /// importing a small file.
    private let place: LottieKeyPath?
    let file: String

    /// The document's top level: `path` is empty.
    init(value: SceneValue, file: String) {
        self.value = value
        self.place = nil
        self.file = file
    }

    private init(value: SceneValue, place: LottieKeyPath, file: String) {
        self.value = value
        self.place = place
        self.file = file
    }

    /// The JSON path of the node (`layers[3].ks.p`); empty at the top level.
    var path: String { place?.text ?? "" }

    /// The member `key` of an object, nil when the object lacks it (or holds null there).
    subscript(key: String) -> LottieNode? {
        guard let member = value.member(key) else { return nil }
        return LottieNode(value: member, place: LottieKeyPath(parent: place, key: key, index: 0), file: file)
    }

    /// An error at this node.
    func error(_ expected: String) -> SceneError {
        SceneError(file: file, keyPath: path, expected: expected, found: value.summary, line: value.line)
    }

    /// An error at this node's member `key` (what it holds, or nothing).
    func error(at key: String, _ expected: String) -> SceneError {
        self[key]?.error(expected) ?? missing(key, expected)
    }

    /// An error at this node's member `key`, which is missing.
    func missing(_ key: String, _ expected: String) -> SceneError {
        SceneError(file: file, keyPath: path.isEmpty ? key : "\(path).\(key)", expected: expected, found: "nothing")
    }

    var isObject: Bool { value.isObject }
    var isArray: Bool { value.isArray }
    var isNumber: Bool { value.number != nil }

    /// The elements of an array, each with its path.
    func array(max: Int = Lottie.maximumArray) throws(SceneError) -> [LottieNode] {
        guard let count = value.count else { throw error("a list") }
        guard count <= max else { throw error("a list of at most \(max)") }
        guard case .array(let values) = value.content else { throw error("a list") }
        return values.enumerated().map { LottieNode(value: $1, place: LottieKeyPath(parent: place, key: nil, index: $0), file: file) }
    }

    /// A finite number within `range`.
    func number(in range: ClosedRange<Double> = -Lottie.maximumMagnitude...Lottie.maximumMagnitude) throws(SceneError) -> Double {
        if let number = value.number, number.isFinite, range.contains(number) { return number }
        switch value.content {
        case .number(let number) where number.isFinite && range.contains(number): return number
        case .bool(let flag): return flag ? 1 : 0  // Bodymovin writes some flags as true/false
        default: throw error("a number in \(Lottie.format(range.lowerBound))…\(Lottie.format(range.upperBound))")
        }
    }

    /// A whole number within `range`.
    func integer(in range: ClosedRange<Int>) throws(SceneError) -> Int {
        guard case .number(let number) = value.content, number.isFinite, number == number.rounded(.down),
              number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw error("a whole number in \(range.lowerBound)…\(range.upperBound)")
        }
        return Int(number)
    }

    /// A string of at most `max` characters.
    func string(max: Int = 100_000) throws(SceneError) -> String {
        guard case .string(let text) = value.content else { throw error("a string") }
        guard text.utf8.count <= max else { throw error("a string of at most \(max) bytes") }
        return text
    }

    /// A number or a list of numbers, as a vector (at most 64 components).
    func vector() throws(SceneError) -> [Double] {
        if let numbers = Self.plainNumbers(value, clamped: false) { return numbers }
        if isNumber || value.content.isBool { return [try number()] }
        var result: [Double] = []
        for element in try array(max: 64) { result.append(try element.number()) }
        return result
    }

    /// A number or a list of numbers where any finite magnitude is meaningful but only
    /// ±`Lottie.maximumMagnitude` is kept (an easing handle's speed: After Effects writes handles
    /// of 10¹⁴ where a dimension does not move; lottie-android's snapshot corpus has two such
    /// files, playing and swiftkey-logo, which its players draw).
    func clampedVector() throws(SceneError) -> [Double] {
        func clamped(_ node: LottieNode) throws(SceneError) -> Double {
            var read = node.value.number
            if read == nil, case .number(let number) = node.value.content { read = number }
            if let number = read, number.isFinite {
                return Swift.min(Swift.max(number, -Lottie.maximumMagnitude), Lottie.maximumMagnitude)
            }
            return try node.number()
        }
        if let numbers = Self.plainNumbers(value, clamped: true) { return numbers }
        if isNumber || value.content.isBool { return [try clamped(self)] }
        var result: [Double] = []
        for element in try array(max: 64) { result.append(try clamped(element)) }
        return result
    }

    /// A number or a list of at most 64 numbers read straight from the document, as `vector()`
    /// (within ±`Lottie.maximumMagnitude`) or `clampedVector()` (any finite number, clamped to it)
    /// read them; nil for anything else (the long way then names what is wrong). A list is not made
    /// into values to ask whether it is a flag.
    static func plainNumbers(_ value: SceneValue?, clamped: Bool) -> [Double]? {
        guard let value else { return nil }
        let limit = Lottie.maximumMagnitude
        if let number = value.number {
            guard number.isFinite else { return nil }
            if clamped { return [Swift.min(Swift.max(number, -limit), limit)] }
            return abs(number) <= limit ? [number] : nil
        }
        guard let numbers = value.numbers(maximumCount: 64, magnitude: clamped ? .greatestFiniteMagnitude : limit) else { return nil }
        return clamped ? numbers.map { Swift.min(Swift.max($0, -limit), limit) } : numbers
    }

    /// Optional members, read with a default.
    func number(_ key: String, default fallback: Double, in range: ClosedRange<Double> = -Lottie.maximumMagnitude...Lottie.maximumMagnitude) throws(SceneError) -> Double {
        guard let node = self[key] else { return fallback }
        return try node.number(in: range)
    }

    func integer(_ key: String, default fallback: Int, in range: ClosedRange<Int>) throws(SceneError) -> Int {
        guard let node = self[key] else { return fallback }
        return try node.integer(in: range)
    }

    func string(_ key: String) throws(SceneError) -> String? {
        try self[key].map { node throws(SceneError) in try node.string() }
    }

    func required(_ key: String, _ expected: String) throws(SceneError) -> LottieNode {
        guard let node = self[key] else { throw missing(key, expected) }
        return node
    }
}

extension SceneValue.Content {
    var isBool: Bool { if case .bool = self { true } else { false } }
}

/// Lottie's limits and shared helpers.
enum Lottie {
    /// Largest magnitude of any number a Lottie file may hold (coordinates, frames, percentages).
    static let maximumMagnitude = 1e7
    /// Longest list (layers, keyframes, vertices, shape items) read from a file.
    static let maximumArray = 100_000
    /// Deepest nesting of precomposition layers and shape groups.
    static let maximumNesting = 64

    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
    }
}

/// A node's place in its document: the member or element of its parent's place, a link of a
/// chain that is spelled out as a key path only when one is asked for.
final class LottieKeyPath: Sendable {
    let parent: LottieKeyPath?
    /// The member's key; nil for an element of a list.
    let key: String?
    /// The element's index in its list.
    let index: Int

    init(parent: LottieKeyPath?, key: String?, index: Int) {
        self.parent = parent
        self.key = key
        self.index = index
    }

    /// `layers[3].shapes[0].it[2].ks.p`.
    var text: String {
        var links: [LottieKeyPath] = []
        var link: LottieKeyPath? = self
        while let current = link {
            links.append(current)
            link = current.parent
        }
        var text = ""
        for link in links.reversed() {
            if let key = link.key {
                if !text.isEmpty { text += "." }
                text += key
            } else {
                text += "[\(link.index)]"
            }
        }
        return text
    }
}
