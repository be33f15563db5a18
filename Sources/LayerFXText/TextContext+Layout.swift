import LayerFXCore

extension TextContext {
    /// `TextLayout.layout(_:font:fontSize:alignment:boundsWidth:atlas:)` in
    /// this context's atlas, kept: text laid out again with the same string,
    /// font, size (bit for bit), alignment and width returns the same glyphs
    /// without laying out or allocating anything, so a still text layer in
    /// an animation costs a lookup a frame. The glyphs stay valid because an
    /// atlas never moves a glyph it placed.
    ///
    /// At most ``layoutsKept`` layouts are kept; once there are more (text
    /// whose size or string animates), the cache starts afresh.
    /// - Throws: what the layout throws (nothing is kept then).
    public func layout(_ string: String, font: Font, fontSize: Double, alignment: TextAlignmentMode,
                       boundsWidth: Double) throws -> [PlacedGlyph] {
        let key = LayoutKey(string: string, font: ObjectIdentifier(font), fontSize: fontSize.bitPattern,
                            alignment: alignment, boundsWidth: boundsWidth.bitPattern)
        if let glyphs = layouts.withLock({ $0[key] }) { return glyphs }
        let glyphs = try TextLayout.layout(string, font: font, fontSize: fontSize, alignment: alignment,
                                           boundsWidth: boundsWidth, atlas: atlas)
        layouts.withLock { layouts in
            if layouts.count >= Self.layoutsKept { layouts.removeAll(keepingCapacity: true) }
            layouts[key] = glyphs
        }
        return glyphs
    }

    /// The most layouts a context keeps.
    public static let layoutsKept = 256
}

/// What a layout depends on: the string, the font (a context's fonts live as
/// long as it does, so the object's identity names one), the size and
/// width as bit patterns, and the alignment.
struct LayoutKey: Hashable {
    var string: String
    var font: ObjectIdentifier
    var fontSize: UInt64
    var alignment: TextAlignmentMode
    var boundsWidth: UInt64
}
