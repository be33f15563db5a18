import LayerFXCore
import LayerFXPrimitives
@testable import LayerFXSVG
import Testing

/// The SVG writer's text for small frames, element by element.
struct SVGDocumentTests {
    private func body(_ frame: Frame, outlines: @escaping (SIMD2<Float>) -> Outline? = { _ in nil }) throws -> String {
        let text = try SVGDocument(frame, glyphOutlines: outlines).text
        let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(frame.width)\" height=\"\(frame.height)\" viewBox=\"0 0 \(frame.width) \(frame.height)\">\n"
        #expect(text.hasPrefix(header) && text.hasSuffix("</svg>\n"))
        return String(text.dropFirst(header.count).dropLast("</svg>\n".count))
    }

    @Test func numbersAreCompact() {
        #expect(SVGNumber.text(0.5, decimals: 3) == ".5")
        #expect(SVGNumber.text(-0.25, decimals: 3) == "-.25")
        #expect(SVGNumber.text(3, decimals: 3) == "3")
        #expect(SVGNumber.text(1.23456, decimals: 3) == "1.235")
        #expect(SVGNumber.text(-0.0001, decimals: 3) == "0")
        #expect(SVGNumber.text(12.05, decimals: 1) == "12.1")
        #expect(SVGNumber.text(1e20, decimals: 3) == "1e+20")
        #expect(SVGNumber.text(.nan, decimals: 3) == "0")
        #expect(SVGNumber.text(0.000123456, significant: 3) == ".000123")
        #expect(SVGNumber.hexColor(SIMD4(1, 0.5, 0, 1)) == "#ff8000")
    }

