/// LayerFX's version: what `layerfx --version` prints and `lfx_get_version`
/// returns. `include/layerfx.h`'s `LAYERFX_VERSION_*` macros must match (a
/// test compiles a C program against the header that checks).
public enum LayerFXVersion {
    /// Incompatible changes.
    public static let major: Int32 = 0
    /// Additions.
    public static let minor: Int32 = 1
    /// Fixes.
    public static let patch: Int32 = 0
    /// `major.minor.patch`, as `LAYERFX_VERSION_STRING`.
    public static var string: String { "\(major).\(minor).\(patch)" }
}
