import CMalloc

/// How the `layerfx` process asks glibc's allocator to keep freed memory.
///
/// Every frame allocates and frees the same large buffers (the display list,
/// the CPU kernels' shape records, pixels). By default glibc maps blocks over
/// 128 KiB from the kernel and gives them back on free, so each frame pays
/// page faults and zeroing for memory it just released (about a tenth of the
/// CPU time of a 1080p sequence of the waves example). Raising the mapping
/// threshold to its maximum (32 MiB) and the trim threshold keeps those
/// blocks in the heap for the next frame. Only the command-line tool does
/// this; a library must not change its host's allocator.
enum MemoryReuse {
    /// The largest mapping threshold glibc accepts on 64-bit systems.
    static let mappingThreshold: Int32 = 32 << 20
    /// Free memory at the heap's top kept rather than returned to the kernel.
    static let trimThreshold: Int32 = 512 << 20

    /// Applies both thresholds to this process.
    static func keepFreedBlocks() {
        _ = mallopt(M_MMAP_THRESHOLD, mappingThreshold)
        _ = mallopt(M_TRIM_THRESHOLD, trimThreshold)
    }
}
