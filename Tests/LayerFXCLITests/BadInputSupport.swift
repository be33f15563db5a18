import Foundation
import LayerFXTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One row of the bad-input table (docs/bad-inputs.md): what goes in, the
/// exact error line that must come out, and that no output file is left.
struct BadInput: CustomTestStringConvertible, Sendable {
    /// What is wrong, as the table's "input" column shows it.
    let input: String
    /// `layerfx` arguments; `$DIR` stands for the case's own empty folder,
    /// where `scene.json` holds `scene` when there is one (`$DIR` in its text
    /// is replaced too).
    let arguments: [String]
    /// The scene file's bytes, or nil for no `scene.json`.
    var scene: [UInt8]?
    /// The whole error line after `layerfx: error: `, with `$DIR` for the folder.
    let error: String
    /// Shell commands run before `exec layerfx` (e.g. `ulimit -f 0`), or "".
    var shell = ""
    /// Prepares the folder (a FIFO, a device node, a full file system) and
    /// returns what to undo afterwards; nil when nothing is needed.
    var setup: (@Sendable (URL) throws -> (@Sendable () -> Void))?

    var testDescription: String { input }

    /// A row whose scene file holds `json`, rendered on the CPU to `$DIR/out.png`.
    static func scene(_ input: String, _ json: String, _ error: String) -> BadInput {
        BadInput(input: input, arguments: sceneArguments, scene: Array(json.utf8), error: error)
    }

    /// The command of a scene row: render `scene.json` on the CPU to `out.png`.
    static let sceneArguments = ["render", "$DIR/scene.json", "-o", "$DIR/out.png", "--backend", "cpu"]

    /// A row rendering a small valid scene with `arguments` after the scene path.
    static func render(_ input: String, _ arguments: [String], _ error: String) -> BadInput {
        BadInput(input: input, arguments: ["render", "$DIR/scene.json", "--backend", "cpu"] + arguments,
                 scene: Array(validScene.utf8), error: error)
    }

    /// A one-square scene that renders in milliseconds.
    static let validScene = ##"{"size":[10,10],"layers":[{"bounds":[0,0,5,5],"backgroundColor":"#FF0000"}]}"##

    /// Runs the row in a fresh folder and checks exit status 1, exactly one
    /// line `layerfx: error: …` equal to `error`, nothing on stdout, and the
    /// folder holding exactly what it held before the run (no output file, no
    /// hidden `.layerfx-*` temporary file).
    func check() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        if let scene {
            // `$DIR` in a scene's text names the folder too (a font path).
            let bytes = String(validating: scene, as: UTF8.self)
                .map { Array($0.replacingOccurrences(of: "$DIR", with: dir.path).utf8) } ?? scene
            try Data(bytes).write(to: dir.appending(path: "scene.json"))
        }
        let undo = try setup?(dir)
        defer { undo?() }
        let before = try Self.listing(dir)
        let place = dir.path
        let result = try Self.run(arguments.map { $0.replacingOccurrences(of: "$DIR", with: place) }, shell: shell)
        #expect(result.status == 1)
        #expect(result.stderr == "layerfx: error: \(error.replacingOccurrences(of: "$DIR", with: place))\n")
        #expect(result.stdoutBytes.isEmpty)
        #expect(try Self.listing(dir) == before)
    }

    /// Everything in `dir` and its subfolders, hidden files included.
    static func listing(_ dir: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: dir.path) else { return [] }
        return walker.compactMap { $0 as? String }.sorted()
    }

    /// Runs `layerfx` with `arguments`, through `/bin/sh -c` when `shell` is not empty.
    static func run(_ arguments: [String], shell: String) throws -> ProcessResult {
        guard !shell.isEmpty else { return try CLI.run(arguments) }
        return try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"),
                                     ["-c", shell + #"; exec "$0" "$@""#, CLI.executable.path] + arguments)
    }
}

/// What this machine lets a test do to simulate failing file systems.
enum FileSystemTricks {
    /// Whether a small tmpfs can be mounted (root with CAP_SYS_ADMIN, not in most containers).
    static let canMount: Bool = {
        guard let dir = try? TemporaryDirectory.make("layerfx-cli") else { return false }
        defer { try? FileManager.default.removeItem(at: dir) }
        guard mount("tmpfs", dir.path, "tmpfs", 0, "size=64k") == 0 else { return false }
        umount(dir.path)
        return true
    }()

    /// Whether device nodes can be made (CAP_MKNOD).
    static let canMakeDevices: Bool = {
        guard let dir = try? TemporaryDirectory.make("layerfx-cli") else { return false }
        defer { try? FileManager.default.removeItem(at: dir) }
        return mknod(dir.appending(path: "full").path, S_IFCHR | 0o666, fullDevice) == 0
    }()

    /// `/dev/full`'s device number (1, 7): every write fails with ENOSPC.
    static let fullDevice: dev_t = 1 << 8 | 7

    /// Mounts a 64 KiB tmpfs at `dir/name` with `options`, filled up with a
    /// file `fill` when `full`; returns the unmount.
    static func tmpfs(in dir: URL, _ name: String, options: String, full: Bool) throws -> @Sendable () -> Void {
        let point = dir.appending(path: name).path
        try FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: false)
        guard mount("tmpfs", point, "tmpfs", 0, "size=64k") == 0 else { throw POSIXError(.EPERM) }
        if full {
            let fd = open(point + "/fill", O_WRONLY | O_CREAT, 0o644)
            let block = [UInt8](repeating: 0, count: 4096)
            while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
            close(fd)
        }
        if options == "ro" { mount("tmpfs", point, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), "size=64k") }
        return { umount(point) }
    }
}
