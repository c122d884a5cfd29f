import Foundation

/// The import warnings as `render` and `frame` print them: a warning that many places share
/// ("FILE: KEYPATH: WHAT" with the same file and the same words) is printed in full for its
/// first `shown` places, then once more as a count of the rest with their key paths, so that a
/// file whose 120 layers carry a layer style gives four lines, not 120. `validate` prints every
/// warning one per line, as `--strict` reports them.
enum WarningSummary {
    /// How many places of one warning are printed in full.
    static let shown = 3
    /// How many of the remaining key paths the summary line names.
    static let named = 4

    /// `warnings` in their order, each shared warning's places past the first `shown` folded into
    /// one line after its last shown place.
    static func lines(_ warnings: [String]) -> [String] {
        var places: [String: [String]] = [:]
        // Each warning with its file and words when it has a key path (parsed once).
        var order: [(warning: String, shared: (key: String, file: String, what: String)?)] = []
        for warning in warnings {
            guard let (file, path, what) = parts(of: warning) else {
                order.append((warning, nil))
                continue
            }
            let key = file + "\u{0}" + what
            places[key, default: []].append(path)
            order.append((warning, (key, file, what)))
        }
        var printed: [String: Int] = [:]
        var lines: [String] = []
        for (warning, shared) in order {
            guard let (key, file, what) = shared, let paths = places[key] else {
                lines.append(warning)
                continue
            }
            let count = printed[key, default: 0]
            printed[key] = count + 1
            if count < shown { lines.append(warning) }
            if count == shown - 1, paths.count > shown {
                let rest = paths.dropFirst(shown)
                let names = rest.prefix(named).joined(separator: ", ") + (rest.count > named ? ", …" : "")
                lines.append("\(file): the same at \(rest.count) more place\(rest.count == 1 ? "" : "s") (\(names); `strata validate` lists every one): \(what)")
            }
        }
        return lines
    }

    /// A warning's file, JSON key path and words: "FILE: KEYPATH: WHAT", the key path a name
    /// followed by `.name` and `[index]` parts; nil for any other warning.
    static func parts(of warning: String) -> (file: String, path: String, what: String)? {
        var searchStart = warning.startIndex
        while let separator = warning.range(of: ": ", range: searchStart..<warning.endIndex) {
            let file = String(warning[..<separator.lowerBound])
            let rest = warning[separator.upperBound...]
            if let end = rest.range(of: ": "), isKeyPath(rest[..<end.lowerBound]) {
                return (file, String(rest[..<end.lowerBound]), String(rest[end.upperBound...]))
            }
            searchStart = separator.upperBound
        }
        return nil
    }

    private static func isKeyPath(_ text: Substring) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        var inIndex = false
        for character in text {
            switch character {
            case "[": if inIndex { return false } else { inIndex = true }
            case "]": if inIndex { inIndex = false } else { return false }
            case ".": if inIndex { return false }
            default:
                guard character.isASCII, character.isLetter || character.isNumber || character == "_" else { return false }
                if inIndex, !character.isNumber { return false }
            }
        }
        return !inIndex
    }
}
