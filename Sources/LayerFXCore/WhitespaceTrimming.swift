extension StringProtocol {
    /// The text without the spaces and tabs (Unicode space separators and
    /// U+0009) at either end: how names and list items written in scene
    /// files and on the command line are compared.
    public func trimmingWhitespace() -> String {
        let isBlank = { (character: Character) in
            character.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
