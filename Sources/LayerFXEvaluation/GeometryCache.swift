import LayerFXCore

/// Paths' polygon bands kept across frames: a path drawn again with the same
/// value, device transform, fill rule or stroke style, on a frame of the same
/// size, is not flattened, stroked or cut into bands again.
///
/// Entries are found by ``GeometryKey`` (every input the bands depend on,
/// compared bit for bit) and hold a ``PathGeometry``: bands and edges without
/// colour, opacity, clips or a place in the frame's edge list, so a hit only
/// copies its edges into the frame and builds its band primitives with the
/// paint and clips of the moment.
///
/// Two bounds keep its memory small. When a frame begins, entries that no
/// lookup used during the ``framesKept`` frames before it are dropped: a path
/// animating every frame holds a few frames of geometry, never more. And the
/// entries hold at most `byteLimit` bytes (estimated: keys, pieces and
/// edges); once they would hold more, those used least recently are dropped
/// until half the limit is left.
///
/// Frames evaluated at once and the parallel parts of one frame share the
/// cache: every access is under one lock, held only to look up or store.
final class GeometryCache: Sendable {
    /// What the cache has done, for tests and measurements.
    struct Statistics: Equatable {
        /// Lookups that found their geometry, and lookups that did not.
        var hits = 0, misses = 0
        /// Entries kept, and their estimated bytes.
        var entries = 0, bytes = 0
    }

    /// The entries and what the lock guards besides.
    private struct State {
        var entries: [GeometryKey: Entry] = [:]
        /// Counts frames begun: an entry's `lastUse` is the count when a lookup or store last touched it.
        var clock: UInt64 = 0
        var statistics = Statistics()
    }

    private struct Entry {
        let geometry: PathGeometry
        let bytes: Int
        var lastUse: UInt64
    }

    /// How many of the latest frames begun before the current one an entry
    /// must have been used in to be kept: enough for a still path to survive
    /// a frame or two of other scenes evaluated in between.
    static let framesKept: UInt64 = 3

    /// The most bytes the entries may hold together.
    let byteLimit: Int
    private let state = LockedValue(State())

    /// A cache keeping at most `byteLimit` bytes of geometry (64 MiB by default).
    init(byteLimit: Int = 64 << 20) {
        self.byteLimit = max(byteLimit, 0)
    }

    /// The geometry stored for `key`, marked as just used; nil when there is none.
    func geometry(for key: GeometryKey) -> PathGeometry? {
        state.withLock { state in
            guard let index = state.entries.index(forKey: key) else {
                state.statistics.misses += 1
                return nil
            }
            state.statistics.hits += 1
            state.entries.values[index].lastUse = state.clock
            return state.entries.values[index].geometry
        }
    }

    /// Keeps `geometry` for `key` (replacing what was there), first dropping
    /// the least recently used entries when the limit would be passed; a
    /// geometry larger than the limit is not kept.
    func store(_ geometry: PathGeometry, for key: GeometryKey) {
        let bytes = key.byteCount + geometry.byteCount + 64
        guard bytes <= byteLimit else { return }
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.statistics.bytes -= old.bytes }
            if state.statistics.bytes + bytes > byteLimit { Self.evict(&state, downTo: byteLimit / 2 - bytes) }
            state.entries[key] = Entry(geometry: geometry, bytes: bytes, lastUse: state.clock)
            state.statistics.bytes += bytes
            state.statistics.entries = state.entries.count
        }
    }

    /// Starts a frame, dropping the entries no lookup used during the
    /// ``framesKept`` frames before it.
    func beginFrame() {
        // The dropped entries are returned, so that they are freed after the lock is let go.
        _ = state.withLock { state in
            state.clock += 1
            let clock = state.clock
            // Nothing to drop (an empty cache, every entry in use): no filtered copy is made.
            guard state.entries.values.contains(where: { $0.lastUse + Self.framesKept < clock }) else { return [:] }
            let stale = state.entries.filter { $0.value.lastUse + Self.framesKept < clock }
            for (key, entry) in stale {
                state.entries[key] = nil
                state.statistics.bytes -= entry.bytes
            }
            state.statistics.entries = state.entries.count
            return stale
        }
    }

    /// What the cache has done so far.
    var statistics: Statistics {
        state.withLock { $0.statistics }
    }

    /// Drops the least recently used entries until the rest hold at most `bytes`.
    private static func evict(_ state: inout State, downTo bytes: Int) {
        for (key, entry) in state.entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard state.statistics.bytes > bytes else { break }
            state.entries[key] = nil
            state.statistics.bytes -= entry.bytes
        }
        state.statistics.entries = state.entries.count
    }
}
