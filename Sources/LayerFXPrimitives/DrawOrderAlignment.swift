/// Where two frames' draw orders differ, when primitives came or went
/// between them (a layer appeared, a path gained a band): the entries
/// before and after that stretch draw alike in both frames, so a pixel
/// that no entry of either stretch touches comes out the same.
///
/// The two orders are aligned at both ends (the longest run of entries
/// drawing alike from the start, then from the end), and the stretches
/// between are widened until each opens and closes its own offscreen
/// layers: what is drawn after them then lands in the same layers as
/// before, whatever the stretches hold. ``FrameDamage`` marks the pixels
/// of both stretches.
enum DrawOrderAlignment {
    /// How an entry of a draw order nests offscreen layers.
    enum Nesting {
        /// Draws into the innermost open layer (or the frame).
        case draws
        /// Opens a layer (``ShapeKind/beginLayer``).
        case opens
        /// Starts the innermost open layer's mask (``ShapeKind/beginMask``).
        case startsMask
        /// Composites the innermost open layer and closes it (``ShapeKind/composite``).
        case closes

        /// How an instance of `kind` nests.
        init(_ kind: ShapeKind) {
            switch kind {
            case .beginLayer: self = .opens
            case .beginMask: self = .startsMask
            case .composite: self = .closes
            default: self = .draws
            }
        }
    }

    /// The stretches of two draw orders, of `oldCount` and `newCount`
    /// entries, that differ: `alike(i, j)` says whether entry i of the old
    /// order draws what entry j of the new one does, `oldNesting` and
    /// `newNesting` how an entry nests. Nil when the orders nest layers in
    /// a way no pair of stretches accounts for (an order that closes a layer
    /// it never opened, say).
    static func changedStretches(oldCount: Int, newCount: Int, alike: (Int, Int) -> Bool,
                                 oldNesting: (Int) -> Nesting,
                                 newNesting: (Int) -> Nesting) -> (old: Range<Int>, new: Range<Int>)? {
        let shorter = min(oldCount, newCount)
        var prefix = 0, suffix = 0
        while prefix < shorter, alike(prefix, prefix) { prefix += 1 }
        while suffix < shorter - prefix, alike(oldCount - 1 - suffix, newCount - 1 - suffix) { suffix += 1 }
        // Each round widens a stretch to a layer it reaches out of, so the
        // rounds are bounded by the depth of nesting; past a limit the
        // caller damages everything.
        for _ in 0..<64 {
            let old = depths(prefix..<(oldCount - suffix), oldNesting)
            let new = depths(prefix..<(newCount - suffix), newNesting)
            if old.lowest < 0 || new.lowest < 0 {
                // A stretch draws into, or closes, a layer opened before it:
                // start at that layer's marker (the entries before the
                // stretches are the same in both orders).
                guard let begin = openLayer(-min(old.lowest, new.lowest), at: prefix, newNesting) else { return nil }
                prefix = begin
                continue
            }
            if old.end > 0 || new.end > 0 {
                // A stretch leaves layers open: end where they close (the
                // entries after the stretches are the same in both orders).
                guard let oldExtra = entriesUntilClosed(old.end, after: oldCount - suffix, count: oldCount, oldNesting),
                      let newExtra = entriesUntilClosed(new.end, after: newCount - suffix, count: newCount, newNesting)
                else { return nil }
                suffix -= max(oldExtra, newExtra)
                continue
            }
            return (prefix..<(oldCount - suffix), prefix..<(newCount - suffix))
        }
        return nil
    }

    /// The lowest depth of layers a stretch reaches (below 0: it needs
    /// layers opened before it; a mask started at depth d needs d − 1) and
    /// the depth it ends at, counting from 0 at its start.
    private static func depths(_ range: Range<Int>, _ nesting: (Int) -> Nesting) -> (lowest: Int, end: Int) {
        var depth = 0, lowest = 0
        for i in range {
            switch nesting(i) {
            case .draws: continue
            case .opens: depth += 1
            case .startsMask: lowest = min(lowest, depth - 1)
            case .closes:
                depth -= 1
                lowest = min(lowest, depth)
            }
        }
        return (lowest, depth)
    }

    /// Where the layer `levels` out from the innermost one open before
    /// entry `position` was opened (1: the innermost); nil when fewer are open.
    private static func openLayer(_ levels: Int, at position: Int, _ nesting: (Int) -> Nesting) -> Int? {
        var open: [Int] = []
        for i in 0..<position {
            switch nesting(i) {
            case .opens: open.append(i)
            case .closes: if !open.isEmpty { open.removeLast() }
            case .draws, .startsMask: continue
            }
        }
        return levels <= open.count ? open[open.count - levels] : nil
    }

    /// How many entries from `start` on close `depth` open layers (the
    /// first composite that brings the depth back to 0 included); nil when
    /// the order ends first.
    private static func entriesUntilClosed(_ depth: Int, after start: Int, count: Int,
                                           _ nesting: (Int) -> Nesting) -> Int? {
        guard depth > 0 else { return 0 }
        var depth = depth
        for i in start..<count {
            switch nesting(i) {
            case .opens: depth += 1
            case .closes:
                depth -= 1
                if depth == 0 { return i - start + 1 }
            case .draws, .startsMask: continue
            }
        }
        return nil
    }
}
