/// Keeps a rarely set, large value out of line: a layer stays small however much a shape, text
/// or replicator holds, so that deep trees (256 levels, decoded recursively) fit a thread's stack.
/// A value type to its users: equality and hashing are the value's, and a change makes a new box.
@propertyWrapper
public struct Boxed<Value: Hashable & Sendable>: Hashable, Sendable {
    final class Storage: Sendable {
        let value: Value?
        init(_ value: Value?) { self.value = value }
    }

    private var storage: Storage?

    public init(wrappedValue: Value?) {
        storage = wrappedValue.map { Storage($0) }
    }

    public var wrappedValue: Value? {
        get { storage?.value }
        set { storage = newValue.map { Storage($0) } }
    }

    public static func == (lhs: Boxed, rhs: Boxed) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}
