#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore
import LayerFXGeometry
import LayerFXModel
import LayerFXPrimitives

/// How shape-layer paths and borders become primitives.
///
/// A path of one ellipse, rounded rectangle or star is drawn by its analytic
/// signed distance field, fill and stroke in one primitive, when the field's
/// offset is the stroke Core Animation draws: circles always, rounded
/// rectangles with rounded corners or round joins, stars with round joins
/// or with miters all within the miter limit (``analyticJoins(_:_:)``),
/// and no dashes or trimming. Everything else is flattened to polygons whose
/// edges lie within ``flatteningTolerance`` device pixels of the true curve
/// (so the outline stays sharp at any scale, the tolerance being in device
/// pixels) and drawn as polygon bands: the fill by the layer's fill rule, the
/// stroke as the union (nonzero) of the outline pieces `PathStroker` builds
/// (joins, caps, miter limit, dashes, strokeStart/strokeEnd).
extension FrameBuilder {
    /// The largest distance, in device pixels, between a curve and its polygon.
    static let flatteningTolerance = 0.1
    /// The farthest, in device pixels, a corner of a stroke's butt or square
    /// end may lie from where it belongs along a curve (``maximumTurn(of:style:halfWidth:)``).
    static let endTolerance = 0.5

    mutating func emitShapeLayer(_ p: LayerProperties, tint: Color, transform: AffineTransform, clips: ClipStack) {
        let fill = Self.visible(p.fillColor?.tinted(tint))
        let stroke = p.lineWidth > 0 && p.strokeEnd > p.strokeStart ? Self.visible(p.strokeColor?.tinted(tint)) : nil
        let subpaths = p.path.subpaths
        guard !subpaths.isEmpty, fill != nil || stroke != nil, abs(transform.determinant) > 1e-12 else { return }
        let style = StrokeStyle(p)
        if subpaths.count == 1, subpaths[0].isAnalytic {
            let joins = stroke == nil ? .round : Self.analyticJoins(subpaths[0], style)
            emit(subpaths[0], fill: fill, stroke: joins == nil ? nil : stroke, lineWidth: p.lineWidth,
                 joins: joins ?? .round, transform: transform, clips: clips)
            if let stroke, joins == nil {
                emitStroke(of: p.path, style: style, color: stroke, transform: transform, clips: clips)
            }
            return
        }
        if let fill {
            emitFill(of: p.path, rule: p.fillRule, color: fill, transform: transform,
                     clips: clips)
        }
        if let stroke {
            emitStroke(of: p.path, style: style, color: stroke, transform: transform, clips: clips)
        }
    }

    /// A layer border: `borderWidth` inside the bounds, outer corners rounded
    /// by `cornerRadius`, inner ones by what is left of it. A centred stroke
    /// of the inset rectangle is that ring when the corner radius is at least
    /// half the width; otherwise the ring is a polygon (outer and inner
    /// rounded rectangles, even-odd).
    mutating func emitBorder(bounds: Rect, cornerRadius: Double, width: Double, color: Color,
                             transform: AffineTransform, clips: ClipStack) {
        let radius = min(max(cornerRadius, 0), bounds.size.width / 2, bounds.size.height / 2)
        if radius >= width / 2 {
            let inset = Rect(x: bounds.origin.x + width / 2, y: bounds.origin.y + width / 2,
                             width: bounds.size.width - width, height: bounds.size.height - width)
            emit(.roundedRect(inset, cornerRadius: radius - width / 2), fill: nil, stroke: color, lineWidth: width,
                 transform: transform, clips: clips)
            return
        }
        let inner = Rect(x: bounds.origin.x + width, y: bounds.origin.y + width,
                         width: bounds.size.width - 2 * width, height: bounds.size.height - 2 * width)
        var ring = [Subpath.roundedRect(bounds, cornerRadius: radius)]
        if inner.size.width > 0, inner.size.height > 0 { ring.append(.roundedRect(inner, cornerRadius: max(radius - width, 0))) }
        emitFill(of: ShapePath(ring), rule: .evenOdd, color: color, transform: transform, clips: clips)
    }

    /// The fill of `path` as polygon bands: flattened within
    /// ``flatteningTolerance`` device pixels (its points counted against the
    /// budget first), then filled by `rule`; or the bands the geometry cache
    /// kept from an earlier frame.
    mutating func emitFill(of path: ShapePath, rule: WindingRule, color: Color, transform: AffineTransform,
                           clips: ClipStack) {
        let key = geometryCache == nil ? nil
            : GeometryKey.fill(of: path, rule: rule, transform: transform, width: width, height: height,
                               in: &geometryKeyWords)
        emitPolygon(cachedAs: key, rule: rule, color: color, clips: clips) { builder, geometry in
            let tolerance = Self.flatteningTolerance / transform.largestScale
            guard builder.make(.work(.vertices, PathFlattener.pointCount(of: path, tolerance: tolerance)),
                               recordingIn: &geometry) else { return nil }
            return PathFlattener.polylines(of: path, tolerance: tolerance)
                .filter { $0.points.count >= 3 }.map { $0.points.map(transform.apply) }
        }
    }

