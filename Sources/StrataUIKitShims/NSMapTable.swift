import Foundation

/// How a map table holds its keys or values (`NSPointerFunctions.Options`): strongly, or weakly
/// so that an entry disappears when its key or value is freed. Darwin's Foundation has it and
/// swift-corelibs-foundation does not; app code that keeps per-animation state leans on it.
public enum NSPointerFunctions {
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Held strongly (the default, 0 as in Foundation).
        public static let strongMemory = Options([])
        /// Held weakly: the entry goes when the object is freed.
        public static let weakMemory = Options(rawValue: 5)
        /// Compared by identity (`===`), which is how this table always compares keys.
        public static let objectPointerPersonality = Options(rawValue: 1 << 9)
    }
}

/// A dictionary from objects to objects that may hold either side weakly (`NSMapTable`), as
/// Darwin's Foundation has it and swift-corelibs-foundation does not. Keys are compared by
/// identity. Single-threaded, as app code uses it from the main thread.
open class NSMapTable<KeyType: AnyObject, ObjectType: AnyObject> {
    private struct Entry {
        weak var weakKey: KeyType?
        var strongKey: KeyType?
        weak var weakValue: ObjectType?
        var strongValue: ObjectType?
        var key: KeyType? { strongKey ?? weakKey }
        var value: ObjectType? { strongValue ?? weakValue }
    }
    private let weakKeys: Bool, weakValues: Bool
    private var entries: [ObjectIdentifier: Entry] = [:]

    public init(keyOptions: NSPointerFunctions.Options = [], valueOptions: NSPointerFunctions.Options = [], capacity: Int = 0) {
        weakKeys = keyOptions.contains(.weakMemory)
        weakValues = valueOptions.contains(.weakMemory)
    }

    public class func strongToStrongObjects() -> NSMapTable { NSMapTable() }
    public class func weakToStrongObjects() -> NSMapTable { NSMapTable(keyOptions: .weakMemory) }
    public class func strongToWeakObjects() -> NSMapTable { NSMapTable(valueOptions: .weakMemory) }
    public class func weakToWeakObjects() -> NSMapTable { NSMapTable(keyOptions: .weakMemory, valueOptions: .weakMemory) }

    /// The object for `key`, or nil when there is none or it has been freed.
    open func object(forKey key: KeyType?) -> ObjectType? {
        guard let key else { return nil }
        guard let entry = entries[ObjectIdentifier(key)], entry.key === key else { return nil }
        return entry.value
    }

    open func setObject(_ object: ObjectType?, forKey key: KeyType?) {
        guard let key else { return }
        guard let object else { return removeObject(forKey: key) }
        if entries.count >= 64 && entries.count.nonzeroBitCount == 1 { purge() }
        var entry = Entry()
        if weakKeys { entry.weakKey = key } else { entry.strongKey = key }
        if weakValues { entry.weakValue = object } else { entry.strongValue = object }
        entries[ObjectIdentifier(key)] = entry
    }

    open func removeObject(forKey key: KeyType?) {
        guard let key else { return }
        entries[ObjectIdentifier(key)] = nil
    }

    open func removeAllObjects() { entries.removeAll() }

    /// The entries whose key and value are both still alive.
    open var count: Int {
        purge()
        return entries.count
    }

    /// Drops the entries whose key or value has been freed (an identifier can then be reused).
    private func purge() {
        entries = entries.filter { $0.value.key != nil && $0.value.value != nil }
    }
}
