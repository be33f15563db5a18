/// The runs of a frame that are composited in tiles when the whole frame
/// cannot be: consecutive circles, analytic shapes (ellipses, rounded
/// rectangles, stars) and glyphs between the primitives that only the ordered path
/// draws (polygon bands, layer contents images, offscreen-layer markers and
/// composites),
/// at least ``minimumLength`` long and, under ``Compositing/automatic``,
/// deep enough (``TileDepth``). Each is composited front to back over what
/// is beneath it, inside offscreen layers too (the CPU in each band, the
/// GPU with a compute pass). Both backends take the runs from here, so they
/// composite the same ones.
///
/// Only primitives that touch the frame count, and only those break a run
/// (``touches(_:width:height:)``): the CPU's list of prepared primitives
/// holds just those, and the markers and composites, which always count.
public struct TiledRuns: Sendable {
    /// Runs shorter than this are drawn in order: a few primitives gain
    /// nothing from stopping early, and the kernels skip and fill whole blocks.
    public static let minimumLength = 16

    /// One run.
    public struct Run: Equatable, Sendable {
        /// Its first and last primitive's positions (and those between) in
        /// the frame's drawing order: every circle and instance, ``Frame/runs``
        /// in turn. Primitives in it that touch no pixel draw nothing.
        public let items: ClosedRange<Int>
        /// Its primitives' positions among those that touch the frame, the
        /// markers and the composites, in drawing order.
        public let touching: Range<Int>
    }

    /// The runs, in drawing order.
    public private(set) var runs: [Run] = []

    /// No runs.
    public init() {}

    /// The runs of `frame` that `compositing` composites in tiles (none when
    /// it is ``Compositing/ordered``).
    public init(frame: Frame, compositing: Compositing) {
        guard compositing != .ordered else { return }
        // A run needs `minimumLength` circles, analytic shapes and glyphs: a
        // frame with fewer (most frames of paths) has none.
        var candidates = frame.circles.count
        for instance in frame.instances {
            guard candidates < Self.minimumLength else { break }
            if TileBins.draws(instance.kind) { candidates += 1 }
        }
        guard candidates >= Self.minimumLength else { return }
        let width = frame.width, height = frame.height
        var position = 0, touching = 0
        // The open run: where it starts in both orders, its last item, and its depth.
        var start: (item: Int, touching: Int)? = nil, last = 0, depth = TileDepth()
        func close() {
            if let open = start, touching - open.touching >= Self.minimumLength, compositing.tiles(atDepth: depth.mean) {
                runs.append(Run(items: open.item...last, touching: open.touching..<touching))
            }
            start = nil
            depth = TileDepth()
        }
        func add(_ box: SIMD4<Float>) {
            if start == nil { start = (position, touching) }
            last = position
            depth.add(box, width: width, height: height)
            touching += 1
        }
        for run in frame.runs {
            switch run.kind {
            case .circles:
                for index in run.range {
                    let box = frame.circles[index].deviceBounds
                    if Self.touches(box, width: width, height: height) { add(box) }
                    position += 1
                }
            case .instances:
                for index in run.range {
                    let instance = frame.instances[index]
                    if TileBins.draws(instance.kind) {
                        let box = instance.deviceBounds
                        if Self.touches(box, width: width, height: height) { add(box) }
                    } else if instance.isStructural || Self.touches(instance.deviceBounds, width: width, height: height) {
                        close()
                        touching += 1
                    }
                    position += 1
                }
            }
        }
        close()
    }

    /// Whether a drawn primitive inside the device box `box` (minX, minY,
    /// maxX, maxY) touches a pixel centre of a `width × height` frame: a
    /// finite box holding one.
    public static func touches(_ box: SIMD4<Float>, width: Int, height: Int) -> Bool {
        touches(box, pixels: PixelBox(box, width: width, height: height))
    }

    /// ``touches(_:width:height:)`` for a box whose pixels (its `PixelBox`
    /// in the frame) are already known.
    public static func touches(_ box: SIMD4<Float>, pixels: PixelBox) -> Bool {
        box.x.isFinite && box.y.isFinite && box.z.isFinite && box.w.isFinite && !pixels.isEmpty
    }
}

extension PrimitiveInstance {
    /// Whether it structures the frame into offscreen layers (a marker or a
    /// composite) rather than drawing on its own: such primitives count in
    /// every list of a frame's primitives, wherever they are.
    public var isStructural: Bool { !kind.isDrawn || kind == .composite }
}
