import CYaml

/// Builds a scene's `SceneValue` tree straight from libyaml's events, one pass, no recursion.
///
/// Yams composed a tree of nodes first (a tag object and a mark per scalar) that was then converted:
/// for 100,000 layers that was 0.9 s and 150 MB before the scene decoder saw a value. This does
/// what composing and converting did — aliases stand for their anchored values (counted against
/// the same budget, so an alias bomb stops at once), keys are text and appear once, nesting is
/// bounded, one document — and types scalars as Yams' default resolver does (`SceneValue.typed`).
struct YAMLComposer {
    let file: String
    /// Values still allowed: the file's bytes + 64; an alias costs the values it stands for.
    var budget: Int
    private var stack: [Open] = []
    private var anchors: [String: Anchored] = [:]
    private var root: SceneValue?

    /// A collection being built.
    private struct Open {
        var isMapping: Bool
        var line: Int
        var anchor: String?
        var items: [SceneValue] = []
        var entries: [(key: String, value: SceneValue)] = []
        var seen: Set<String> = []
        /// Mapping: the key whose value comes next.
        var key: String?
        /// Values inside, this one included; levels below it.
        var size = 1
        var height = 0
    }

    /// An anchored value and what it costs where an alias repeats it.
    private struct Anchored {
        var value: SceneValue
        var size: Int
        var height: Int
    }

    init(file: String, budget: Int) {
        self.file = file
        self.budget = budget
    }

    /// The first document's value, nil for an empty stream.
    static func compose(_ text: String, file: String) throws(SceneError) -> SceneValue? {
        var composer = YAMLComposer(file: file, budget: text.utf8.count + 64)
        var utf8 = Array(text.utf8)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw SceneError(file: file, keyPath: "", expected: "valid YAML", found: "no memory for libyaml's parser")
        }
        defer { yaml_parser_delete(&parser) }
        return try utf8.withUnsafeMutableBufferPointer { (bytes) throws(SceneError) -> SceneValue? in
            yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
            var documents = 0
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { throw Self.syntaxError(parser, file: file) }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return composer.root
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                    if documents > 1 {
                        throw SceneError(file: file, keyPath: "", expected: "valid YAML",
                                         found: "a syntax error: \(Int(event.start_mark.line) + 1):\(Int(event.start_mark.column) + 1): error: composer: expected a single document in the stream but found another document",
                                         line: Int(event.start_mark.line) + 1)
                    }
                default:
                    try composer.take(event)
                }
            }
        }
    }

    /// libyaml's problem as Yams worded it: `line:column: error: scanner: problem`.
    static func syntaxError(_ parser: yaml_parser_t, file: String) -> SceneError {
        let kind = parser.error == YAML_SCANNER_ERROR ? "scanner" : parser.error == YAML_PARSER_ERROR ? "parser"
            : parser.error == YAML_READER_ERROR ? "reader" : parser.error == YAML_MEMORY_ERROR ? "memory" : "composer"
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        let mark = parser.error == YAML_READER_ERROR ? nil : (Int(parser.problem_mark.line) + 1, Int(parser.problem_mark.column) + 1)
        var context = ""
        if let text = parser.context.map({ String(cString: $0) }) {
            context = "\(text) in line \(Int(parser.context_mark.line) + 1), column \(Int(parser.context_mark.column) + 1) "
        }
        let message = (mark.map { "\($0.0):\($0.1): " } ?? "") + "error: \(kind): \(context)\(problem)"
        return SceneError(file: file, keyPath: "", expected: "valid YAML",
                          found: "a syntax error: \(message.count > 300 ? message.prefix(300) + "…" : Substring(message))", line: mark?.0)
    }

    private func failure(_ expected: String, _ found: String, line: Int?, keyPath: String = "") -> SceneError {
        SceneError(file: file, keyPath: keyPath, expected: expected, found: found, line: line)
    }

    private mutating func take(_ event: yaml_event_t) throws(SceneError) {
        let line = Int(event.start_mark.line) + 1
        switch event.type {
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let text = data.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: data.length), as: UTF8.self) } ?? ""
            let tag = data.quoted_implicit == 1 ? "tag:yaml.org,2002:str" : data.tag.map { String(cString: $0) } ?? ""
            let value = SceneValue(content: SceneValue.typed(text: text, tag: tag, plain: data.style == YAML_PLAIN_SCALAR_STYLE), line: line)
            try spend(1, height: 0, line: line)
            if let anchor = data.anchor.map({ String(cString: $0) }) { anchors[anchor] = Anchored(value: value, size: 1, height: 0) }
            try add(value, size: 1, height: 0, keyText: text, line: line)
        case YAML_ALIAS_EVENT:
            let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
            guard let anchored = anchors[name] else {
                throw failure("valid YAML", "a syntax error: \(line):\(Int(event.start_mark.column) + 1): error: composer: found undefined alias \(name.prefix(40))", line: line)
            }
            try spend(anchored.size, height: anchored.height, line: line)
            var keyText: String?
            if case .string(let text) = anchored.value.content { keyText = text }
            try add(anchored.value, size: anchored.size, height: anchored.height, keyText: keyText, line: line)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            try spend(1, height: 0, line: line)
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            if let top = stack.last, top.isMapping, top.key == nil {
                throw failure("text keys", "a complex key", line: line)
            }
            let anchor = (isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor).map { String(cString: $0) }
            stack.append(Open(isMapping: isMapping, line: line, anchor: anchor))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let open = stack.popLast() else { return }
            let value = SceneValue(content: open.isMapping ? .object(open.entries) : .array(open.items), line: open.line)
            if let anchor = open.anchor { anchors[anchor] = Anchored(value: value, size: open.size, height: open.height) }
            try add(value, size: open.size, height: open.height, keyText: nil, line: open.line)
        default:
            break
        }
    }

    /// Counts values against the budget and levels against the nesting bound.
    private mutating func spend(_ values: Int, height: Int, line: Int) throws(SceneError) {
        budget -= values
        guard budget >= 0 else {
            throw failure("at most as many values as the file has bytes", "aliases that expand to more (an alias bomb?)", line: line)
        }
        guard stack.count + height <= SceneValue.maximumNesting else {
            throw failure("nesting at most \(SceneValue.maximumNesting) levels deep", "deeper nesting", line: line)
        }
    }

    /// Puts a finished value where it belongs: the root, a sequence's next item, a mapping's key
    /// (which must be text, once) or the value of its key.
    private mutating func add(_ value: SceneValue, size: Int, height: Int, keyText: String?, line: Int) throws(SceneError) {
        guard !stack.isEmpty else {
            root = value
            return
        }
        let top = stack.count - 1
        stack[top].size += size
        stack[top].height = max(stack[top].height, height + 1)
        if !stack[top].isMapping {
            stack[top].items.append(value)
        } else if let key = stack[top].key {
            stack[top].entries.append((key, value))
            stack[top].key = nil
        } else {
            guard let keyText else { throw failure("text keys", "a complex key", line: line) }
            guard stack[top].seen.insert(keyText).inserted else {
                throw failure("each key once", "a duplicate key", line: line, keyPath: keyText)
            }
            stack[top].key = keyText
        }
    }
}
