import Foundation
import LayerFXTestSupport
import Testing

/// `layerfx render` over frame ranges: names, the end frame, resuming,
/// shards, raw frames on stdout and the errors of each option.
@Suite(.serialized)
struct SequenceRenderTests {
    static let dots = Repository.example("typing-dots.json")

    static func files(in dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func rangeNamesFramesByNumberAndExcludesTheEnd() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let pattern = dir.appending(path: "%04d.png").path
        let run = try CLI.run(["render", Self.dots, "--from", "0.1", "--to", "0.2", "--fps", "30",
                               "--scale", "0.5", "--backend", "cpu", "-o", pattern])
        #expect(run.status == 0, "\(run.stderr)")
        // Frames at n/30 in [0.1, 0.2): n = 3, 4, 5 (6/30 = 0.2 is the excluded end).
        #expect(try Self.files(in: dir) == ["0003.png", "0004.png", "0005.png"])
        let inclusive = try CLI.run(["render", Self.dots, "--from", "0.1", "--to", "0.2", "--fps", "30", "--include-end",
                                     "--scale", "0.5", "--backend", "cpu", "-o", pattern])
        #expect(inclusive.status == 0)
        #expect(try Self.files(in: dir) == ["0003.png", "0004.png", "0005.png", "0006.png"])
    }

