/// `CATextLayer.alignmentMode`: how each line sits in the layer's width
/// (`natural` and `justified` align left, as for left-to-right text on one line).
public enum TextAlignmentMode: String, Hashable, Sendable, CaseIterable {
    /// Left, for left-to-right text.
    case natural
    /// Lines start at the left edge.
    case left
    /// Lines end at the right edge.
    case right
    /// Lines are centred.
    case center
    /// Left (lines do not wrap, so there is nothing to justify).
    case justified
}
