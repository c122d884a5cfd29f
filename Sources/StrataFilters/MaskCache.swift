import Foundation
import StrataModel
import StrataRaster

/// Generated masks by signature (shape and pixel size), so that an unchanged mask is not
/// generated again. Thread-safe; `generations` counts the masks actually generated.
public final class MaskCache: @unchecked Sendable {
    /// The cache the renderer uses.
    public static let shared = MaskCache()

    private struct Signature: Hashable {
        let shape: BlurMaskShape
        let width: Int
        let height: Int
    }

    private let lock = NSLock()
    private var masks: [Signature: MaskPlane] = [:]
    private var order: [Signature] = []
    private var generated = 0
    /// Masks kept at most (the oldest goes first).
    public let capacity: Int

    /// Creates an empty cache.
    public init(capacity: Int = 32) { self.capacity = capacity }

    /// Number of masks generated so far (cache misses).
    public var generations: Int {
        lock.lock()
        defer { lock.unlock() }
        return generated
    }

    /// The mask of `shape` at `width × height` pixels, generated only if not cached.
    public func mask(_ shape: BlurMaskShape, width: Int, height: Int) -> MaskPlane {
        let signature = Signature(shape: shape, width: width, height: height)
        lock.lock()
        if let mask = masks[signature] {
            lock.unlock()
            return mask
        }
        lock.unlock()
        let mask = MaskPlane.generate(shape, width: width, height: height)
        lock.lock()
        defer { lock.unlock() }
        if masks[signature] == nil {
            generated += 1
            masks[signature] = mask
            order.append(signature)
            if order.count > capacity { masks[order.removeFirst()] = nil }
        }
        return mask
    }
}
