#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension String {
    /// The text C's `printf` writes for `format` and `arguments` (`"%.3f"`,
    /// `"%d:%02d"`): what Foundation's `String(format:)` gives for such
    /// formats, without Foundation.
    public init(printf format: String, _ arguments: any CVarArg...) {
        var capacity = 64
        while true {
            let (text, needed) = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
                let needed = withVaList(arguments) { vsnprintf(buffer.baseAddress, capacity, format, $0) }
                return needed >= 0 && Int(needed) < capacity
                    ? (String(cString: buffer.baseAddress!), needed) : (nil, needed)
            }
            if let text { self = text; return }
            guard needed >= 0 else { self = ""; return }
            capacity = Int(needed) + 1
        }
    }
}
