/// A problem with a scene file: the file, the key path inside it, what was expected and what
/// was found, and the line when known.
public struct SceneError: Error, Equatable, CustomStringConvertible {
    /// What sort of problem, which decides the exit code of the CLI.
    public enum Kind: Sendable, Equatable {
        /// The file does not exist or cannot be read (sysexits EX_NOINPUT, 66).
        case inputMissing
        /// The file's content is wrong (sysexits EX_DATAERR, 65).
        case invalidData
    }

    /// What sort of problem.
    public let kind: Kind
    /// The scene file's path as given.
    public let file: String
    /// Where in the document, e.g. `layers[2].sublayers[0].cornerRadius`; empty for the whole file.
    public let keyPath: String
    /// What a valid value would be.
    public let expected: String
    /// What the file holds there.
    public let found: String
    /// 1-based line in the file, when the parser knows it.
    public let line: Int?
    /// Further independent problems found in the same file (other layers), in document order;
    /// `strata validate` reports them all.
    public var others: [SceneError] = []

    /// This problem and the others.
    public var all: [SceneError] { [self] + others }

    /// Creates an error.
    public init(kind: Kind = .invalidData, file: String, keyPath: String, expected: String, found: String, line: Int? = nil) {
        self.kind = kind
        self.file = file
        self.keyPath = keyPath
        self.expected = expected
        self.found = found
        self.line = line
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        let path = keyPath.isEmpty ? "" : " \(keyPath):"
        return "\(location):\(path) expected \(expected), found \(found)"
    }
}
