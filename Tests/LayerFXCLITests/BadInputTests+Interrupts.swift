import Foundation
import LayerFXTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension BadInputTests {
    /// A frame of many seconds on the CPU in a debug build (about 3 s in a
    /// release build: 400 dashed, stroked, translucent curves), to be interrupted.
    static let slowScene = ##"{"size":[2000,2000],"layers":[{"type":"replicator","instanceCount":20,"instanceTransform":{"rotation":0.05},"sublayers":[{"type":"replicator","instanceCount":40,"instanceTransform":{"translation":[3,2]},"sublayers":[{"type":"shape","position":[1000,1000],"path":{"svg":"M 0 0 C 300 900 900 -300 1000 1000 Z"},"fillColor":"#FF000010","strokeColor":"#0000FF10","lineWidth":1.5,"lineDashPattern":[3,2]}]}]}]}"##

    /// The interrupted runs the table lists: the signal ends the process and
    /// no output or temporary file is left.
    static let interrupts: [(input: String, signal: Int32)] = [
        ("SIGTERM during a single-frame render", SIGTERM),
        ("SIGINT (Ctrl-C) during a single-frame render", SIGINT),
    ]

    @Test(arguments: [SIGTERM, SIGINT])
    func interruptedRenderLeavesNoFile(_ signal: Int32) throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.slowScene.utf8).write(to: dir.appending(path: "scene.json"))
        let pid = try Self.spawnWithDefaultSignals([
            CLI.executable.path, "render", dir.appending(path: "scene.json").path,
            "-o", dir.appending(path: "out.png").path, "--backend", "cpu",
        ])
        usleep(300_000)
        kill(pid, signal)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        #expect(status & 0x7F == signal, "wait status \(status)")  // WTERMSIG: ended by the signal
        #expect(try BadInput.listing(dir) == ["scene.json"])
    }

    /// Starts `arguments` (the executable first) with SIGTERM and SIGINT at
    /// their default actions and unblocked, whatever the test runner set
    /// (dispositions and masks are inherited across exec), stderr discarded.
    static func spawnWithDefaultSignals(_ arguments: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), none = sigset_t()
        sigemptyset(&defaults); sigaddset(&defaults, SIGTERM); sigaddset(&defaults, SIGINT)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
        return pid
    }

    @Test func existingOutputSurvivesAFailedRender() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appending(path: "out.png")
        try Data("previous".utf8).write(to: out)
        let scene = dir.appending(path: "bad.json")
        try Data("{".utf8).write(to: scene)
        let result = try CLI.run(["render", scene.path, "-o", out.path])
        #expect(result.status == 1)
        #expect(try Data(contentsOf: out) == Data("previous".utf8))
        #expect(try BadInput.listing(dir) == ["bad.json", "out.png"])
    }
}