    /// The stroke of `path` as polygon bands, or the bands the geometry cache
    /// kept from an earlier frame. A stroke narrower than a device pixel is
    /// drawn one pixel wide with its alpha scaled by its width (so hairlines
    /// fade instead of bloating, as the analytic strokes do).
    mutating func emitStroke(of path: ShapePath, style: StrokeStyle, color: Color, transform: AffineTransform,
                             clips: ClipStack) {
        let key = geometryCache == nil ? nil
            : GeometryKey.stroke(of: path, style: style, transform: transform, width: width, height: height,
                                 in: &geometryKeyWords)
        emitPolygon(cachedAs: key, rule: .nonZero, color: color, clips: clips) { builder, geometry in
            var style = style
            let pixelsPerUnit = transform.determinant.magnitude.squareRoot()
            let deviceWidth = style.lineWidth * pixelsPerUnit
            if deviceWidth < 1 {
                style.lineWidth = 1 / pixelsPerUnit
                geometry.opacity *= deviceWidth
            }
            let tolerance = Self.flatteningTolerance / transform.largestScale
            // Beyond the frame's diagonal a wider stroke's outline matters outside the frame only.
            let diagonal = (Double(builder.width * builder.width) + Double(builder.height * builder.height)).squareRoot()
            let turn = Self.maximumTurn(of: path, style: style,
                                        halfWidth: min(style.lineWidth / 2 * transform.largestScale, diagonal))
            guard builder.make(.work(.vertices, PathFlattener.pointCount(of: path, tolerance: tolerance,
                                                                         maximumTurn: turn)),
                               recordingIn: &geometry) else { return nil }
            let polylines = PathFlattener.polylines(of: path, tolerance: tolerance, maximumTurn: turn)
            style.lineWidth = min(style.lineWidth, builder.widthCoveringTheFrame(polylines, transform: transform))
            guard builder.make(.work(.strokePieces, PathStroker.pieceCount(of: polylines, style: style)),
                               recordingIn: &geometry) else { return nil }
            let vertexLimit = builder.budget[.vertices] - builder.spent[.vertices]
            guard let pieces = PathStroker.outline(of: polylines, style: style, tolerance: tolerance,
                                                   vertexLimit: vertexLimit) else {
                builder.failOutline()
                return nil
            }
            guard builder.make(.outline(vertices: pieces.reduce(0) { $0 + $1.count }), recordingIn: &geometry)
            else { return nil }
            return pieces.map { $0.map(transform.apply) }
        }
    }

    /// The most a stroked curve may turn along one chord (radians) for its
    /// outline to stay within ``flatteningTolerance`` device pixels of the
    /// curve's, `halfWidth` device pixels the stroke's half width. The miter
    /// that joins two chords' strokes strays halfWidth·θ²/8 beyond the
    /// curve's offset (θ the turn between the chords); and an end cut across
    /// a chord (a butt or square cap: of an open contour, a dash, or a trim)
    /// is square to the chord, not to the curve, so its corners lie up to
    /// halfWidth·θ/2 along the curve from where they belong (kept within
    /// ``endTolerance``). A round cap is a disc about the end whichever way
    /// it faces.
    static func maximumTurn(of path: ShapePath, style: StrokeStyle, halfWidth: Double) -> Double {
        guard halfWidth > flatteningTolerance, halfWidth.isFinite else { return .infinity }
        let joins = (8 * flatteningTolerance / halfWidth).squareRoot()
        guard style.lineCap != .round else { return joins }
        let cut = style.strokeStart > 0 || style.strokeEnd < 1 || style.dashPattern.contains { $0 > 0 }
            || path.contours.contains { !$0.isClosed }
        return cut ? min(joins, 2 * endTolerance / halfWidth) : joins
    }

    /// A local line width whose stroke of `polylines` covers every pixel of
    /// the frame: twice the diagonal of the box around the path and the
    /// frame, in device pixels, over the transform's smallest stretch. A
    /// wider stroke draws the same pixels (every pixel is already within
    /// half of this of the path), and its outline would be lost to rounding.
    private func widthCoveringTheFrame(_ polylines: [Polyline], transform: AffineTransform) -> Double {
        var x0 = 0.0, y0 = 0.0, x1 = Double(width), y1 = Double(height)
        for polyline in polylines {
            for point in polyline.points {
                let p = transform.apply(point)
                x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
            }
        }
        let diagonal = ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
        let smallestStretch = transform.determinant.magnitude / transform.largestScale
        let covering = 4 * (diagonal + 2) / smallestStretch
        return covering.isFinite && covering > 0 ? covering : .infinity
    }

