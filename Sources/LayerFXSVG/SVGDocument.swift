import LayerFXCore
import LayerFXPrimitives

/// One evaluated ``Frame`` as an SVG 1.1 document: what the frame's display
/// list draws, as vector elements in device pixels (one SVG user unit per
/// pixel), with no font or image file needed to display it.
///
/// Plain device circles become `circle` elements; other shapes `ellipse`, `rect` and `polygon` elements under their
/// transform, with solid or gradient fills and strokes (conic gradients as
/// many thin wedges); polygon bands (shape layers, dashes, strokes, far
/// shapes, already flattened by evaluation) become one `path` per polygon;
/// glyphs become `path`s of their outlines, given by `glyphOutlines`;
/// images `use`s of an `image` holding the PNG as a data URI (tinted by a
/// colour-matrix filter in replicators);
/// clips become `clipPath`s, offscreen layers groups with `opacity`, and
/// masks SVG `mask`s: an alpha mask's content drawn white (white's
/// luminance is 1, so a renderer that reads only luminance still gets the
/// alpha), a luminance mask's in its colours, and an inverted mask's over a
/// white rectangle in its complement (black, or one minus each colour), so
/// that its luminance is one minus the coverage. The same frame always gives
/// the same text.
public struct SVGDocument: Sendable {
    /// The document, UTF-8 XML.
    public let text: String

    /// The document for `frame`. `glyphOutlines` returns the outline of the
    /// glyph whose distance field starts at an atlas texel (the
    /// ``ShapeKind/glyph`` primitive's atlas origin), in atlas texel
    /// coordinates; a glyph without one is left out. (`LayerFX` adds an
    /// initializer that takes them from the fonts of the shared glyph atlas.)
    /// - Throws: `LayerNesting.Error` when the offscreen-layer markers do not nest.
    public init(_ frame: Frame, glyphOutlines: @escaping (SIMD2<Float>) -> Outline?) throws {
        let groups = try LayerNesting.groups(of: frame.instances.map(\.kind))
        var maskCoverages: [Int: MaskCoverage] = [:]
        for (begin, mask) in groups.masks {
            if let composite = groups.composites[begin] { maskCoverages[mask] = frame.instances[composite].maskCoverage }
        }
        var builder = SVGBuilder(frame: frame, glyphOutlines: glyphOutlines, maskCoverages: maskCoverages)
        builder.drawPrimitives()
        text = builder.document()
    }

    /// The document's UTF-8 bytes.
    public var bytes: [UInt8] { Array(text.utf8) }
}

/// Builds the document: the element text of each open layer, and the
/// definitions (clips, gradients, masks) they refer to.
struct SVGBuilder {
    let frame: Frame
    let glyphOutlines: (SIMD2<Float>) -> Outline?
    /// How each `beginMask`'s mask covers its layer (from its composite), by instance index.
    let maskCoverages: [Int: MaskCoverage]
    var definitions = SVGDefinitions()
    /// Open layers, innermost last; the first is the document body.
    var layers: [OpenLayer] = [OpenLayer()]

    /// An offscreen layer being written: its content, and its mask (and how
    /// the mask covers the layer) once ``ShapeKind/beginMask`` has been seen.
    struct OpenLayer {
        var content = ""
        var mask: String?
        var maskCoverage = MaskCoverage.alpha
    }

    init(frame: Frame, glyphOutlines: @escaping (SIMD2<Float>) -> Outline?, maskCoverages: [Int: MaskCoverage]) {
        self.frame = frame; self.glyphOutlines = glyphOutlines; self.maskCoverages = maskCoverages
    }

    /// How the mask elements now go into covers its layer; nil when they go
    /// into no mask (the innermost layer whose mask is open decides).
    var maskCoverage: MaskCoverage? { layers.last { $0.mask != nil }?.maskCoverage }

    /// The `fill`/`stroke`/`stop-color` value of straight-alpha `color`
    /// where elements now go: the colour itself, or inside a mask what
    /// gives the mask its coverage (white for alpha, black for inverted
    /// alpha, the colour for luminance, its complement for inverted luminance).
    func colorValue(_ color: SIMD4<Float>) -> String {
        switch maskCoverage {
        case nil, .luminance: SVGNumber.hexColor(color)
        case .alpha: "#fff"
        case .alphaInverted: "#000"
        case .luminanceInverted: SVGNumber.hexColor(SIMD4(1 - color.x, 1 - color.y, 1 - color.z, color.w))
        }
    }

