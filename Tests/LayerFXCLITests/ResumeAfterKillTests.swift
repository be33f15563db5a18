import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

/// A PNG sequence killed with SIGKILL part-way and rerun with
/// `--skip-existing` ends byte-identical to an uninterrupted run; no partial
/// file is ever visible under a frame's name; the rerun removes the temporary
/// files the killed run left and no others.
@Suite(.serialized)
struct ResumeAfterKillTests {
    static let dots = Repository.example("typing-dots.json")
    static let job = ["render", dots, "--frames", "0-71", "--fps", "24", "--scale", "0.5", "--backend", "cpu", "--quiet"]
    static let names = (0...71).map { String(format: "%04d.png", $0) }

    @Test func killedSequenceResumesToTheBytesOfAnUninterruptedRun() throws {
        let whole = try TemporaryDirectory.make("layerfx-cli"), resumed = try TemporaryDirectory.make("layerfx-cli")
        let reference = try CLI.run(Self.job + ["-o", whole.appending(path: "%04d.png").path])
        #expect(reference.status == 0, "\(reference.stderr)")
        #expect(try listing(whole).visible == Self.names)

        // The killed run gets a few milliseconds at a time (SIGCONT … SIGSTOP);
        // while it is stopped every file under a frame's name must be a whole PNG.
        let run = try BackgroundRun(Self.job + ["-o", resumed.appending(path: "%04d.png").path])
        var partial: [String] = []
        let reachedEightFrames = try eventually {
            usleep(2000)
            run.send(SIGSTOP)
            defer { run.send(SIGCONT) }
            let frames = try listing(resumed).visible
            partial += try frames.filter { !isCompletePNG(try bytes(resumed, $0)) }
            guard frames.count >= 8 || hasEnded(run.pid) else { return false }
            run.send(SIGKILL)
            return true
        }
        let killed = run.finish()
        #expect(reachedEightFrames)
        #expect(killed.reason == .uncaughtSignal && killed.status == SIGKILL, "the run ended by itself: \(killed)")
        #expect(partial.isEmpty, "partial files under frame names: \(partial)")

        let done = try listing(resumed)
        #expect(done.visible.count < Self.names.count)
        for name in done.visible { #expect(isCompletePNG(try bytes(resumed, name)), "\(name)") }
        #expect(done.hidden.allSatisfy { $0.hasPrefix(TemporaryFiles.prefix(process: run.pid)) }, "\(done.hidden)")
        let inodes = try done.visible.map { try inode(resumed, $0) }

        // Leftovers: one more of the killed run (removed), one of a running
        // process (this test; kept) and one of another machine key (kept).
        let mine = TemporaryFiles.prefix(process: run.pid)
        let key = mine.split(separator: "-")[1]
        let alive = TemporaryFiles.prefix(process: getpid()) + "live.tmp"
        let elsewhere = ".layerfx-\(key == "ffffffff" ? "00000000" : "ffffffff")-\(run.pid)-other.tmp"
        for name in [mine + "stale.tmp", alive, elsewhere] {
            try Data("partial".utf8).write(to: resumed.appending(path: name))
        }

        let rerun = try CLI.run(Self.job + ["--skip-existing", "-o", resumed.appending(path: "%04d.png").path])
        #expect(rerun.status == 0)
        let removed = done.hidden.count + 1
        #expect(rerun.stderr == "layerfx: notice: removed \(removed) temporary file\(removed == 1 ? "" : "s") of killed runs from \(resumed.path)\n")
        let after = try listing(resumed)
        #expect(after.visible == Self.names)
        #expect(after.hidden == [alive, elsewhere].sorted())
        for name in Self.names {
            #expect(try bytes(resumed, name) == bytes(whole, name), "\(name)")
        }
        // Frames the killed run finished were left alone, not written again.
        #expect(try done.visible.map { try inode(resumed, $0) } == inodes)
    }

    private func bytes(_ dir: URL, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: dir.appending(path: name)))
    }

    private func inode(_ dir: URL, _ name: String) throws -> UInt64 {
        var info = stat()
        guard stat(dir.appending(path: name).path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
        return UInt64(info.st_ino)
    }
}
