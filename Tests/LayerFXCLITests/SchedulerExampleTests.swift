import Foundation
import LayerFXTestSupport
import Testing

/// The Kubernetes Indexed Job and the Slurm job array in `Examples/` run as
/// their schedulers would run them (every index at once, with the variables
/// the scheduler sets, into one shared folder), and the union of their shards
/// is the whole job: the same file names with the same bytes as the command
/// run without `--shard`.
@Suite(.serialized)
struct SchedulerExampleTests {
    /// The repository root (the working directory the examples assume).
    static let repository = Repository.root
    /// Variables of both schedulers, unset unless a test sets them.
    static let schedulerVariables: [String: String?] = [
        "SLURM_ARRAY_TASK_ID": nil, "SLURM_ARRAY_TASK_MIN": nil, "SLURM_ARRAY_TASK_COUNT": nil,
        "JOB_COMPLETION_INDEX": nil, "LAYERFX_SHARD_COUNT": nil,
    ]

    /// `arguments` (after the program name) without `--shard auto`.
    static func unsharded(_ arguments: [String]) -> [String] {
        var rest = arguments
        if let at = rest.firstIndex(of: "--shard"), at + 1 < rest.count {
            rest.removeSubrange(at...(at + 1))
        }
        return rest
    }

    /// Runs the unsharded `arguments` into `whole`, then checks `shards` holds
    /// the same files with the same bytes (hidden files included: none may be left).
    static func expectUnionIsWholeJob(_ shards: URL, arguments: [String], whole: URL) throws {
        let reference = try BackgroundRun(arguments, environment: schedulerVariables, directory: repository).finish()
        #expect(reference.status == 0, "\(reference.stderr)")
        let expected = try FileManager.default.contentsOfDirectory(atPath: whole.path).sorted()
        #expect(expected.count == 24 && expected.first == "0000.png" && expected.last == "0023.png", "\(expected)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: shards.path).sorted() == expected)
        for name in expected {
            #expect(try Data(contentsOf: shards.appending(path: name)) == Data(contentsOf: whole.appending(path: name)), "\(name)")
        }
    }

    @Test func kubernetesIndexedJobShardsMakeTheWholeJob() throws {
        let text = try String(contentsOf: Self.repository.appending(path: "Examples/kubernetes/render-job.yaml"), encoding: .utf8)
        let job = try SchedulerFiles.indexedJob(text)
        #expect(job.completionMode == "Indexed")
        #expect(job.completions > 1 && job.parallelism == job.completions)
        #expect(job.environment["LAYERFX_SHARD_COUNT"] == String(job.completions))
        #expect(Array(job.command.prefix(2)) == ["layerfx", "render"])
        #expect(job.command.contains("--skip-existing"))
        let shard = try #require(job.command.firstIndex(of: "--shard"))
        #expect(job.command[shard + 1] == "auto")

        // The binary and the volume as this machine sees them; nothing else changes.
        let shards = try TemporaryDirectory.make("layerfx-cli"), whole = try TemporaryDirectory.make("layerfx-cli")
        func arguments(into dir: URL) -> [String] {
            job.command.dropFirst().map { $0.hasPrefix(job.mountPath + "/") ? dir.path + $0.dropFirst(job.mountPath.count) : $0 }
        }
        let pods = try (0..<job.completions).map { index in
            try BackgroundRun(arguments(into: shards), environment: Self.schedulerVariables.merging([
                "JOB_COMPLETION_INDEX": String(index),
                "LAYERFX_SHARD_COUNT": job.environment["LAYERFX_SHARD_COUNT"],
            ]) { $1 }, directory: Self.repository)
        }
        for (index, pod) in pods.enumerated() {
            let end = pod.finish()
            #expect(end.status == 0 && end.stderr.isEmpty, "index \(index): \(end.stderr)")
        }
        try Self.expectUnionIsWholeJob(shards, arguments: Self.unsharded(arguments(into: whole)), whole: whole)
    }

    @Test func slurmJobArrayShardsMakeTheWholeJob() throws {
        let path = Self.repository.appending(path: "Examples/slurm/render-array.sh")
        let script = try SchedulerFiles.arrayScript(try String(contentsOf: path, encoding: .utf8))
        #expect(script.taskIDs.count > 1)
        #expect(Array(script.command.prefix(2)) == ["layerfx", "render"])
        #expect(script.command.contains("--skip-existing"))
        let shard = try #require(script.command.firstIndex(of: "--shard"))
        #expect(script.command[shard + 1] == "auto")

        // The script itself runs once per task, finding this build's layerfx
        // on PATH and writing to $OUT, with the variables Slurm sets.
        let shards = try TemporaryDirectory.make("layerfx-cli"), whole = try TemporaryDirectory.make("layerfx-cli")
        let bin = CLI.executable.deletingLastPathComponent().path
        let searchPath = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let tasks = try script.taskIDs.map { id in
            try BackgroundRun([path.path], executable: URL(fileURLWithPath: "/bin/bash"),
                              environment: Self.schedulerVariables.merging([
                                  "PATH": searchPath, "OUT": shards.path,
                                  "SLURM_ARRAY_TASK_ID": String(id),
                                  "SLURM_ARRAY_TASK_MIN": String(script.taskIDs[0]),
                                  "SLURM_ARRAY_TASK_COUNT": String(script.taskIDs.count),
                              ]) { $1 }, directory: Self.repository)
        }
        for (id, task) in zip(script.taskIDs, tasks) {
            let end = task.finish()
            #expect(end.status == 0 && end.stderr.isEmpty, "task \(id): \(end.stderr)")
        }
        let reference = script.command.dropFirst().map { $0.replacingOccurrences(of: "$OUT", with: whole.path) }
        try Self.expectUnionIsWholeJob(shards, arguments: Self.unsharded(reference), whole: whole)
    }
}
