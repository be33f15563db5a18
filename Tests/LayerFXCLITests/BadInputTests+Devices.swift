import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension BadInputTests {
    /// Full and read-only file systems, made with a small tmpfs (needs mount rights).
    static let mounted: [BadInput] = [
        BadInput(input: "full disk (a 64 KiB tmpfs, filled)",
                 arguments: ["render", "$DIR/scene.json", "--backend", "cpu", "-o", "$DIR/full/out.png"],
                 scene: Array(BadInput.validScene.utf8),
                 error: "cannot write $DIR/full/out.png: No space left on device",
                 setup: { try FileSystemTricks.tmpfs(in: $0, "full", options: "rw", full: true) }),
        BadInput(input: "read-only folder (a read-only tmpfs)",
                 arguments: ["render", "$DIR/scene.json", "--backend", "cpu", "-o", "$DIR/ro/out.png"],
                 scene: Array(BadInput.validScene.utf8),
                 error: "cannot write $DIR/ro/out.png: Read-only file system",
                 setup: { try FileSystemTricks.tmpfs(in: $0, "ro", options: "ro", full: false) }),
    ]

    /// A device that refuses every write (needs the right to make device nodes).
    static let devices: [BadInput] = [
        BadInput(input: "full device (a /dev/full node as the output)",
                 arguments: ["render", "$DIR/scene.json", "--backend", "cpu", "-o", "$DIR/full"],
                 scene: Array(BadInput.validScene.utf8),
                 error: "cannot write $DIR/full: No space left on device",
                 setup: { dir in
                     mknod(dir.appending(path: "full").path, S_IFCHR | 0o666, FileSystemTricks.fullDevice)
                     return {}
                 }),
    ]

    @Test(.enabled(if: FileSystemTricks.canMount, "mounting a tmpfs is not permitted here"), arguments: mounted)
    func badMounted(_ row: BadInput) throws { try row.check() }

    @Test(.enabled(if: FileSystemTricks.canMakeDevices, "making device nodes is not permitted here"), arguments: devices)
    func badDevices(_ row: BadInput) throws { try row.check() }
}
