import LayerFXCore

/// Paths' polygon bands kept across frames: a path drawn again with the same
/// value, device transform, fill rule or stroke style, on a frame of the same
/// size, is not flattened, stroked or cut into bands again.
///
/// Entries are found by ``GeometryKey`` (every input the bands depend on,
/// compared bit for bit) and hold a ``PathGeometry``: bands and edges without
/// colour, opacity, clips or a place in the frame's edge list, so a hit only
/// copies its edges into the frame and builds its band primitives with the
/// paint and clips of the moment. The entries hold at most `byteLimit` bytes
/// (estimated: keys, pieces and edges); once they would hold more, those used
/// least recently are dropped until half the limit is left, so a scene whose
/// paths animate, and never hit, keeps at most that much.
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
        /// Counts lookups and stores: an entry's `lastUse` is the count when it was last touched.
        var clock: UInt64 = 0
        var statistics = Statistics()
    }

    private struct Entry {
        let geometry: PathGeometry
        let bytes: Int
        var lastUse: UInt64
    }

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
            state.clock += 1
            guard state.entries[key] != nil else {
                state.statistics.misses += 1
                return nil
            }
            state.statistics.hits += 1
            state.entries[key]!.lastUse = state.clock
            return state.entries[key]!.geometry
        }
    }

    /// Keeps `geometry` for `key` (replacing what was there), first dropping
    /// the least recently used entries when the limit would be passed; a
    /// geometry larger than the limit is not kept.
    func store(_ geometry: PathGeometry, for key: GeometryKey) {
        let bytes = key.byteCount + geometry.byteCount + 64
        guard bytes <= byteLimit else { return }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries.removeValue(forKey: key) { state.statistics.bytes -= old.bytes }
            if state.statistics.bytes + bytes > byteLimit { Self.evict(&state, downTo: byteLimit / 2 - bytes) }
            state.entries[key] = Entry(geometry: geometry, bytes: bytes, lastUse: state.clock)
            state.statistics.bytes += bytes
            state.statistics.entries = state.entries.count
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
