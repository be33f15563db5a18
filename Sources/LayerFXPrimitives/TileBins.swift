import CLayerFXLayout
import LayerFXCore

/// A frame's primitives listed per tile, in drawing order: what tile
/// compositing (``Compositing/tiles``) walks, on the CPU (circles and
/// analytic shapes) and on the GPU (circles). The frame is cut into
/// `tileSize`-pixel square tiles, row-major; tile t's list is
/// `entries[offsets[t] ..< offsets[t + 1]]`, the primitives that may touch
/// a pixel of the tile. The arrays are kept from frame to frame, so binning a frame like
/// the last one allocates nothing.
public struct TileBins: Sendable {
    /// The tiles' side, in pixels (`LFX_TILE_SIZE`, shared with the kernels and shaders).
    public static let tileSize = Int(LFX_TILE_SIZE)

    /// The most list entries (a circle in a tile) a frame may bin; a frame
    /// that needs more (huge circles by the million) is drawn in order.
    public static let maximumEntries = 1 << 26

    /// Tiles a row and rows of tiles of the last frame binned.
    public private(set) var columns = 0, rows = 0
    /// Where each tile's list starts, and one past the last (`columns × rows + 1`).
    public internal(set) var offsets: [Int] = []
    /// The lists, one after another.
    public internal(set) var entries: [UInt32] = []
    /// Where the next entry of each tile goes while the lists are filled.
    var cursors: [Int] = []
    /// Each band's entries while circles are binned in bands (`TileBins+Bands.swift`).
    var bandTotals: [Int] = []
    /// Whether the last lists made hold a shape's entry (else only circles).
    public private(set) var listsShapes = false
    /// Each shape's entry in each of its tiles, in the order counting met
    /// them (`UInt32.max`: not listed there), so that filling does not ask again.
    private var shapeListings: [UInt32] = []

    /// No lists yet.
    public init() {}

    /// Lists `circles` (in drawing order) in the tiles of a `width × height`
    /// frame, each by its index; false, with the lists left unusable, when
    /// they would hold more than ``maximumEntries`` entries (or there are
    /// more than ``shapeEntry`` circles).
    public mutating func bin(_ circles: [DeviceCircle], width: Int, height: Int) -> Bool {
        guard circles.count <= Int(Self.shapeEntry) else { return false }
        return list(Items(circles: circles, width: width, height: height), width: width, height: height) { entry, _, _ in
            entry
        }
    }

    /// How much of a tile a shape covers, as far as its distance bound tells.
    public enum ShapeCoverage: Sendable {
        /// None of its pixels: the shape is not listed there.
        case none
        /// Every pixel wholly, with its constant colour (a solid fill, no
        /// stroke there, inside every clip): listed with ``interiorEntry``.
        case interior
        /// Some pixels, partly, or with a colour that varies: shaded pixel by pixel.
        case edge
    }

    /// Lists `frame`'s circles and analytic shapes (ellipses, rounded
    /// rectangles, stars) in the tiles they reach, in drawing order: a
    /// circle by its index in `Frame.circles`; a shape by ``shapeEntry``
    /// plus its index in `Frame.instances`, plus ``interiorEntry`` where it
    /// covers the tile wholly. A shape is listed in the tiles of the pixels
    /// its quad covers (``PixelBox``) for which `coverage(instance, tile)`
    /// (the tile's pixel box, within the frame) is not `.none`.
    ///
    /// False, with the lists left unusable, when they would hold more than
    /// ``maximumEntries`` entries, when the frame has more than
    /// ``interiorEntry`` circles or as many shapes, or when it holds a kind of
    /// primitive not in ``tiledKinds`` (path bands, images, offscreen layers),
    /// which tiles do not draw.
    public mutating func bin(_ frame: Frame, coverage: (_ instance: Int, _ tile: PixelBox) -> ShapeCoverage) -> Bool {
        guard frame.instances.allSatisfy({ Self.tiledKinds.contains($0.kind) }) else { return false }
        return bin(Items(frame: frame, items: nil), of: frame, coverage: coverage)
    }

    /// Lists the circles and analytic shapes among the primitives at
    /// positions `items` of `frame`'s drawing order (a ``TiledRuns/Run``)
    /// as ``bin(_:coverage:)`` lists a whole frame's; primitives of other
    /// kinds in the range (which touch no pixel in a run) are left out.
    public mutating func bin(_ frame: Frame, items: ClosedRange<Int>,
                             coverage: (_ instance: Int, _ tile: PixelBox) -> ShapeCoverage) -> Bool {
        bin(Items(frame: frame, items: items), of: frame, coverage: coverage)
    }

    private mutating func bin(_ items: Items, of frame: Frame,
                              coverage: (_ instance: Int, _ tile: PixelBox) -> ShapeCoverage) -> Bool {
        let width = frame.width, height = frame.height, size = Self.tileSize
        guard frame.circles.count <= Int(Self.interiorEntry), frame.instances.count < Int(Self.interiorEntry)
        else { return false }
        return list(items, width: width, height: height) { entry, tx, ty in
            let tile = PixelBox(minX: tx * size, maxX: min(tx * size + size, width) - 1,
                                minY: ty * size, maxY: min(ty * size + size, height) - 1)
            let instance = Int(entry & ~Self.shapeEntry)
            return Self.entry(shape: instance, coverage: coverage(instance, tile))
        }
    }

