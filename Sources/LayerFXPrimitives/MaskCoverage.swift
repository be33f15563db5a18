import LayerFXCore

/// How a masked offscreen layer's mask covers its content when composited:
/// raw values are what the composite primitive holds in `shapeExtra.x`, the
/// `LFX_MASK_` constants of `lfx_layout.h` (0, `LFX_MASK_NONE`, is a
/// composite without a mask). The coverage of a pixel comes from the mask
/// layer's premultiplied RGBA8 bytes (r, g, b, a) as stored.
public enum MaskCoverage: Int, Sendable, CaseIterable {
    /// a / 255: the mask's alpha (Core Animation's `mask`).
    case alpha = 1
    /// (255 − a) / 255.
    case alphaInverted = 2
    /// (2126 r + 7152 g + 722 b) / 2550000: the Rec. 709 luma of the
    /// premultiplied colour, which is the mask composited over black.
    case luminance = 3
    /// (2550000 − (2126 r + 7152 g + 722 b)) / 2550000.
    case luminanceInverted = 4

    /// Whether a pixel the mask leaves clear is covered (coverage 1): the
    /// composite then reaches wherever the content draws, not only where
    /// the mask does.
    public var isInverted: Bool { self == .alphaInverted || self == .luminanceInverted }

    /// The coverage a composite's `shapeExtra.x` holds, read as every
    /// backend reads it: nil (no mask) for 0.5 or less and NaN, otherwise
    /// the value truncated and kept to ``alpha`` … ``luminanceInverted``.
    public init?(compositeValue x: Float) {
        guard x > 0.5 else { return nil }
        self = MaskCoverage(rawValue: min(max(Int(saturating: x), 1), Self.luminanceInverted.rawValue)) ?? .alpha
    }
}
