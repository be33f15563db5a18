import LayerFXCore

/// The pixels of a sequence's frame that can differ from the frame before
/// it, row by row (each row's damaged columns, one span): what a backend
/// must redraw when its target still holds the previous frame's pixels.
///
/// It keeps a copy of the last frame it was shown (in arrays it reuses, so
/// a long sequence allocates nothing once they have grown) and compares the
/// next one with it primitive by primitive, bit for bit. A primitive's
/// pixels depend only on its own fields and on the data it reads (a polygon
/// band's edges, a gradient's table stops, an image, the glyph atlas), so
/// pixels that no changed primitive touches, before or after, come out the
/// same bytes when redrawn: they need not be. Primitives that came or went
/// (a layer, a path's band) damage the pixels of the stretch of the draw
/// order around them that differs (``DrawOrderAlignment``). Where the two
/// frames differ in size or background, every row is damaged.
///
/// A primitive's pixels are those of its quad (``PrimitiveInstance/deviceBounds``
/// as a ``PixelBox``), which contain every pixel it can change, on either
/// backend; a row's span runs from the first damaged column to the last.
/// Frames of more than ``maximumPrimitives`` primitives are not compared (a
/// frame that large rarely keeps rows still, and the copy would cost more
/// than it saves): they damage everything.
public struct FrameDamage: Sendable {
    /// The most primitives (circles and instances) a compared frame holds.
    public static let maximumPrimitives = 1 << 16

    /// The last frame's arrays, or nil before the first frame and after
    /// ``forget()``.
    private var last: Snapshot?
    /// Per row of the last frame compared, its first and last damaged
    /// column (`x > y`: none).
    public private(set) var damagedSpans: [SIMD2<Int32>] = []
    /// Whether every pixel is damaged (then ``damagedSpans`` is not filled in).
    public private(set) var damagesEverything = true
    /// The width of the last frame compared.
    private var width = 0
    /// A row with no damaged column.
    private static let undamaged = SIMD2<Int32>(.max, .min)

    /// One flag per row of the last frame compared: whether any of its columns is damaged.
    public var damagedRows: [Bool] { damagedSpans.map { $0.x <= $0.y } }

    /// No frame seen yet: the first frame damages everything.
    public init() {}

    /// Compares `frame` with the frame given last, sets ``damagesEverything``
    /// and ``damagedSpans`` to what changed, and remembers `frame` for the
    /// next call.
    public mutating func compare(_ frame: Frame) {
        width = frame.width
        let count = frame.circles.count + frame.instances.count
        guard count <= Self.maximumPrimitives else {
            forget()
            return
        }
        var snapshot = last.take() ?? Snapshot()
        damagesEverything = !snapshot.isComparable(with: frame)
        if !damagesEverything {
            if damagedSpans.count != frame.height {
                damagedSpans = [SIMD2<Int32>](repeating: Self.undamaged, count: frame.height)
            } else {
                for row in damagedSpans.indices { damagedSpans[row] = Self.undamaged }
            }
            damagesEverything = !markChanges(from: snapshot, to: frame)
        }
        snapshot.store(frame)
        last = snapshot
    }

    /// Forgets the last frame: the next frame damages everything (call it
    /// when the target's pixels are no longer the last frame's).
    public mutating func forget() {
        last = nil
        damagesEverything = true
    }

    /// Whether any of rows `first...last` is damaged.
    public func isDamaged(rows: ClosedRange<Int>) -> Bool {
        damagedColumns(rows: rows) != nil
    }

    /// The columns from the first to the last damaged in any of rows
    /// `first...last` (every column of the frame when everything is
    /// damaged); nil when none is.
    public func damagedColumns(rows: ClosedRange<Int>) -> ClosedRange<Int>? {
        if damagesEverything { return 0...max(width - 1, 0) }
        let first = max(rows.lowerBound, 0), end = min(rows.upperBound + 1, damagedSpans.count)
        guard first < end else { return nil }
        var span = Self.undamaged
        for row in first..<end {
            span = SIMD2(min(span.x, damagedSpans[row].x), max(span.y, damagedSpans[row].y))
        }
        return span.x <= span.y ? Int(span.x)...Int(span.y) : nil
    }

