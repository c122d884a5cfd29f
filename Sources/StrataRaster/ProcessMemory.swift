import CStrataKernels

/// Process-wide memory settings for programs that render many frames.
public enum ProcessMemory {
    /// Serves frame-sized buffers (up to 32 MiB) from the C heap and keeps freed heap memory (up
    /// to 512 MiB) for reuse instead of returning it to the system at once. A sequence allocates
    /// the same few buffers for every frame (8 MB each at 1080p); by default glibc maps fresh,
    /// zeroed pages for each, and the page faults cost about a third of a 1080p frame's CPU time.
    /// Peak memory is unchanged. This is a process-wide setting, for programs (the `strata` CLI),
    /// not libraries; it does nothing where the C library is not glibc.
    /// - Returns: whether the settings were applied.
    @discardableResult
    public static func keepFrameBuffersInTheHeap() -> Bool {
        strata_keep_large_buffers_in_heap() == 1
    }
}
