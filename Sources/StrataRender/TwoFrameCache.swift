/// Values a rendering thread keeps from one frame to the next: a lookup finds what this frame or
/// the last one stored (and keeps it for the next), and each new frame lets go of what the last
/// frame did not use. Holds at most two frames' worth.
struct TwoFrameCache<Key: Hashable, Value> {
    private var current: [Key: Value] = [:]
    private var previous: [Key: Value] = [:]

    var isEmpty: Bool { current.isEmpty && previous.isEmpty }

    /// The value stored for `key` this frame or the last, if any.
    mutating func value(for key: Key) -> Value? {
        if let value = current[key] { return value }
        guard let value = previous.removeValue(forKey: key) else { return nil }
        current[key] = value
        return value
    }

    mutating func store(_ value: Value, for key: Key) {
        current[key] = value
    }

    /// Starts a frame: the values the last frame did not look up or store go.
    mutating func nextFrame() {
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
    }

    mutating func removeAll() {
        current.removeAll()
        previous.removeAll()
    }
}
