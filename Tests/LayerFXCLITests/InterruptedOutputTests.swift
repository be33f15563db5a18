import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

/// A GIF or video that fails or is interrupted part-way leaves neither its
/// file nor a temporary file: write errors, a failing ffmpeg, SIGTERM (the
/// run ends by that signal after cleaning up) and SIGKILL (the next run
/// removes the leftover).
@Suite(.serialized)
struct InterruptedOutputTests {
    static let dots = Repository.example("typing-dots.json")
    /// Far more frames than a test waits for: these runs end by a signal.
    static let endless = ["render", dots, "--to", "600", "--fps", "20", "--scale", "0.5", "--backend", "cpu", "--quiet"]

    /// Size of the largest file in `dir` (hidden ones included).
    static func largestFile(in dir: URL) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .map { try FileManager.default.attributesOfItem(atPath: dir.appending(path: $0).path)[.size] as? Int ?? 0 }
            .max() ?? 0
    }

    @Test func sigtermDuringGIFRemovesItsTemporaryFile() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let run = try BackgroundRun(Self.endless + ["-o", dir.appending(path: "a.gif").path])
        #expect(try eventually { try Self.largestFile(in: dir) >= 8192 })  // frames are being written
        run.send(SIGTERM)
        let end = run.finish()
        #expect(end.reason == .uncaughtSignal && end.status == SIGTERM)
        #expect(end.stderr == "layerfx: error: interrupted by SIGTERM; no unfinished file is left in \(dir.path)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func gifKilledWithSIGKILLLeavesNoFileAndTheRerunRemovesItsTemporaryFile() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let gif = dir.appending(path: "a.gif")
        let run = try BackgroundRun(Self.endless + ["-o", gif.path])
        #expect(try eventually { try Self.largestFile(in: dir) >= 8192 })
        run.send(SIGKILL)
        #expect(run.finish().status == SIGKILL)
        let left = try listing(dir)
        #expect(left.visible.isEmpty)
        #expect(left.hidden.count == 1 && left.hidden[0].hasPrefix(TemporaryFiles.prefix(process: run.pid)), "\(left)")

        let rerun = try CLI.run(["render", Self.dots, "--to", "0.2", "--fps", "20", "--scale", "0.5",
                                 "--backend", "cpu", "--quiet", "-o", gif.path])
        #expect(rerun.status == 0)
        #expect(rerun.stderr == "layerfx: notice: removed 1 temporary file of killed runs from \(dir.path)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.gif"])
    }

    @Test func gifWriteErrorPartWayLeavesNoFile() throws {
        // The file-size limit (ulimit -f, SIGXFSZ ignored) fails a write once
        // the GIF has grown past a few frames: a disk filling up mid-run.
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let gif = dir.appending(path: "a.gif")
        let run = try BackgroundRun(["-c", "trap '' XFSZ; ulimit -f 16; exec \"$0\" \"$@\"", CLI.executable.path,
                                     "render", Self.dots, "--to", "2", "--fps", "20", "--scale", "0.5",
                                     "--backend", "cpu", "--quiet", "-o", gif.path],
                                    executable: URL(fileURLWithPath: "/bin/sh"))
        let end = run.finish()
        #expect(end.status == 1)
        #expect(end.stderr == "layerfx: error: cannot write \(gif.path): Failed to write to given file\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// A folder holding an executable `ffmpeg` shell script with `body`, and
    /// the PATH that finds it first. The script's last argument is the file to write.
    static func fakeFFmpeg(_ body: String) throws -> (bin: URL, path: String) {
        let bin = try TemporaryDirectory.make("layerfx-cli")
        let script = bin.appending(path: "ffmpeg")
        try Data("#!/bin/sh\nfor last; do :; done\n\(body)\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return (bin, "\(bin.path):/usr/bin:/bin")
    }

    @Test func failingFFmpegLeavesNoFile() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let ffmpeg = try Self.fakeFFmpeg("head -c 5000 > \"$last\"\necho 'fake ffmpeg: cannot encode' >&2\nexit 1")
        let mp4 = dir.appending(path: "a.mp4")
        let run = try CLI.run(["render", Self.dots, "--to", "0.5", "--fps", "20", "--scale", "0.5",
                               "--backend", "cpu", "--quiet", "-o", mp4.path], environment: ["PATH": ffmpeg.path])
        #expect(run.status == 1)
        #expect(run.stderr == "layerfx: error: ffmpeg failed writing \(mp4.path): fake ffmpeg: cannot encode\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func videoIsRenamedIntoPlaceWhenFFmpegSucceeds() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let ffmpeg = try Self.fakeFFmpeg("exec cat > \"$last\"")
        let mp4 = dir.appending(path: "a.mp4")
        let run = try CLI.run(["render", Self.dots, "--to", "0.5", "--fps", "20", "--scale", "0.5",
                               "--backend", "cpu", "--quiet", "-o", mp4.path], environment: ["PATH": ffmpeg.path])
        #expect(run.status == 0, "\(run.stderr)")
        // The fake keeps the raw frames it was fed: 10 frames of 100 × 50 RGBA.
        #expect(try Data(contentsOf: mp4).count == 10 * 100 * 50 * 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.mp4"])
    }

    @Test func sigtermDuringVideoStopsFFmpegAndLeavesNoFile() throws {
        // Like ffmpeg, the fake writes its file when its input ends, which
        // happens when layerfx exits: unless layerfx kills it first, a file appears.
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let pidFile = try TemporaryDirectory.make("layerfx-cli").appending(path: "ffmpeg.pid")
        // It reports its pid after two frames, when layerfx is past setting up.
        let ffmpeg = try Self.fakeFFmpeg("""
            head -c 40000 > /dev/null
            echo $$ > "$FAKE_FFMPEG_PID"
            cat > /dev/null
            echo finished > "$last"
            """)
        let run = try BackgroundRun(Self.endless + ["-o", dir.appending(path: "a.mp4").path],
                                    environment: ["PATH": ffmpeg.path, "FAKE_FFMPEG_PID": pidFile.path])
        var ffmpegPid: Int32?
        #expect(eventually {
            ffmpegPid = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return ffmpegPid != nil
        })
        run.send(SIGTERM)
        let end = run.finish()
        #expect(end.reason == .uncaughtSignal && end.status == SIGTERM)
        #expect(end.stderr == "layerfx: error: interrupted by SIGTERM; no unfinished file is left in \(dir.path)\n")
        let pid = try #require(ffmpegPid)
        #expect(eventually { hasEnded(pid) })
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
