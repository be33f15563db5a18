/// A 1-based line and column in a source text.
struct SourceLocation: Hashable, Sendable {
    var line: Int
    var column: Int

    /// The location of byte `offset` in UTF-8 `bytes`. Columns count Unicode
    /// scalars, so a tab or an "é" is one column. Runs in O(offset); it is only
    /// used when reporting an error.
    init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var column = 1
        let end = min(max(offset, 0), bytes.count)
        var i = 0
        while i < end {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Not a UTF-8 continuation byte: a new scalar starts here.
                column += 1
            }
            i += 1
        }
        self.line = line
        self.column = column
    }
}