    @Test func aStrokedTranslucentRoundedRectangleIsOneGroupWithOpacity() throws {
        let rect = PrimitiveInstance(transform: SIMD4(2, 0, 0, 2), translation: SIMD4(10, 20, 1, 3),
                                     shape: SIMD4(5, 5, 4, 3), shapeExtra: SIMD4(9, 0, 0.5, 0),
                                     fillColor: SIMD4(1, 0, 0, 1), strokeColor: SIMD4(0, 0, 1, 0.5))
        let frame = Frame(width: 40, height: 30, background: SIMD4(1, 1, 1, 1), primitives: [rect])
        #expect(try body(frame) == """
            <rect width="40" height="30" fill="#ffffff"/>
            <g opacity=".5">
            <rect x="1" y="2" width="8" height="6" rx="3" transform="matrix(2 0 0 2 10 20)" fill="#ff0000" stroke="#0000ff" stroke-opacity=".5" stroke-width="3" stroke-linejoin="round"/>
            </g>

            """)
    }

    @Test func aRingedTranslucentCircleIsOneCircleUnderItsOpacity() throws {
        // Scaled by 2: radius 3 → 6 px, a 1-unit ring → 2 px; the opacity is folded into the circle's colours.
        let ellipse = PrimitiveInstance(transform: SIMD4(2, 0, 0, 2), translation: SIMD4(10, 20, 0, 1),
                                        shape: SIMD4(1, 1, 3, 3), shapeExtra: SIMD4(0, 0, 0.5, 0),
                                        fillColor: SIMD4(0, 0, 1, 1), strokeColor: SIMD4(1, 0, 0, 0.5))
        let frame = Frame(width: 40, height: 30, primitives: [ellipse])
        #expect(frame.circles.count == 1 && frame.instances.isEmpty)
        #expect(try body(frame) == """
            <g opacity=".5">
            <circle cx="12" cy="22" r="6" fill="#0000ff" stroke="#ff0000" stroke-opacity=".5" stroke-width="2"/>
            </g>

            """)
    }

    @Test func polygonBandsBecomeOnePathOfRegionsLeftOfTheirEdges() throws {
        // A square from (1, 1) to (3, 3) in one band; its horizontal edges add no crossings.
        let edges: [SIMD4<Float>] = [SIMD4(1, 1, 3, 1), SIMD4(3, 1, 3, 3), SIMD4(3, 3, 1, 3), SIMD4(1, 3, 1, 1)]
        let band = PrimitiveInstance.pathBand(rect: SIMD4(0, 0, 4, 4), firstEdge: 0, edgeCount: 4, rule: .nonZero,
                                              color: SIMD4(0, 1, 0, 1), opacity: 1)
        // A second band below with no edges, inside (winding 1): a rectangle.
        let inside = PrimitiveInstance.pathBand(rect: SIMD4(0, 4, 2, 6), firstEdge: 4, edgeCount: 0, windingOffset: 1,
                                                rule: .nonZero, color: SIMD4(0, 1, 0, 1), opacity: 1)
        let frame = Frame(width: 4, height: 6, primitives: [band, inside], pathEdges: edges)
        #expect(try body(frame) == """
            <path d="M3 1L3 3L0 3L0 1ZM1 3L1 1L0 1L0 3ZM2 4L2 6L0 6L0 4Z" fill="#00ff00"/>

            """)
    }

    @Test func maskContentIsWhiteAndClipsAreRoundedRectanglesInDeviceSpace() throws {
        let bounds = SIMD4<Float>(0, 0, 10, 10)
        let content = PrimitiveInstance(transform: SIMD4(1, 0, 0, 1), translation: SIMD4(0, 0, 0, 0),
                                        shape: SIMD4(5, 5, 4, 4), shapeExtra: SIMD4(0, 0, 1, 0),
                                        fillColor: SIMD4(1, 0, 0, 1), strokeColor: .zero)
        var mask = content
        mask.fillColor = SIMD4(0, 0, 1, 0.25)
        // Clip: device → clip-local is a translation by (−5, −5); a 6 × 6 square with radius 1.
        let composite = PrimitiveInstance(transform: SIMD4(1, 0, 0, 1),
                                          translation: SIMD4(0, 0, Float(ShapeKind.composite.rawValue), 0),
                                          shape: bounds, shapeExtra: SIMD4(1, 0, 0.5, 0),
                                          fillColor: .zero, strokeColor: .zero,
                                          clip0Linear: SIMD4(1, 0, 0, 1), clip0Offset: SIMD4(-5, -5, 3, 3),
                                          clipRadii: SIMD4(1, 0, 1, 0))
        let frame = Frame(width: 10, height: 10, primitives: [.beginLayer(bounds: bounds), content,
                                                             .beginMask(bounds: bounds), mask, composite])
        #expect(try body(frame) == """
            <defs>
            <mask id="m1" mask-type="alpha" maskUnits="userSpaceOnUse" x="0" y="0" width="10" height="10">
            <circle cx="5" cy="5" r="4" fill="#fff" fill-opacity=".25"/>
            </mask>
            <clipPath id="c1"><rect x="-3" y="-3" width="6" height="6" rx="1" transform="translate(5 5)"/></clipPath>
            </defs>
            <g clip-path="url(#c1)"><g opacity=".5" mask="url(#m1)">
            <circle cx="5" cy="5" r="4" fill="#ff0000"/>
            </g></g>

            """)
    }

    /// A luminance mask draws its content in its colours, an inverted one
    /// over a white rectangle in the complement (black for alpha), so that
    /// the luminance left is one minus the coverage.
    @Test(arguments: [(MaskCoverage.alpha, "alpha", "#fff", false), (.alphaInverted, "luminance", "#000", true),
                      (.luminance, "luminance", "#0000ff", false), (.luminanceInverted, "luminance", "#ffff00", true)])
    func maskModesWriteTheirTypeColoursAndBackdrop(_ coverage: MaskCoverage, type: String, color: String,
                                                   backdrop: Bool) throws {
        let bounds = SIMD4<Float>(0, 0, 10, 10)
        let content = PrimitiveInstance(transform: SIMD4(1, 0, 0, 1), translation: SIMD4(0, 0, 0, 0),
                                        shape: SIMD4(5, 5, 4, 4), shapeExtra: SIMD4(0, 0, 1, 0),
                                        fillColor: SIMD4(1, 0, 0, 1), strokeColor: .zero)
        var mask = content
        mask.fillColor = SIMD4(0, 0, 1, 0.25)
        let frame = Frame(width: 10, height: 10, primitives: [.beginLayer(bounds: bounds), content, .beginMask(bounds: bounds),
                                                             mask, .composite(bounds: bounds, opacity: 1, mask: coverage)])
        let rect = backdrop ? "<rect x=\"0\" y=\"0\" width=\"10\" height=\"10\" fill=\"#fff\"/>\n" : ""
        #expect(try body(frame).hasPrefix("""
            <defs>
            <mask id="m1" mask-type="\(type)" maskUnits="userSpaceOnUse" x="0" y="0" width="10" height="10">
            \(rect)<circle cx="5" cy="5" r="4" fill="\(color)" fill-opacity=".25"/>
            </mask>
            """))
    }

    /// A gradient of more stops than an instance holds reads them from the frame's table.
    @Test func tableGradientsWriteEveryStop() throws {
        let stops = (0..<12).map { GradientStop(location: Float($0) / 11, color: $0 % 2 == 0 ? 0xFF00_00FF : 0xFFFF_0000) }
        let paint = GradientPaint(kind: .axial, start: SIMD2(0, 0), end: SIMD2(10, 0), tableStart: 3, count: 9)
        let shape = PrimitiveInstance(transform: SIMD4(1, 0, 0, 1), translation: SIMD4(0, 0, 1, 0),
                                      shape: SIMD4(5, 5, 5, 5), shapeExtra: SIMD4(0, 0, 1, 0),
                                      fillColor: .zero, strokeColor: .zero, paint: paint)
        let text = try body(Frame(width: 10, height: 10, primitives: [shape], gradientStops: stops))
        #expect(text.contains("<linearGradient id=\"g1\" gradientUnits=\"userSpaceOnUse\" x1=\"2.727\" y1=\"0\" x2=\"10\" y2=\"0\">"))
        #expect(text.split(separator: "<stop ", omittingEmptySubsequences: false).count - 1 == 9)
        #expect(text.contains("<stop offset=\"0\" stop-color=\"#0000ff\"/><stop offset=\".125\" stop-color=\"#ff0000\"/>"))
        // A range past the table's end (a malformed frame) is no gradient.
        #expect(!(try body(Frame(width: 10, height: 10, primitives: [shape], gradientStops: Array(stops.prefix(11)))))
            .contains("linearGradient"))
    }

    @Test func nonFiniteOrHugeValuesWriteWithoutTrapping() throws {
        #expect(SVGNumber.hexColor(SIMD4(.nan, .infinity, -1, 1)) == "#00ff00")
        let huge = PrimitiveInstance(transform: SIMD4(1, 0, 0, 1), translation: SIMD4(0, 0, 0, 0),
                                     shape: SIMD4(1e30, 5, 1e30, 4), shapeExtra: SIMD4(0, 0, 1, 0),
                                     fillColor: SIMD4(1, 0, 0, 1), strokeColor: .zero)
        let layer = PrimitiveInstance.beginLayer(bounds: SIMD4(-.infinity, .nan, 1e30, .infinity))
        let composite = PrimitiveInstance.composite(bounds: SIMD4(-1e30, -.infinity, .infinity, 1e30),
                                                    opacity: 0.5, mask: nil)
        let text = try body(Frame(width: 8, height: 8, primitives: [layer, huge, composite]))
        #expect(text.contains("<ellipse cx=\"1.0000000150474662e+30\""))
        #expect(text.contains("<g opacity=\".5\">"))
    }

    @Test func glyphsAreTheirOutlinesPlacedOnTheQuad() throws {
        // Atlas texels (100, 50)…; 4 texels per local unit; quad at local (2, 3).
        let glyph = PrimitiveInstance.glyph(quad: SIMD4(2, 3, 4, 5), transform: SIMD4(1, 0, 0, 1), translation: SIMD2(10, 0),
                                            atlasOrigin: SIMD2(100, 50), texelsPerUnit: 4,
                                            color: SIMD4(0, 0, 0, 1), opacity: 1)
        let outline = Outline(elements: [.move(SIMD2(101, 51)), .line(SIMD2(107, 51)),
                                            .quadratic(SIMD2(107, 57), SIMD2(101, 57)), .close])
        let frame = Frame(width: 20, height: 10, primitives: [glyph])
        #expect(try body(frame, outlines: { $0 == SIMD2(100, 50) ? outline : nil }) == """
            <path d="M101 51L107 51Q107 57 101 57Z" transform="matrix(.25 0 0 .25 -13 -9.5)" fill="#000000"/>

            """)
        #expect(try body(frame) == "")
    }

    /// An image is written once, as a PNG data URI in an `image` of one
    /// unit per pixel, and placed by `use`s mapping its pixels onto the
    /// layer's rectangle; a tint is a colour-matrix filter.
    @Test func imagesAreUsesOfOnePNGDefinition() throws {
        let image = ContentsImage(width: 2, height: 1, premultipliedBytes: [255, 0, 0, 255, 0, 0, 128, 128])
        // A 4 × 2 rectangle at (1, 1): 0.5 texels per unit from its corner, 2 units per texel.
        let plain = PrimitiveInstance.image(rect: SIMD4(3, 2, 2, 1), transform: SIMD4(1, 0, 0, 1), translation: SIMD2(0, 0),
                                            index: 0, mapping: SIMD4(1, 1, 0.5, 0.5), tint: SIMD4(1, 1, 1, 1), opacity: 1)
        let tinted = PrimitiveInstance.image(rect: SIMD4(3, 2, 2, 1), transform: SIMD4(1, 0, 0, 1), translation: SIMD2(0, 4),
                                             index: 0, mapping: SIMD4(1, 1, 0.5, 0.5), tint: SIMD4(1, 0.5, 0, 1),
                                             opacity: 0.5)
        let frame = Frame(width: 8, height: 8, primitives: [plain, tinted], images: [image])
        let text = try SVGDocument(frame, glyphOutlines: { _ in nil }).text
        #expect(text.contains(#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1""#))
        let definition = #"<image id="i1" width="2" height="1" preserveAspectRatio="none" xlink:href="data:image/png;base64,"#
        #expect(text.ranges(of: definition).count == 1)
        #expect(text.contains(#"<filter id="f1" color-interpolation-filters="sRGB"><feColorMatrix type="matrix" values="1 0 0 0 0 0 .5 0 0 0 0 0 0 0 0 0 0 0 1 0"/></filter>"#))
        #expect(text.hasSuffix("""
            <use xlink:href="#i1" transform="matrix(2 0 0 2 1 1)"/>
            <use xlink:href="#i1" transform="matrix(2 0 0 2 1 5)" opacity=".5" filter="url(#f1)"/>
            </svg>

            """))
    }

    /// An image in a mask gets the colours the mask's mode needs from its
    /// filter, as other content gets them from its fill: white or black
    /// keeping the alpha, its tinted colours, or their complement.
    @Test(arguments: [
        (MaskCoverage.alpha, "0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 .5 0"),
        (.alphaInverted, "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 .5 0"),
        (.luminance, "1 0 0 0 0 0 .25 0 0 0 0 0 0 0 0 0 0 0 .5 0"),
        (.luminanceInverted, "-1 0 0 0 1 0 -.25 0 0 1 0 0 0 0 1 0 0 0 .5 0"),
    ])
    func imagesInMasksAreFilteredForTheMode(_ coverage: MaskCoverage, values: String) throws {
        let image = ContentsImage(width: 1, height: 1, premultipliedBytes: [255, 255, 255, 255])
        let bounds = SIMD4<Float>(0, 0, 10, 10)
        let content = PrimitiveInstance(transform: SIMD4(1, 0, 0, 1), translation: SIMD4(0, 0, 0, 0),
                                        shape: SIMD4(5, 5, 4, 4), shapeExtra: SIMD4(0, 0, 1, 0),
                                        fillColor: SIMD4(1, 0, 0, 1), strokeColor: .zero)
        let mask = PrimitiveInstance.image(rect: SIMD4(5, 5, 5, 5), transform: SIMD4(1, 0, 0, 1), translation: SIMD2(0, 0),
                                           index: 0, mapping: SIMD4(0, 0, 0.1, 0.1), tint: SIMD4(1, 0.25, 0, 0.5),
                                           opacity: 1)
        let frame = Frame(width: 10, height: 10,
                          primitives: [.beginLayer(bounds: bounds), content, .beginMask(bounds: bounds), mask,
                                       .composite(bounds: bounds, opacity: 1, mask: coverage)],
                          images: [image])
        let text = try SVGDocument(frame, glyphOutlines: { _ in nil }).text
        #expect(text.contains("<feColorMatrix type=\"matrix\" values=\"\(values)\"/>"), "\(coverage)")
        #expect(text.contains("<use xlink:href=\"#i1\" transform=\"matrix(10 0 0 10 0 0)\" filter=\"url(#f1)\"/>"))
    }

    /// Outside masks an image with an opaque white tint needs no filter.
    @Test func plainImagesHaveNoFilter() {
        #expect(SVGBuilder.colorMatrix(tint: SIMD4(1, 1, 1, 1), in: nil) == nil)
        #expect(SVGBuilder.colorMatrix(tint: SIMD4(1, 1, 1, 1), in: .luminance) == nil)
        #expect(SVGBuilder.colorMatrix(tint: SIMD4(1, 1, 1, 1), in: .alpha) != nil)
    }
}