    /// Marks the pixels of every primitive that differs between the two
    /// frames; false when a difference damages everything.
    ///
    /// Primitives are compared one to one while the two frames have the
    /// same draw order of circles and kinds of instances. Otherwise (a
    /// layer came or went, a path gained a band) every primitive of the
    /// stretches of the two draw orders that differ is marked
    /// (``DrawOrderAlignment``).
    private mutating func markChanges(from old: Snapshot, to frame: Frame) -> Bool {
        let width = frame.width, height = frame.height
        let atlasChanged = old.atlasGeneration != frame.glyphAtlas?.generation
        /// Whether instance `a` of the old frame draws the pixels `b` does in the new one.
        func alike(_ a: PrimitiveInstance, _ b: PrimitiveInstance) -> Bool {
            a.kind == b.kind && !(b.kind == .glyph && atlasChanged) && old.draws(a, like: b, in: frame)
        }
        if old.runs == frame.runs, zip(old.instances, frame.instances).allSatisfy({ $0.kind == $1.kind }) {
            if !Snapshot.sameBits(old.circles, frame.circles) {
                for (a, b) in zip(old.circles, frame.circles) where !Snapshot.sameBits(a, b) {
                    mark(a.deviceBounds, width: width, height: height)
                    mark(b.deviceBounds, width: width, height: height)
                }
            }
            for (a, b) in zip(old.instances, frame.instances) where !alike(a, b) {
                mark(a.deviceBounds, width: width, height: height)
                mark(b.deviceBounds, width: width, height: height)
            }
            return true
        }
        let before = DrawEntry.order(old.runs), after = DrawEntry.order(frame.runs)
        let changed = DrawOrderAlignment.changedStretches(
            oldCount: before.count, newCount: after.count,
            alike: {
                switch (before[$0], after[$1]) {
                case let (.circle(i), .circle(j)): Snapshot.sameBits(old.circles[i], frame.circles[j])
                case let (.instance(i), .instance(j)): alike(old.instances[i], frame.instances[j])
                default: false
                }
            },
            oldNesting: { before[$0].nesting(old.instances) }, newNesting: { after[$0].nesting(frame.instances) })
        guard let changed else { return false }
        for entry in before[changed.old] {
            mark(entry.deviceBounds(old.circles, old.instances), width: width, height: height)
        }
        for entry in after[changed.new] {
            mark(entry.deviceBounds(frame.circles, frame.instances), width: width, height: height)
        }
        return true
    }

    /// Marks the pixels of a primitive whose quad is `box`.
    private mutating func mark(_ box: SIMD4<Float>, width: Int, height: Int) {
        let pixels = PixelBox(box, width: width, height: height)
        guard pixels.minY <= pixels.maxY, pixels.minX <= pixels.maxX else { return }
        let columns = SIMD2(Int32(clamping: pixels.minX), Int32(clamping: pixels.maxX))
        for row in pixels.minY...pixels.maxY {
            damagedSpans[row] = SIMD2(min(damagedSpans[row].x, columns.x), max(damagedSpans[row].y, columns.y))
        }
    }
}

/// One primitive of a frame's draw order: a circle or an instance, by its
/// index in the frame's array of its kind.
private enum DrawEntry {
    case circle(Int)
    case instance(Int)

    /// The draw order that `runs` make.
    static func order(_ runs: [DrawRun]) -> [DrawEntry] {
        var order: [DrawEntry] = []
        order.reserveCapacity(runs.reduce(0) { $0 + $1.range.count })
        for run in runs {
            switch run.kind {
            case .circles: order += run.range.map { .circle($0) }
            case .instances: order += run.range.map { .instance($0) }
            }
        }
        return order
    }

    /// How it nests offscreen layers, in a frame of `instances`.
    func nesting(_ instances: [PrimitiveInstance]) -> DrawOrderAlignment.Nesting {
        switch self {
        case .circle: .draws
        case .instance(let i): DrawOrderAlignment.Nesting(instances[i].kind)
        }
    }

    /// Its quad, in a frame of `circles` and `instances`.
    func deviceBounds(_ circles: [DeviceCircle], _ instances: [PrimitiveInstance]) -> SIMD4<Float> {
        switch self {
        case .circle(let i): circles[i].deviceBounds
        case .instance(let i): instances[i].deviceBounds
        }
    }
}

