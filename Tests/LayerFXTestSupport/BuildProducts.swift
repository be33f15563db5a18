import Foundation

/// The build folder the test bundle runs from (`.build/debug`), where
/// SwiftPM also puts the `layerfx` executable and `libLayerFXC.so`.
public enum BuildProducts {
    /// The built file `name` (not a folder), looked for beside the test
    /// bundle and in each folder above it; nil when it is not built.
    public static func find(_ name: String) -> URL? {
        var dir = Bundle.main.bundleURL
        while dir.path != "/" {
            let candidate = dir.appending(path: name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue {
                return candidate
            }
            dir.deleteLastPathComponent()
        }
        return nil
    }
}