    /// The joins of the analytic field's stroke when it is the stroke Core
    /// Animation draws for `subpath` with `style` (no caps, dashes or
    /// trimming); nil when it is not, and the stroke must be outlined.
    ///
    /// Round joins are a distance offset, exact for circles, rounded
    /// rectangles with rounded corners and round-joined shapes. A star's
    /// miters are exact when every join is within the miter limit and the
    /// inner edge of the stroke keeps the star's shape (see
    /// ``starMiterReach(points:outerRadius:innerRadius:halfWidth:)``).
    static func analyticJoins(_ subpath: Subpath, _ style: StrokeStyle) -> AnalyticJoins? {
        guard style.strokeStart <= 0, style.strokeEnd >= 1, style.dashPattern.allSatisfy({ $0 == 0 }) else { return nil }
        switch subpath {
        case .ellipse(let rect):
            return abs(abs(rect.size.width) - abs(rect.size.height)) <= 1e-9 * abs(rect.size.width) ? .round : nil
        case .roundedRect(let rect, let cornerRadius):
            let r = rect.standardized
            guard r.size.width > 0, r.size.height > 0 else { return nil }
            return cornerRadius > 0 || style.lineJoin == .round ? .round : nil
        case .star(_, let points, let outerRadius, let innerRadius, _):
            if style.lineJoin == .round { return .round }
            guard style.lineJoin == .miter,
                  let reach = starMiterReach(points: points, outerRadius: outerRadius, innerRadius: innerRadius,
                                             halfWidth: style.lineWidth / 2),
                  reach <= style.miterLimit else { return nil }
            return .mitred(reach: reach, limit: style.miterLimit)
        case .elements:
            return nil
        }
    }

    /// The longest miter of a star's joins in half stroke widths (1/sin of
    /// half the angle between the edges at its outer points), when the band
    /// within `halfWidth` of each edge's whole line, folded into the star's
    /// half sectors, is its mitred stroke; nil when it is not.
    ///
    /// In a half sector the star's outline is one edge from an outer vertex
    /// A to an inner vertex B, and its neighbours are its mirror images in
    /// the sector's sides, so the offsets of neighbouring edges meet on
    /// those sides, as their miters do: the band is the two edges' strokes
    /// and half of each miter. That holds while the band's inner side still
    /// crosses the half sector (`halfWidth` under the centre's distance to
    /// the edge's line) and the inner vertex is no further out than the
    /// outer one (then the outer points' miters are the longest).
    static func starMiterReach(points: Int, outerRadius: Double, innerRadius: Double, halfWidth: Double) -> Double? {
        guard points >= 2, outerRadius.isFinite, innerRadius > 0, innerRadius <= outerRadius,
              halfWidth.isFinite, halfWidth >= 0 else { return nil }
        let halfSector = Double.pi / Double(points)
        let bx = innerRadius * sin(halfSector), by = innerRadius * cos(halfSector)
        let edge = (bx * bx + (by - outerRadius) * (by - outerRadius)).squareRoot()
        let lineDistance = outerRadius * bx / edge
        guard bx > 0, edge > 0, halfWidth < lineDistance * (1 - 1e-6) else { return nil }
        let reach = edge / bx
        return reach.isFinite ? reach : nil
    }

    /// `color` clamped to 0…1, or nil when it is missing or transparent.
    static func visible(_ color: Color?) -> Color? {
        color.map(\.clamped).flatMap { $0.alpha > 0 ? $0 : nil }
    }
}

/// How an analytic shape's stroke turns its corners.
enum AnalyticJoins: Equatable {
    /// Round: the band within half the width of the outline (every shape).
    case round
    /// A star's miters, each within `limit` (the layer's miter limit):
    /// the band within half the width of each edge's line; `reach` is the
    /// longest miter in half widths.
    case mitred(reach: Double, limit: Double)

    /// How many half widths the stroke reaches beyond the shape's outline.
    var reach: Double {
        if case .mitred(let reach, _) = self { return max(reach, 1) }
        return 1
    }

    /// The stroke style that outlines the same stroke as polygons, `lineWidth` wide.
    func style(lineWidth: Double) -> StrokeStyle {
        switch self {
        case .round: StrokeStyle(lineWidth: lineWidth, lineJoin: .round)
        case .mitred(_, let limit): StrokeStyle(lineWidth: lineWidth, lineJoin: .miter, miterLimit: limit)
        }
    }
}

extension Subpath {
    /// Ellipses, rounded rectangles and stars have analytic distance fields.
    var isAnalytic: Bool {
        if case .elements = self { return false }
        return true
    }
}

extension AffineTransform {
    /// The largest factor by which the transform stretches a length (its
    /// largest singular value); at least a tiny positive number.
    var largestScale: Double {
        let s = a * a + b * b + c * c + d * d
        let root = max(s * s - 4 * determinant * determinant, 0).squareRoot()
        return max((0.5 * (s + root)).squareRoot(), 1e-12)
    }
}
