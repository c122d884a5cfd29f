import Foundation

/// Float planes a thread keeps from one Gaussian blur to the next.
///
/// A blur on a reduced grid needs two planes of 16 bytes a cell (17 MB for a 1080p image at
/// σ 4). Allocated afresh for every blur, they were faulted in page by page, which cost about as
/// much as the blur itself; a frame sequence blurs on every frame. Each thread keeps its own pair
/// (so nothing is shared between threads), up to `budgetBytes` each, released with the thread.
/// The blur's results do not depend on it: a kept plane is cleared before use, as a new one is.
final class BlurScratch {
    /// The largest plane kept, in bytes; larger ones are allocated and freed each time.
    static let budgetBytes = 64 << 20

    private var planes: [[SIMD4<Float>]] = [[], []]

    /// Plane `slot` (0 or 1) with `count` cells, taken from the scratch (it no longer holds it):
    /// zeros when `cleared`, else unspecified values that the caller overwrites.
    func take(_ slot: Int, count: Int, cleared: Bool) -> [SIMD4<Float>] {
        var plane = planes[slot]
        planes[slot] = []
        if plane.count == count {
            if cleared { plane.withUnsafeMutableBufferPointer { $0.update(repeating: .zero) } }
            return plane
        }
        plane = []  // the old storage goes before the new is made
        if cleared { return [SIMD4<Float>](repeating: .zero, count: count) }
        return [SIMD4<Float>](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// Gives a plane back for the next blur on this thread (dropped when over the budget).
    func keep(_ plane: consuming [SIMD4<Float>], slot: Int) {
        guard plane.count * MemoryLayout<SIMD4<Float>>.stride <= Self.budgetBytes else { return }
        planes[slot] = plane
    }

    /// This thread's scratch.
    static var current: BlurScratch {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<BlurScratch>.fromOpaque(pointer).takeUnretainedValue()
        }
        let scratch = BlurScratch()
        pthread_setspecific(key, Unmanaged.passRetained(scratch).toOpaque())
        return scratch
    }

    /// The thread-specific slot; a thread's scratch is released when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<BlurScratch>.fromOpaque(pointer).release() }
        }
        return key
    }()
}
