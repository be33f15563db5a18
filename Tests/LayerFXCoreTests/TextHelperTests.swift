import LayerFXCore
import Testing

/// The text helpers that stand in for Foundation's `String(format:)` and
/// `trimmingCharacters(in: .whitespaces)`.
@Suite struct TextHelperTests {
    @Test func printfFormatsAsC() {
        #expect(String(printf: "%.3f", 0.1236) == "0.124")
        #expect(String(printf: "%.3f", 2.0625) == "2.062")  // exactly halfway: to even, as C does
        #expect(String(printf: "%d:%02d:%02d", 1, 2, 3) == "1:02:03")
        #expect(String(printf: "%.1f fps, ", 59.96) == "60.0 fps, ")
    }

    /// Past the first 64-byte buffer the text is formatted again at its full length.
    @Test func printfGrowsForLongText() {
        let long = String(printf: "%0200d|%.2f", 7, 2.5)
        #expect(long.count == 205)
        #expect(long.hasPrefix("000") && long.hasSuffix("7|2.50"))
    }

    @Test func trimmingRemovesSpacesAndTabsOnly() {
        #expect("  \tDejaVu Sans \u{00A0}".trimmingWhitespace() == "DejaVu Sans")
        #expect(" 1.5"[...].trimmingWhitespace() == "1.5")
        #expect("\n a \n".trimmingWhitespace() == "\n a \n")
        #expect(" \t ".trimmingWhitespace() == "")
        #expect("".trimmingWhitespace() == "")
    }
}
