/// What a frame has spent of each ``WorkBudget/Key``: a plain value held
/// inline (no array), so a replicator can remember it before its first copy
/// and compare after, and a new frame can start from zero, without allocating.
struct SpentBudget {
    /// Room for this many keys (a test checks that every key fits).
    static let capacity = 16

    private var counts = SIMD16<Int>()

    /// Nothing spent.
    init() {}

    /// What was spent of `key`.
    subscript(key: WorkBudget.Key) -> Int {
        get { counts[key.index] }
        set { counts[key.index] = newValue }
    }
}