    @Test func skipExistingLeavesFramesAlone() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let marker = Data("not a png".utf8)
        try marker.write(to: dir.appending(path: "f2.png"))
        let run = try CLI.run(["render", Self.dots, "--frames", "1-3", "--skip-existing", "--scale", "0.5",
                               "--backend", "cpu", "-o", dir.appending(path: "f%d.png").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.files(in: dir) == ["f1.png", "f2.png", "f3.png"])
        #expect(try Data(contentsOf: dir.appending(path: "f2.png")) == marker)
        #expect(try Data(contentsOf: dir.appending(path: "f1.png")).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func shardsTogetherEqualTheWholeRunByteForByte() throws {
        let whole = try TemporaryDirectory.make("layerfx-cli"), parts = try TemporaryDirectory.make("layerfx-cli")
        let common = ["render", Self.dots, "--from", "0", "--to", "0.5", "--fps", "20", "--scale", "0.5", "--backend", "cpu"]
        #expect(try CLI.run(common + ["-o", whole.appending(path: "%03d.png").path]).status == 0)
        for k in 1...3 {
            let run = try CLI.run(common + ["--shard", "\(k)/3", "-o", parts.appending(path: "%03d.png").path])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let names = try Self.files(in: whole)
        #expect(names.count == 10)
        #expect(try Self.files(in: parts) == names)
        for name in names {
            #expect(try Data(contentsOf: whole.appending(path: name)) == Data(contentsOf: parts.appending(path: name)), "\(name)")
        }
        // Slurm job arrays: task 2 of 3 counted from SLURM_ARRAY_TASK_MIN.
        let slurm = try TemporaryDirectory.make("layerfx-cli")
        let run = try CLI.run(common + ["--shard", "auto", "-o", slurm.appending(path: "%03d.png").path],
                              environment: ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "4",
                                            "SLURM_ARRAY_TASK_COUNT": "3"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.files(in: slurm) == ["001.png", "004.png", "007.png"])
    }

    @Test func rawFramesOnStandardOutput() throws {
        let run = try CLI.run(["render", Self.dots, "--to", "0.05", "--fps", "40", "--scale", "0.5",
                               "--backend", "cpu", "-o", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = run.stdoutBytes
        // Two frames (0 and 0.025 s) of 100 × 50 straight RGBA; the corner is the #F2F2F7 background.
        #expect(bytes.count == 2 * 100 * 50 * 4)
        #expect(Array(bytes.prefix(4)) == [0xF2, 0xF2, 0xF7, 0xFF])
    }

    @Test func errorsNameTheOption() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let cases: [([String], String)] = [
            (["--to", "1", "-o", dir.appending(path: "a.png").path], "a frame sequence needs exactly one frame-number field"),
            (["--to", "1", "-o", dir.appending(path: "%s.png").path], "only %d, %Nd and %0Nd fields are understood"),
            (["--to", "1", "--shard", "4/3", "-o", dir.appending(path: "%d.png").path], "--shard 4/3: the shard must be 1…N"),
            (["--to", "1", "--shard", "auto", "-o", dir.appending(path: "%d.png").path], "--shard auto: neither"),
            (["--frames", "9-3", "-o", dir.appending(path: "%d.png").path], "--frames: 3 comes before 9"),
            (["--from", "2", "--to", "1", "-o", dir.appending(path: "%d.png").path], "--to (1.0) must not be before --from (2.0)"),
            (["--to", "1", "--fps", "0", "-o", dir.appending(path: "%d.png").path], "--fps must be a positive number"),
            (["--time", "1", "--to", "2", "-o", dir.appending(path: "%d.png").path], "--time renders one frame"),
        ]
        for (args, message) in cases {
            let run = try CLI.run(["render", Self.dots, "--backend", "cpu"] + args)
            #expect(run.status != 0)
            #expect(run.stderr.contains(message), "\(args): \(run.stderr)")
        }
        #expect(try Self.files(in: dir).isEmpty)
    }
}

/// Single-file outputs of a sequence: animated GIF and video through ffmpeg.
@Suite(.serialized)
struct AnimationFileTests {
    static let dots = Repository.example("typing-dots.json")
    static let ffmpegInstalled = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].contains {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test func animatedGIFHasOneImagePerFrameAndLoops() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let gif = dir.appending(path: "dots.gif")
        let run = try CLI.run(["render", Self.dots, "--to", "0.5", "--fps", "20", "--scale", "0.5",
                               "--backend", "cpu", "-o", gif.path])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = Array(try Data(contentsOf: gif))
        #expect(Array(bytes.prefix(6)) == Array("GIF89a".utf8))
        #expect(bytes[6] == 100 && bytes[7] == 0 && bytes[8] == 50 && bytes[9] == 0)  // 100 × 50, little endian
        func count(_ pattern: [UInt8]) -> Int {
            (0...(bytes.count - pattern.count)).filter { Array(bytes[$0..<$0 + pattern.count]) == pattern }.count
        }
        #expect(count(Array("NETSCAPE2.0".utf8)) == 1)
        // One graphic control block per frame (10 frames at 20 fps), 5/100 s each.
        #expect(count([0x21, 0xF9, 0x04]) == 10)
        let control = (0...(bytes.count - 3)).first { Array(bytes[$0..<$0 + 3]) == [0x21, 0xF9, 0x04] }!
        #expect(bytes[control + 4] == 5 && bytes[control + 5] == 0)
        #expect(bytes.last == 0x3B)  // trailer
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["dots.gif"])
    }

    @Test func singleStreamOutputsRefuseShardsAndResuming() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let run = try CLI.run(["render", Self.dots, "--to", "0.5", "--shard", "1/2", "--backend", "cpu",
                               "-o", dir.appending(path: "a.gif").path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("--shard and --skip-existing need numbered PNG files"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func videoWithoutFFmpegNamesThePackage() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let run = try CLI.run(["render", Self.dots, "--to", "0.5", "--backend", "cpu",
                               "-o", dir.appending(path: "a.mp4").path], environment: ["PATH": "/nonexistent"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("needs ffmpeg, which is not installed (Debian: apt install ffmpeg)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test(.enabled(if: ffmpegInstalled, "ffmpeg is not installed"))
    func mp4ThroughFFmpeg() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let mp4 = dir.appending(path: "dots.mp4")
        let run = try CLI.run(["render", Self.dots, "--to", "0.5", "--fps", "20", "--scale", "0.5",
                               "--backend", "cpu", "-o", mp4.path])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = Array(try Data(contentsOf: mp4))
        #expect(Array(bytes[4..<8]) == Array("ftyp".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["dots.mp4"])
    }
}