    /// The columns and rows of the tiles whose lists are not empty, inclusive
    /// (the box around them); nil when every list is empty.
    public var listedTiles: (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var box: (x0: Int, y0: Int, x1: Int, y1: Int)? = nil
        for row in 0..<rows {
            for column in 0..<columns where offsets[row * columns + column + 1] > offsets[row * columns + column] {
                box = box.map { (min($0.x0, column), min($0.y0, row), max($0.x1, column), max($0.y1, row)) }
                    ?? (column, row, column, row)
            }
        }
        return box
    }

    /// Shape `index`'s list entry in a tile it covers as `coverage` says
    /// (``shapeEntry`` plus the index, plus ``interiorEntry`` for
    /// `.interior`); nil for `.none`, which lists it nowhere.
    public static func entry(shape index: Int, coverage: ShapeCoverage) -> UInt32? {
        let entry = shapeEntry | UInt32(truncatingIfNeeded: index)
        switch coverage {
        case .none: return nil
        case .interior: return entry | interiorEntry
        case .edge: return entry
        }
    }

    /// The bit that marks a list entry as a shape (`LFX_TILE_SHAPE_ENTRY`,
    /// which the kernels read); the bits below ``interiorEntry`` are its index.
    public static let shapeEntry = UInt32(LFX_TILE_SHAPE_ENTRY)
    /// The bit that marks a shape's entry as covering its tile wholly
    /// (`LFX_TILE_INTERIOR_ENTRY`; see ``ShapeCoverage/interior``).
    public static let interiorEntry = UInt32(LFX_TILE_INTERIOR_ENTRY)

    /// The kinds of instance tiles draw (not path bands, images or
    /// offscreen-layer markers: those end a run, ``TiledRuns``).
    public static let tiledKinds: Set<ShapeKind> = Set(ShapeKind.allCases.filter(draws))

    /// Whether tiles draw instances of `kind` (it is in ``tiledKinds``),
    /// decided without hashing, for loops over every instance of a frame.
    public static func draws(_ kind: ShapeKind) -> Bool {
        switch kind {
        case .ellipse, .roundedRect, .star, .glyph: true
        default: false
        }
    }

    /// A rectangle of tiles, inclusive.
    typealias Span = (x0: Int, y0: Int, x1: Int, y1: Int)

    /// Lists `items` (each one's tiles and entry, in drawing order) twice:
    /// once to count, once to fill. `inTile` gives a shape's entry in one of
    /// its tiles (column, row), or nil to leave it out of that tile; it is
    /// asked once, while counting. A circle's entry is listed as it is.
    @inline(__always)
    private mutating func list(_ items: Items, width: Int, height: Int,
                               inTile: (_ entry: UInt32, _ column: Int, _ row: Int) -> UInt32?) -> Bool {
        let size = Self.tileSize
        columns = (width + size - 1) / size
        rows = (height + size - 1) / size
        let tiles = columns * rows, columns = self.columns
        offsets.resize(to: tiles + 1) { 0 }
        cursors.resize(to: tiles) { 0 }
        let bands = min(rows, Self.bandCount)
        if bands > 1, let circles = items.circlesAlone, circles >= Self.bandedCircles {
            shapeListings.removeAll(keepingCapacity: true)
            listsShapes = false
            return listInBands(items, bands: bands)
        }
        // Counting stops as soon as the lists would be too long, so binning
        // takes at most one pass over the items and `maximumEntries` steps.
        let total = offsets.withUnsafeMutableBufferPointer { offsets -> Int? in
            offsets.update(repeating: 0)
            var total = 0, fits = true, shapes = false
            shapeListings.removeAll(keepingCapacity: true)
            defer { listsShapes = shapes }
            items.forEach { span, entry in
                for ty in span.y0...span.y1 {
                    for tx in span.x0...span.x1 {
                        if entry & Self.shapeEntry != 0 {
                            let listed = inTile(entry, tx, ty)
                            shapeListings.append(listed ?? .max)
                            if listed == nil { continue }
                            shapes = true
                        }
                        offsets[ty * columns + tx + 1] += 1
                        total += 1
                    }
                    guard total <= Self.maximumEntries else {
                        fits = false
                        return false
                    }
                }
                return true
            }
            guard fits else { return nil }
            for i in 1..<offsets.count { offsets[i] += offsets[i - 1] }
            return total
        }
        guard let total else { return false }
        entries.resize(to: total) { 0 }
        offsets.withUnsafeBufferPointer { offsets in
            cursors.withUnsafeMutableBufferPointer { cursors in
                entries.withUnsafeMutableBufferPointer { entries in
                    for i in cursors.indices { cursors[i] = offsets[i] }
                    var next = 0
                    items.forEach { span, entry in
                        for ty in span.y0...span.y1 {
                            for tx in span.x0...span.x1 {
                                var listed = entry
                                if entry & Self.shapeEntry != 0 {
                                    listed = shapeListings[next]
                                    next += 1
                                    if listed == .max { continue }
                                }
                                entries[cursors[ty * columns + tx]] = listed
                                cursors[ty * columns + tx] += 1
                            }
                        }
                        return true
                    }
                }
            }
        }
        return true
    }

