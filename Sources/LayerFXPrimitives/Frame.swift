import LayerFXCore

/// Everything a backend needs to draw one image: its pixel size, the clear
/// color, the primitives in draw order (back to front), and the data some
/// primitives point into: polygon edges, gradient stops, the glyph atlas
/// and images.
///
/// The primitives are typed: plain device circles (most of what Core
/// Animation effects draw) in ``circles``, in the circle layout both backends
/// draw directly; everything else in ``instances``. ``runs`` is the draw
/// order, a list of consecutive stretches of one array or the other.
///
/// Offscreen layers: a ``ShapeKind/beginLayer`` instance starts a
/// transparent layer that the following primitives draw into; an optional
/// ``ShapeKind/beginMask`` switches to a second layer (the mask); the matching
/// ``ShapeKind/composite`` blends the layer, multiplied by the mask's
/// coverage (``MaskCoverage``: its alpha or luminance, or one minus either),
/// onto the layer below. They nest. This is how masks, group opacity and clips
/// deeper than a primitive can carry are drawn.
public struct Frame: Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Straight-alpha background (r, g, b, a).
    public var background: SIMD4<Float>
    /// The plain device circles, in draw order.
    public private(set) var circles: [DeviceCircle]
    /// Every other primitive (and the offscreen-layer markers), in draw order.
    public private(set) var instances: [PrimitiveInstance]
    /// The draw order: back to front, stretches of ``circles`` and ``instances``.
    public private(set) var runs: [DrawRun]
    /// Polygon edges in device pixels, (x0, y0, x1, y1) each, for
    /// ``ShapeKind/path`` primitives (each band points at a run of them).
    public var pathEdges: [SIMD4<Float>]
    /// The stops of gradients of more than ``GradientPaint/inlineStopCapacity``
    /// stops, each gradient's a run of them
    /// (``PrimitiveInstance/gradientTableRange``).
    public var gradientStops: [GradientStop]
    /// The glyph distance fields ``ShapeKind/glyph`` primitives sample; nil when
    /// the frame has no text.
    public var glyphAtlas: GlyphAtlasImage?
    /// The layer contents ``ShapeKind/image`` primitives show, each referred
    /// to by its index here (the same image may be listed more than once).
    /// An image primitive whose index is not in this list draws nothing.
    public var images: [ContentsImage]

    /// A frame of `width × height` pixels cleared to `background`, then the
    /// `runs` of `circles` and `instances` drawn in order, reading
    /// `pathEdges`, `gradientStops`, `glyphAtlas` and `images`. The runs must
    /// cover both arrays once, in order (``DrawRun/cover(_:circleCount:instanceCount:)``).
    public init(width: Int, height: Int, background: SIMD4<Float> = .zero, circles: [DeviceCircle],
                instances: [PrimitiveInstance], runs: [DrawRun], pathEdges: [SIMD4<Float>] = [],
                gradientStops: [GradientStop] = [], glyphAtlas: GlyphAtlasImage? = nil, images: [ContentsImage] = []) {
        precondition(DrawRun.cover(runs, circleCount: circles.count, instanceCount: instances.count),
                     "a frame's runs must cover its circles and instances once, in order")
        self.width = width; self.height = height; self.background = background
        self.circles = circles; self.instances = instances; self.runs = runs
        self.pathEdges = pathEdges; self.gradientStops = gradientStops; self.glyphAtlas = glyphAtlas
        self.images = images
    }

    /// A frame of `width × height` pixels cleared to `background`, then
    /// `primitives` drawn in order, reading `pathEdges`, `gradientStops`,
    /// `glyphAtlas` and `images`: the primitives that are plain device circles
    /// (``DeviceCircle/init(_:)``) become ``circles``, the rest ``instances``.
    public init(width: Int, height: Int, background: SIMD4<Float> = .zero, primitives: [PrimitiveInstance],
                pathEdges: [SIMD4<Float>] = [], gradientStops: [GradientStop] = [], glyphAtlas: GlyphAtlasImage? = nil,
                images: [ContentsImage] = []) {
        var circles: [DeviceCircle] = [], instances: [PrimitiveInstance] = [], runs: [DrawRun] = []
        for primitive in primitives {
            if let circle = DeviceCircle(primitive) {
                runs.extend(.circles, to: circles.count + 1)
                circles.append(circle)
            } else {
                runs.extend(.instances, to: instances.count + 1)
                instances.append(primitive)
            }
        }
        self.init(width: width, height: height, background: background, circles: circles, instances: instances,
                  runs: runs, pathEdges: pathEdges, gradientStops: gradientStops, glyphAtlas: glyphAtlas,
                  images: images)
    }
}

extension [DrawRun] {
    /// Makes the draw order end at entry `end − 1` of the `kind` array:
    /// lengthens the last run when it is of `kind`, else starts one.
    public mutating func extend(_ kind: DrawRun.Kind, to end: Int) {
        if let last = self.last, last.kind == kind {
            self[count - 1].range = last.range.lowerBound..<end
        } else {
            append(DrawRun(kind, (end - 1)..<end))
        }
    }
}

/// A one-channel 8-bit image of signed distance fields of glyphs.
///
/// Texel value v decodes to the signed distance `(v / 255 − edgeValue) ·
/// distanceRange` in texels, positive inside the glyph. Backends sample it with
/// bilinear interpolation between texel centres (at integer + 0.5).
public struct GlyphAtlasImage: Sendable, Equatable {
    /// Texels per row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Row-major, top row first.
    public let bytes: [UInt8]
    /// Changes whenever the atlas content changes (backends re-upload then).
    public let generation: Int
    /// The decoded value 0…1 that lies on the glyph outline.
    public let edgeValue: Float
    /// Texels of distance between decoded values 0 and 1.
    public let distanceRange: Float

    /// An atlas image of `width × height` one-byte texels with its decoding constants.
    public init(width: Int, height: Int, bytes: [UInt8], generation: Int, edgeValue: Float, distanceRange: Float) {
        precondition(bytes.count == width * height, "GlyphAtlasImage needs width × height bytes")
        self.width = width; self.height = height; self.bytes = bytes; self.generation = generation
        self.edgeValue = edgeValue; self.distanceRange = distanceRange
    }
}
