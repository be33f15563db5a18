/// How a filled path decides what is inside: a shape layer's `fillRule`
/// (`"nonZero"` or `"evenOdd"` in scene files) and, as its raw value, what a
/// polygon band of the display list carries to the backends (the
/// `LFX_WINDING_` constants of `lfx_layout.h`; a test checks they agree).
public enum WindingRule: Int, Hashable, Sendable {
    /// Inside where the winding number is not zero.
    case nonZero = 0
    /// Inside where the winding number is odd.
    case evenOdd = 1

    /// Whether winding number `winding` is inside.
    @inline(__always)
    public func contains(winding: Int) -> Bool {
        self == .nonZero ? winding != 0 : winding & 1 != 0
    }
}
