import LayerFX

/// Which frames a sequence render produces: frame `n` shows scene time
/// exactly `n / fps`, so the same frame number always has the same bytes,
/// whichever range or shard it was rendered in.
struct FrameSchedule: Equatable {
    var fps: Double
    /// Frame numbers in rendering order.
    var numbers: [Int]

    /// Every frame whose time lies in `from..<to` (`from...to` with
    /// `includeEnd`), at `fps` frames per second.
    init(from: Double, to: Double, fps: Double, includeEnd: Bool) throws {
        try Self.check(fps: fps)
        guard from.isFinite, to.isFinite else {
            throw CLIError("--from and --to must be finite numbers of seconds, got \(from) and \(to)")
        }
        guard to >= from else { throw CLIError("--to (\(to)) must not be before --from (\(from))") }
        // Frame times are n / fps; tolerate the rounding of decimal inputs such as 0.1 · 30.
        let first = (from * fps - 1e-9).rounded(.up)
        let last = includeEnd ? (to * fps + 1e-9).rounded(.down) : (to * fps - 1e-9).rounded(.up) - 1
        guard last - first < Double(Self.limit) else { throw CLIError("the range holds more than \(Self.limit) frames") }
        guard abs(first) < Double(Self.largestFrame), abs(last) < Double(Self.largestFrame) else {
            throw CLIError("--from \(from) and --to \(to) at \(fps) fps give frame numbers beyond ±\(Self.largestFrame)")
        }
        try self.init(first: Int(saturating: first), last: Int(saturating: last), fps: fps)
    }

    /// `--frames A-B` (inclusive) or a single `--frames N`.
    init(frames text: String, fps: Double) throws {
        try Self.check(fps: fps)
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let first = Int(parts[0]), let last = Int(parts.last!), first >= 0 else {
            throw CLIError("--frames: expected FIRST-LAST or N with whole frame numbers ≥ 0, got \"\(text)\"")
        }
        guard last >= first else { throw CLIError("--frames: \(last) comes before \(first) in \"\(text)\"") }
        try self.init(first: first, last: last, fps: fps)
    }

    private static func check(fps: Double) throws {
        guard fps.isFinite, fps > 0 else { throw CLIError("--fps must be a positive number, got \(fps)") }
    }

    /// At most this many frames in one run, so a typo cannot start an endless job.
    static let limit = 10_000_000

    /// Largest frame number (2⁵³, where doubles stop counting in whole steps).
    static let largestFrame = 1 << 53

    private init(first: Int, last: Int, fps: Double) throws {
        guard last >= first else {
            throw CLIError("the range holds no frame at \(fps) fps; widen it or pass --include-end")
        }
        guard last.subtractingReportingOverflow(first).partialValue < Self.limit,
              !last.subtractingReportingOverflow(first).overflow else { throw CLIError("the range holds more than \(Self.limit) frames") }
        self.fps = fps
        numbers = Array(first...last)
    }

    /// Scene time of frame `n`.
    func time(ofFrame n: Int) -> Double { Double(n) / fps }

    /// The frames of shard `index` (1-based) of `count`: every `count`-th frame
    /// of the run, starting with the `index`-th, so shards interleave and finish
    /// together.
    func shard(_ index: Int, of count: Int) -> FrameSchedule {
        var copy = self
        copy.numbers = numbers.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
        return copy
    }
}

/// `--shard K/N`, or `auto`: Slurm job arrays (`SLURM_ARRAY_TASK_ID` from
/// `SLURM_ARRAY_TASK_MIN`, `SLURM_ARRAY_TASK_COUNT`) or Kubernetes indexed
/// jobs (`JOB_COMPLETION_INDEX` with the shard count in `LAYERFX_SHARD_COUNT`).
struct Shard: Equatable {
    var index: Int
    var count: Int

    init(index: Int, count: Int) { self.index = index; self.count = count }

    init(parsing text: String, environment: [String: String]) throws {
        if text == "auto" {
            if let id = environment["SLURM_ARRAY_TASK_ID"].flatMap(Int.init),
               let count = environment["SLURM_ARRAY_TASK_COUNT"].flatMap(Int.init) {
                let min = environment["SLURM_ARRAY_TASK_MIN"].flatMap(Int.init) ?? 0
                try self.init(checking: id - min + 1, count, text)
            } else if let index = environment["JOB_COMPLETION_INDEX"].flatMap(Int.init) {
                guard let count = environment["LAYERFX_SHARD_COUNT"].flatMap(Int.init) else {
                    throw CLIError("--shard auto: JOB_COMPLETION_INDEX is set but not LAYERFX_SHARD_COUNT (the number of completions)")
                }
                try self.init(checking: index + 1, count, text)
            } else {
                throw CLIError("--shard auto: neither SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT nor JOB_COMPLETION_INDEX is set")
            }
            return
        }
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw CLIError("--shard: expected K/N (e.g. 2/8) or auto, got \"\(text)\"")
        }
        try self.init(checking: k, n, text)
    }

    private init(checking index: Int, _ count: Int, _ text: String) throws {
        guard count >= 1, (1...count).contains(index) else {
            throw CLIError("--shard \(text): the shard must be 1…N with N ≥ 1 (got \(index)/\(count))")
        }
        self.init(index: index, count: count)
    }
}