    /// The tiles holding the pixels `instance`'s quad covers (``PixelBox``)
    /// in a `width × height` frame; nil when it covers none or its bounds
    /// are not finite (it draws nothing then).
    static func tiles(reachedBy instance: PrimitiveInstance, width: Int, height: Int) -> Span? {
        let box = instance.deviceBounds
        guard box.x.isFinite, box.y.isFinite, box.z.isFinite, box.w.isFinite else { return nil }
        let pixels = PixelBox(box, width: width, height: height)
        guard !pixels.isEmpty else { return nil }
        return (pixels.minX / tileSize, pixels.minY / tileSize, pixels.maxX / tileSize, pixels.maxY / tileSize)
    }

    /// The tiles (inclusive ranges of columns and rows) holding the pixels
    /// `circle` may touch (centres nearer than its reach, as the circle
    /// kernel draws it) in a `width × height` frame; nil when it touches
    /// none, or its centre or reach is not finite (it draws nothing then).
    static func tiles(reachedBy circle: DeviceCircle, width: Int, height: Int) -> Span? {
        let outer = Double(circle.ring.w) + 1e-3, cx = Double(circle.geometry.x), cy = Double(circle.geometry.y)
        guard outer.isFinite, cx.isFinite, cy.isFinite else { return nil }
        let l = (cx - outer - 0.5).rounded(.up), r = (cx + outer - 0.5).rounded(.down)
        let t = (cy - outer - 0.5).rounded(.up), b = (cy + outer - 0.5).rounded(.down)
        guard l <= r, t <= b, r >= 0, b >= 0, l <= Double(width - 1), t <= Double(height - 1) else { return nil }
        // Every bound is now within the frame, or clamped to it before converting.
        let x0 = Int(max(l, 0)), x1 = Int(min(r, Double(width - 1)))
        let y0 = Int(max(t, 0)), y1 = Int(min(b, Double(height - 1)))
        return (x0 / tileSize, y0 / tileSize, x1 / tileSize, y1 / tileSize)
    }

    /// The primitives to bin, in drawing order, each with its tiles and
    /// entry: a list of circles, or a frame's circles and shapes by its runs.
    struct Items {
        private let circles: [DeviceCircle], instances: [PrimitiveInstance], runs: [DrawRun]
        private let width: Int, height: Int
        /// The positions in drawing order to list (all when nil).
        private let positions: ClosedRange<Int>?

        /// `circles`, one run.
        init(circles: [DeviceCircle], width: Int, height: Int) {
            self.circles = circles; instances = []; runs = circles.isEmpty ? [] : [DrawRun(.circles, 0..<circles.count)]
            self.width = width; self.height = height; positions = nil
        }

        /// `frame`'s circles and analytic shapes, run by run, at positions
        /// `items` of its drawing order (all when nil).
        init(frame: Frame, items: ClosedRange<Int>?) {
            circles = frame.circles; instances = frame.instances; runs = frame.runs
            width = frame.width; height = frame.height; positions = items
        }

        /// The number of circles, when the items are circles alone (no
        /// run of instances among them); nil otherwise.
        var circlesAlone: Int? {
            var count: Int? = 0
            forEachRun { kind, range in
                guard kind == .circles else {
                    count = nil
                    return false
                }
                count? += range.count
                return true
            }
            return count
        }

        /// Calls `body` with each run's kind and the indices of its array
        /// in `positions`, in order (runs with none left out), until it returns false.
        @inline(__always)
        private func forEachRun(_ body: (_ kind: DrawRun.Kind, _ range: Range<Int>) -> Bool) {
            var position = 0
            for run in runs {
                var range = run.range
                if let positions {
                    let first = run.range.lowerBound + max(positions.lowerBound - position, 0)
                    let end = run.range.lowerBound + min(positions.upperBound + 1 - position, run.range.count)
                    position += run.range.count
                    guard first < end else { continue }
                    range = first..<end
                }
                guard body(run.kind, range) else { return }
            }
        }

        /// Calls `body` with each item's tiles and entry, in order, until it returns false.
        @inline(__always)
        func forEach(_ body: (_ span: Span, _ entry: UInt32) -> Bool) {
            forEachRun { kind, range in
                switch kind {
                case .circles:
                    for index in range {
                        guard let span = TileBins.tiles(reachedBy: circles[index], width: width, height: height)
                        else { continue }
                        guard body(span, UInt32(truncatingIfNeeded: index)) else { return false }
                    }
                case .instances:
                    for index in range where TileBins.draws(instances[index].kind) {
                        guard let span = TileBins.tiles(reachedBy: instances[index], width: width, height: height)
                        else { continue }
                        guard body(span, TileBins.shapeEntry | UInt32(truncatingIfNeeded: index)) else { return false }
                    }
                }
                return true
            }
        }
    }
}
