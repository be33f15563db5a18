#if canImport(Glibc)
import Glibc
#endif

/// Paths the file calls use: a folder of this process under `$TMPDIR`
/// (`scripts/fuzz` points it at its scratch folder), a PNG inside it, and
/// paths that cannot be read or written.
enum Scratch {
    /// `$TMPDIR/layerfx-fuzz-capi-PID`, made on first use.
    static let directory: String = {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        let path = "\(base)/layerfx-fuzz-capi-\(getpid())"
        mkdir(path, 0o700)
        return path
    }()
    /// The PNG `lfx_render_to_png` writes and `lfx_scene_load_file` rejects.
    static let pngFile = directory + "/frame.png"
    /// A file that does not exist.
    static let missingFile = directory + "/missing.json"
    /// A file in a folder that does not exist.
    static let missingDirectoryFile = directory + "/missing/frame.png"
}
