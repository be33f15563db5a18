/// What a primitive is. Raw values are what the shaders see in
/// `a_translation.z`, the `LFX_KIND_` constants of `lfx_layout.h` (the
/// header C kernels and shaders read them from; a test checks they agree). Kinds up to ``image`` are drawn as one quad each;
/// ``beginLayer``, ``beginMask`` and ``composite`` structure the array into
/// offscreen layers (see ``Frame``).
public enum ShapeKind: Int, Sendable, CaseIterable {
    /// Ellipse (circle when both radii match): `shape` = (cx, cy, rx, ry).
    case ellipse = 0
    /// Rounded rectangle: `shape` = (cx, cy, halfWidth, halfHeight), `shapeExtra.x` = corner radius.
    case roundedRect = 1
    /// Regular star: `shape` = (cx, cy, outerRadius, innerRadius),
    /// `shapeExtra.x` = number of points, `shapeExtra.y` = rotation (radians),
    /// `shapeExtra.w` = 0 for round joins (the distance to the outline), or
    /// for mitred joins the longest miter in half stroke widths (the
    /// distance to each edge's whole line, whose offsets meet as miters).
    case star = 2
    /// A piece of a polygon: `shape` = its device rectangle (x0, y0, x1, y1),
    /// whole pixels; `shapeExtra.x` = its first edge in ``Frame/pathEdges``,
    /// `shapeExtra.y` = the number of edges, `shapeExtra.w` = the
    /// `WindingRule` raw value (LayerFXCore), `translation.w` = the winding number the
    /// polygon's other edges add at its pixels (a ray towards +x); a pixel's
    /// coverage is the area of it the polygon covers. Filled with
    /// `fillColor`, or with a gradient paint (`paint0`…`stops1`, as an
    /// analytic shape's) in the local space that `transform` and
    /// `translation.xy` place (the identity for a solid fill).
    case path = 3
    /// A text glyph from ``Frame/glyphAtlas``: `shape` = the quad in local
    /// units (x0, y0, x1, y1); `shapeExtra` = (atlas u of x0, atlas v of y0,
    /// opacity, atlas texels per local unit). Filled with `fillColor`.
    case glyph = 4
    /// A layer's `contents` image from ``Frame/images``: the rectangle
    /// `shape` = (cx, cy, halfWidth, halfHeight) in local units, its edges
    /// antialiased as a rounded rectangle's of radius 0 (`shapeExtra.x` is 0),
    /// filled with the image sampled bilinearly between texel centres
    /// (clamped to its edge texels) and multiplied by `fillColor` (a
    /// replicator's tint; opaque white otherwise). `stops0.x` is the image's
    /// index in ``Frame/images``; `paint2` = (x, y, texels per unit
    /// along x, along y) maps a local point p to the texel coordinates
    /// `(p − (x, y)) · (texels per unit)`, texel (0, 0)'s top-left corner at
    /// (x, y) (usually the rectangle's top-left corner; elsewhere when the
    /// rectangle was cut to the frame). `paint0` is zero: no gradient.
    case image = 5
    /// Starts a transparent offscreen layer; later primitives draw into it
    /// until its ``composite``. `shape` = the device rectangle it may cover.
    case beginLayer = 6
    /// Ends the current offscreen layer's content and starts its mask, a
    /// second offscreen layer whose coverage (its alpha or luminance, as the
    /// composite's ``MaskCoverage`` says) will multiply the content.
    case beginMask = 7
    /// Composites the current offscreen layer (times its mask's coverage
    /// when it has one: `shapeExtra.x` the ``MaskCoverage`` raw value, 0
    /// without a mask) onto the layer below, times opacity and the clips,
    /// inside the device rectangle `shape`.
    case composite = 8

    /// Whether primitives of this kind are drawn (as opposed to markers).
    public var isDrawn: Bool { rawValue <= ShapeKind.image.rawValue || self == .composite }
}
