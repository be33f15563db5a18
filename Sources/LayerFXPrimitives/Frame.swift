import LayerFXCore

/// Everything a backend needs to draw one image: its pixel size, the clear
/// color, the primitives in draw order (back to front), and the data some
/// primitives point into: polygon edges and the glyph atlas.
///
/// Offscreen layers: a ``ShapeKind/beginLayer`` primitive starts a
/// transparent layer that the following primitives draw into; an optional
/// ``ShapeKind/beginMask`` switches to a second layer (the mask); the matching
/// ``ShapeKind/composite`` blends the layer, multiplied by the mask's alpha,
/// onto the layer below. They nest. This is how masks, group opacity and clips
/// deeper than a primitive can carry are drawn.
public struct Frame: Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Straight-alpha background (r, g, b, a).
    public var background: SIMD4<Float>
    /// Back to front.
    public var primitives: [PrimitiveInstance]
    /// Polygon edges in device pixels, (x0, y0, x1, y1) each, for
    /// ``ShapeKind/path`` primitives (each band points at a run of them).
    public var pathEdges: [SIMD4<Float>]
    /// The glyph distance fields ``ShapeKind/glyph`` primitives sample; nil when
    /// the frame has no text.
    public var glyphAtlas: GlyphAtlasImage?

    /// A frame of `width × height` pixels cleared to `background`, then
    /// `primitives` drawn in order, reading `pathEdges` and `glyphAtlas`.
    public init(width: Int, height: Int, background: SIMD4<Float> = .zero, primitives: [PrimitiveInstance],
                pathEdges: [SIMD4<Float>] = [], glyphAtlas: GlyphAtlasImage? = nil) {
        self.width = width; self.height = height; self.background = background; self.primitives = primitives
        self.pathEdges = pathEdges; self.glyphAtlas = glyphAtlas
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