    /// Appends element text to the innermost open layer (or its mask).
    mutating func append(_ element: String) {
        let last = layers.count - 1
        if layers[last].mask != nil { layers[last].mask! += element } else { layers[last].content += element }
    }

    /// Writes every primitive in order.
    mutating func drawPrimitives() {
        for run in frame.runs {
            switch run.kind {
            case .circles:
                for circle in frame.circles[run.range] { drawCircle(circle) }
            case .instances:
                drawInstances(run.range)
            }
        }
    }

    /// Writes the instances of `range` in order.
    private mutating func drawInstances(_ range: Range<Int>) {
        let instances = frame.instances
        var i = range.lowerBound
        while i < range.upperBound {
            let primitive = instances[i]
            switch primitive.kind {
            case .path:
                let end = PolygonRun.end(of: instances, in: i..<range.upperBound)
                drawPolygon(instances[i..<end])
                i = end
                continue
            case .beginLayer: layers.append(OpenLayer())
            case .beginMask:
                layers[layers.count - 1].mask = ""
                layers[layers.count - 1].maskCoverage = maskCoverages[i] ?? .alpha
            case .composite: composite(primitive)
            case .glyph: drawGlyph(primitive)
            case .image: drawImage(primitive)
            case .ellipse, .roundedRect, .star: drawShape(primitive)
            }
            i += 1
        }
    }

    /// Closes the innermost layer into a group on the layer below: its
    /// opacity and mask, the composite's clips, and its device rectangle.
    private mutating func composite(_ primitive: PrimitiveInstance) {
        guard layers.count > 1, let layer = layers.popLast() else { return }
        guard !layer.content.isEmpty, primitive.opacity > 0, let rect = pixelRect(primitive.shape) else { return }
        var attributes = ""
        if primitive.opacity < 1 { attributes += " opacity=\"\(SVGNumber.fraction(primitive.opacity))\"" }
        if let mask = layer.mask {
            let region = SIMD4(Double(rect.x), Double(rect.y), Double(rect.z), Double(rect.w))
            attributes += " mask=\"url(#\(definitions.mask(mask, region: region, coverage: layer.maskCoverage)))\""
        }
        var group = "<g\(attributes)>\n\(layer.content)</g>"
        if !coversFrame(rect) {
            let id = definitions.clip("<rect x=\"\(rect.x)\" y=\"\(rect.y)\" width=\"\(rect.z - rect.x)\" height=\"\(rect.w - rect.y)\"/>")
            group = "<g clip-path=\"url(#\(id))\">\(group)</g>"
        }
        if let clipped = clipped(group, by: primitive) { append(clipped) }
    }

    /// The whole pixels whose centres lie in device rectangle `r` (what a
    /// layer marker covers), as (x0, y0, x1, y1) kept to the frame; nil when none.
    func pixelRect(_ r: SIMD4<Float>) -> SIMD4<Int>? {
        func column(_ v: Float, _ limit: Int) -> Int {
            v.isNaN ? limit : min(max(Int(saturating: v - 0.5, rounding: .up), 0), limit)
        }
        func end(_ v: Float, _ limit: Int) -> Int {
            v.isNaN ? 0 : min(max(Int(saturating: v - 0.5, rounding: .down), -1), limit - 1) + 1
        }
        let x0 = column(r.x, frame.width), y0 = column(r.y, frame.height)
        let x1 = end(r.z, frame.width), y1 = end(r.w, frame.height)
        return x0 < x1 && y0 < y1 ? SIMD4(x0, y0, x1, y1) : nil
    }

    private func coversFrame(_ rect: SIMD4<Int>) -> Bool {
        rect.x <= 0 && rect.y <= 0 && rect.z >= frame.width && rect.w >= frame.height
    }

    /// The finished document.
    func document() -> String {
        let w = frame.width, h = frame.height
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let xlink = definitions.usesXLink ? " xmlns:xlink=\"http://www.w3.org/1999/xlink\"" : ""
        text += "<svg xmlns=\"http://www.w3.org/2000/svg\"\(xlink) version=\"1.1\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">\n"
        if !definitions.text.isEmpty { text += "<defs>\n\(definitions.text)</defs>\n" }
        let background = frame.background
        if background.w > 0 {
            text += "<rect width=\"\(w)\" height=\"\(h)\" fill=\"\(SVGNumber.hexColor(background))\""
            if background.w < 1 { text += " fill-opacity=\"\(SVGNumber.fraction(background.w))\"" }
            text += "/>\n"
        }
        text += layers[0].content
        text += "</svg>\n"
        return text
    }
}
