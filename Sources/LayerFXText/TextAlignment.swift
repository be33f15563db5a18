/// CATextLayer's `alignmentMode` (`kCAAlignmentNatural` …), by its scene-file
/// name. Lines are never wrapped, so `justified` lines (each the last of its
/// paragraph) align like `natural`, which is `left` (LayerFX lays out left to
/// right only).
public enum TextAlignment: String, Sendable, CaseIterable {
    case natural, left, right, center, justified
}
