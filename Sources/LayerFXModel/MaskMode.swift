/// How a layer's `mask` covers it: a LayerFX extension of `CALayer.mask`
/// (which uses the mask's alpha) for the track mattes and masks of Lottie
/// files. The coverage is computed from the mask layer's rendered pixels,
/// premultiplied RGBA8 as stored: `alpha` is a, `luminance` the Rec. 709
/// luma of the premultiplied colour (the mask composited over black),
/// 0.2126 R + 0.7152 G + 0.0722 B, and the inverted modes one minus those.
public enum MaskMode: String, Hashable, Sendable, CaseIterable {
    /// The mask's alpha (Core Animation's `mask`).
    case alpha
    /// One minus the mask's alpha: the layer shows where the mask draws nothing.
    case alphaInverted
    /// The luma of the mask's premultiplied colour: white shows, black and clear hide.
    case luminance
    /// One minus that luma: black and clear show, white hides.
    case luminanceInverted

    /// Whether the layer shows where its mask draws nothing (coverage 1
    /// there), so the masked region is the layer's whole area rather than the
    /// part its mask covers.
    public var isInverted: Bool { self == .alphaInverted || self == .luminanceInverted }
}
