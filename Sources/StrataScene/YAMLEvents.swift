import CYaml
import StrataModel

/// A streaming pass over a YAML scene's parser events, before anything is composed.
///
/// Yams composes the whole document into nodes first (about 2 KB a layer), so a file of 200,000
/// minimal layers cost 408 MB before the layer limit could be checked on the composed tree. This
/// pass reads libyaml's events one at a time (memory does not grow with the file) and counts the
/// mappings in every `layers:` and `sublayers:` list; the 100,001st is an error naming its key
/// path and line, before Yams allocates a node.
///
/// `CYaml` is the libyaml that Yams itself builds and links (its `Parser` keeps events internal);
/// the architecture test names it as the one module imported through a package's product.
/// Syntax errors are left to Yams, whose message the caller reports: this pass just stops.
enum YAMLEvents {
    /// Throws when the first document's layer lists hold more than `limit` layers in all.
    static func checkLayerCount(_ text: String, file: String, limit: Int = Limits.maximumLayers) throws(SceneError) {
        var utf8 = Array(text.utf8)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        try utf8.withUnsafeMutableBufferPointer { (bytes) throws(SceneError) in
            guard let base = bytes.baseAddress else { return }
            yaml_parser_set_input_string(&parser, base, bytes.count)
            var walk = Walk(limit: limit, file: file)
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                let finished = try walk.take(event)
                if finished { return }
            }
        }
    }

    /// Where the walk is: one frame per open collection.
    private struct Frame {
        var isMapping: Bool
        /// Mapping: the next node is a key. Sequence: unused.
        var keyNext = true
        /// Mapping: the key whose value comes next (nil for complex keys).
        var key: String?
        /// Sequence: how many items so far; whether it is a `layers:`/`sublayers:` list.
        var items = 0
        var isLayerList = false
    }

    private struct Walk {
        let limit: Int
        let file: String
        var stack: [Frame] = []
        var layers = 0

        /// Takes one event; true when the first document has ended.
        mutating func take(_ event: yaml_event_t) throws(SceneError) -> Bool {
            switch event.type {
            case YAML_DOCUMENT_END_EVENT, YAML_STREAM_END_EVENT:
                return true
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) }
                nodeStarts(scalarKey: text)
                nodeEnds()
            case YAML_ALIAS_EVENT:
                nodeStarts(scalarKey: nil)
                nodeEnds()
            case YAML_SEQUENCE_START_EVENT:
                let listKey = valueKey
                nodeStarts(scalarKey: nil)
                stack.append(Frame(isMapping: false, isLayerList: listKey == "layers" || listKey == "sublayers"))
            case YAML_MAPPING_START_EVENT:
                if let top = stack.last, !top.isMapping, top.isLayerList {
                    layers += 1
                    if layers > limit {
                        throw SceneError(file: file, keyPath: keyPath, expected: "at most \(limit) layers in a scene",
                                         found: "a layer past the \(limit)th", line: Int(event.start_mark.line) + 1)
                    }
                }
                nodeStarts(scalarKey: nil)
                stack.append(Frame(isMapping: true))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                _ = stack.popLast()
                nodeEnds()
            default:
                break
            }
            return false
        }

        /// The key of the value that starts next, when it is the value of a mapping entry.
        private var valueKey: String? {
            guard let top = stack.last, top.isMapping, !top.keyNext else { return nil }
            return top.key
        }

        /// A node starts inside the innermost collection: a mapping remembers a scalar key, a
        /// sequence counts the item.
        private mutating func nodeStarts(scalarKey: String?) {
            guard !stack.isEmpty else { return }
            if stack[stack.count - 1].isMapping {
                if stack[stack.count - 1].keyNext { stack[stack.count - 1].key = scalarKey }
            } else {
                stack[stack.count - 1].items += 1
            }
        }

        /// A node has ended: in a mapping, a key is followed by its value and a value by a key.
        private mutating func nodeEnds() {
            guard !stack.isEmpty, stack[stack.count - 1].isMapping else { return }
            stack[stack.count - 1].keyNext.toggle()
        }

        /// `layers[3].sublayers[7]`: the path of the node that starts now (built only for errors).
        private var keyPath: String {
            var path = ""
            for (depth, frame) in stack.enumerated() {
                if frame.isMapping {
                    if let key = frame.key { path = SceneReader.join(path, key) }
                } else {
                    // The innermost list has not counted the item that starts now.
                    path += "[\(depth == stack.count - 1 ? frame.items : frame.items - 1)]"
                }
            }
            return path
        }
    }
}