/// A copy of what a frame draws, kept to compare the next frame with.
private struct Snapshot: Sendable {
    var width = 0, height = 0
    var background = SIMD4<Float>.zero
    var circles: [DeviceCircle] = []
    var instances: [PrimitiveInstance] = []
    var runs: [DrawRun] = []
    var pathEdges: [SIMD4<Float>] = []
    var gradientStops: [GradientStop] = []
    var images: [ContentsImage] = []
    var atlasGeneration: Int?

    /// Whether `frame` has this frame's size and background, so that its
    /// primitives can be compared with these.
    func isComparable(with frame: Frame) -> Bool {
        width == frame.width && height == frame.height && Self.sameBits([background], [frame.background])
    }

    /// Copies `frame`'s arrays into this snapshot's.
    mutating func store(_ frame: Frame) {
        width = frame.width; height = frame.height; background = frame.background
        Self.replace(&circles, with: frame.circles)
        Self.replace(&instances, with: frame.instances)
        Self.replace(&runs, with: frame.runs)
        Self.replace(&pathEdges, with: frame.pathEdges)
        Self.replace(&gradientStops, with: frame.gradientStops)
        Self.replace(&images, with: frame.images)
        atlasGeneration = frame.glyphAtlas?.generation
    }

    /// Whether `new`, in `frame`, draws the same pixels as `old` did in
    /// this snapshot's frame: the same bits, apart from where it finds its
    /// edges, table stops or image, and the same data there.
    func draws(_ old: PrimitiveInstance, like new: PrimitiveInstance, in frame: Frame) -> Bool {
        var a = old, b = new
        switch new.kind {
        case .path:
            guard let before = Self.slice(pathEdges, first: a.shapeExtra.x, count: a.shapeExtra.y),
                  let after = Self.slice(frame.pathEdges, first: b.shapeExtra.x, count: b.shapeExtra.y),
                  Self.sameBits(before, after) else { return false }
            a.shapeExtra.x = 0; b.shapeExtra.x = 0
        case .image:
            let i = Int(a.stops0.x), j = Int(b.stops0.x)
            guard images.indices.contains(i), frame.images.indices.contains(j), images[i] === frame.images[j]
            else { return false }
            a.stops0.x = 0; b.stops0.x = 0
        default:
            break
        }
        // A gradient's stops in the table (an analytic shape's or a band's).
        if let range = b.gradientTableRange {
            guard let oldRange = a.gradientTableRange, range.count == oldRange.count,
                  gradientStops.indices.contains(oldRange.lowerBound),
                  oldRange.upperBound <= gradientStops.count,
                  frame.gradientStops.indices.contains(range.lowerBound),
                  range.upperBound <= frame.gradientStops.count,
                  Self.sameBits(gradientStops[oldRange], frame.gradientStops[range]) else { return false }
            a.stops0.x = 0; b.stops0.x = 0
        }
        return Self.sameBits(a, b)
    }

    /// Elements `first ..< first + count` of `array`, nil when they are not all in it.
    private static func slice<T>(_ array: [T], first: Float, count: Float) -> ArraySlice<T>? {
        guard first >= 0, count >= 0, first + count <= Float(array.count) else { return nil }
        let start = Int(first), end = start + Int(count)
        return array[start..<end]
    }

    /// Empties `array`, keeping its storage, and appends `elements`.
    private static func replace<T>(_ array: inout [T], with elements: [T]) {
        array.removeAll(keepingCapacity: true)
        array.append(contentsOf: elements)
    }

    /// Whether two values of a type without padding have the same bytes
    /// (floats compared bit for bit: −0 is not 0, and a NaN equals itself).
    static func sameBits<T>(_ a: T, _ b: T) -> Bool {
        withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in sameBytes(x, y) } }
    }

    /// Whether two collections of values of a type without padding have the same bytes.
    static func sameBits<C: Collection>(_ a: C, _ b: C) -> Bool {
        guard a.count == b.count else { return false }
        let same = a.withContiguousStorageIfAvailable { x in
            b.withContiguousStorageIfAvailable { y in sameBytes(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y)) }
        }
        guard let same, let same else { return zip(a, b).allSatisfy { sameBits($0, $1) } }
        return same
    }

    private static func sameBytes(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Bool {
        guard x.count == y.count else { return false }
        guard x.count > 0, let p = x.baseAddress, let q = y.baseAddress else { return true }
        return memcmp(p, q, x.count) == 0
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
