#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Transparent huge pages for large buffers.
///
/// A new frame buffer is mapped by the kernel a page at a time as it is first
/// written: a 1080p frame is 2,000 page faults of 4 KiB, which cost more
/// than drawing it on a small frame. Where the kernel offers transparent huge
/// pages on request (`madvise`, Debian's default), the whole 2 MiB pages
/// inside the buffer are asked for as huge pages: one fault each.
public enum HugePages {
    /// The huge page size on x86-64 and arm64 (with 4 KiB pages).
    static let size = 2 << 20

    /// Advises the kernel to back the 2 MiB-aligned pages inside
    /// `base..<base + count` with huge pages; call it before the first write.
    /// Smaller buffers, and kernels without the feature, are left as they are.
    public static func advise(_ base: UnsafeMutableRawPointer, count: Int) {
        guard count >= size else { return }
        let start = (UInt(bitPattern: base) + UInt(size - 1)) & ~UInt(size - 1)
        let end = (UInt(bitPattern: base) + UInt(count)) & ~UInt(size - 1)
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, Int(end - start), MADV_HUGEPAGE)
    }
}
