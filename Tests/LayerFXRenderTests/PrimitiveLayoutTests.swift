import CLayerFXLayout
import CLayerFXRaster
import Foundation
import LayerFX
@testable import LayerFXGPU
import LayerFXTestSupport
import Testing

/// The display list's layouts and constants are defined once, in
/// `lfx_layout.h`; the Swift types, the C kernels and the shaders (whose
/// attribute blocks mirror `PrimitiveInstance.attributes`) must agree with
/// it. These fail on drift.
struct PrimitiveLayoutTests {
    /// `layout(location = N) in TYPE name;` declarations of a vertex shader.
    static func shaderAttributes(_ file: String = "primitive.vert.glsl") throws
        -> [(location: Int, type: String, name: String)] {
        let source = try String(contentsOf: Repository.url("Shaders/\(file)"), encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern: #"layout\s*\(\s*location\s*=\s*(\d+)\s*\)\s*in\s+(\w+)\s+(\w+)\s*;"#)
        let range = NSRange(source.startIndex..., in: source)
        return pattern.matches(in: source, range: range).map { match in
            func group(_ i: Int) -> String { String(source[Range(match.range(at: i), in: source)!]) }
            return (Int(group(1))!, group(2), group(3))
        }
    }

    /// A file of the repository's `Shaders/`.
    static func shaderURL(_ file: String) -> URL { Repository.url("Shaders/\(file)") }

    @Test func shaderDeclaresExactlyTheSwiftAttributes() throws {
        let shader = try Self.shaderAttributes()
        let swift = PrimitiveInstance.attributes
        #expect(shader.map(\.name) == swift.map(\.name))
        #expect(shader.map(\.location) == swift.map(\.location))
        #expect(shader.map(\.type) == swift.map(\.glslType))
        #expect(swift.allSatisfy { $0.components == 4 })
        #expect(swift.count <= 16)  // GL_MAX_VERTEX_ATTRIBS is at least 16 in OpenGL ES 3.0
    }

    @Test func attributesTileTheInstanceWithoutGaps() {
        let attributes = PrimitiveInstance.attributes
        #expect(attributes.map(\.offset) == attributes.indices.map { $0 * 16 })
        #expect(MemoryLayout<PrimitiveInstance>.stride == attributes.count * 16)
    }

    @Test func circleShaderDeclaresExactlyTheDeviceCircleAttributes() throws {
        let shader = try Self.shaderAttributes("circle.vert.glsl")
        let swift = DeviceCircle.attributes
        #expect(shader.map(\.name) == swift.map(\.name))
        #expect(shader.map(\.location) == swift.map(\.location))
        #expect(shader.map(\.type) == swift.map(\.glslType))
        #expect(swift.map(\.offset) == swift.indices.map { $0 * 16 })
        #expect(MemoryLayout<DeviceCircle>.stride == swift.count * 16)
    }

    /// The CPU kernel reads `DeviceCircle`s as C `lfx_circle`s.
    @Test func deviceCircleHasTheCKernelsLayout() {
        #expect(MemoryLayout<DeviceCircle>.size == MemoryLayout<lfx_circle>.size)
        #expect(MemoryLayout<lfx_circle>.offset(of: \lfx_circle.ring) == MemoryLayout<DeviceCircle>.offset(of: \.ring))
        #expect(MemoryLayout<lfx_circle>.offset(of: \lfx_circle.fill) == MemoryLayout<DeviceCircle>.offset(of: \.fill))
        #expect(MemoryLayout<lfx_circle>.offset(of: \lfx_circle.stroke) == MemoryLayout<DeviceCircle>.offset(of: \.stroke))
    }

    /// A `TileCircle` keeps the circle's centre and radius as they are and
    /// its half ring width exactly, and packs its colours to the bits
    /// `lfx_layout.h` gives them, rounded to nearest, red in the low bits.
    @Test func tileCirclePacksItsColoursToTheHeadersBits() throws {
        let circle = try #require(DeviceCircle(
            ellipse: SIMD4(0, 0, 10, 10), transform: SIMD4(1, 0, 0, 1), translation: SIMD2(100.25, 50.5),
            strokeWidth: 3, fillColor: SIMD4(1, 0.5, 0, 1), strokeColor: SIMD4(0, 1, 1, 0.5), opacity: 1))
        let packed = TileCircle(circle)
        #expect(packed.shape == SIMD4(100.25, 50.5, 10, 1.5))
        // Fill (1, 0.5, 0, 1) at 16 bits: 0.5 × 65535 = 32767.5 rounds to 32768.
        #expect(packed.paint.x == 0xFFFF | 32768 << 16)
        #expect(packed.paint.y == 0 | 0xFFFF << 16)
        // Ring (0, 0.5, 0.5, 0.5) premultiplied: red 0 of 11 bits, green 1023.5 → 1024 of 2047, blue 511.5 → 512 of 1023.
        #expect(LFX_TILE_RING_RED_BITS == 11 && LFX_TILE_RING_GREEN_BITS == 11)
        #expect(packed.paint.z == 0 | 1024 << 11 | 512 << 22)
        // Ring colour alpha 0.5 and ring alpha 0.5, 16 bits each.
        #expect(packed.paint.w == 32768 | 32768 << 16)
        // A colour out of 0…1 or not a number packs clamped, never trapping.
        var odd = circle
        odd.fill = SIMD4(.nan, -1, 2, .infinity)
        #expect(TileCircle(odd).paint.x == 0 && TileCircle(odd).paint.y == 0xFFFF | 0xFFFF << 16)
    }

    /// Every field of `PrimitiveInstance` sits where `lfx_instance` has it.
    @Test func primitiveInstanceHasTheHeadersLayout() {
        let pairs: [(PartialKeyPath<PrimitiveInstance>, PartialKeyPath<lfx_instance>)] = [
            (\.transform, \.transform), (\.translation, \.translation), (\.shape, \.shape),
            (\.shapeExtra, \.shape_extra), (\.fillColor, \.fill_color), (\.strokeColor, \.stroke_color),
            (\.clip0Linear, \.clip0_linear), (\.clip0Offset, \.clip0_offset),
            (\.clip1Linear, \.clip1_linear), (\.clip1Offset, \.clip1_offset), (\.clipRadii, \.clip_radii),
            (\.paint0, \.paint0), (\.paint1, \.paint1), (\.paint2, \.paint2),
            (\.stops0, \.stops0), (\.stops1, \.stops1),
        ]
        #expect(pairs.count == PrimitiveInstance.attributes.count)
        for (swift, c) in pairs {
            #expect(MemoryLayout<PrimitiveInstance>.offset(of: swift) == MemoryLayout<lfx_instance>.offset(of: c))
        }
        #expect(MemoryLayout<PrimitiveInstance>.size == MemoryLayout<lfx_instance>.size)
    }

    /// A frame's gradient stops are `lfx_gradient_stop`s, uploaded as they are (one RG32UI texel each).
    @Test func gradientStopHasTheHeadersLayout() {
        #expect(MemoryLayout<GradientStop>.size == MemoryLayout<lfx_gradient_stop>.size)
        #expect(MemoryLayout<GradientStop>.stride == 8)
        #expect(MemoryLayout<GradientStop>.offset(of: \.location) == MemoryLayout<lfx_gradient_stop>.offset(of: \.location))
        #expect(MemoryLayout<GradientStop>.offset(of: \.color) == MemoryLayout<lfx_gradient_stop>.offset(of: \.color))
    }

    /// The Swift enums' raw values and limits are the header's constants.
    @Test func kindsPaintsAndRulesAreTheHeadersConstants() {
        let kinds: [(ShapeKind, Int32)] = [
            (.ellipse, LFX_KIND_ELLIPSE), (.roundedRect, LFX_KIND_ROUNDED_RECT), (.star, LFX_KIND_STAR),
            (.path, LFX_KIND_PATH), (.glyph, LFX_KIND_GLYPH), (.image, LFX_KIND_IMAGE), (.beginLayer, LFX_KIND_BEGIN_LAYER),
            (.beginMask, LFX_KIND_BEGIN_MASK), (.composite, LFX_KIND_COMPOSITE),
        ]
        #expect(kinds.count == ShapeKind.allCases.count)
        for (kind, constant) in kinds { #expect(kind.rawValue == Int(constant), "\(kind)") }
        let paints: [(PaintKind, Int32)] = [
            (.solid, LFX_PAINT_SOLID), (.axial, LFX_PAINT_AXIAL), (.radial, LFX_PAINT_RADIAL), (.conic, LFX_PAINT_CONIC),
        ]
        #expect(paints.count == PaintKind.allCases.count)
        for (paint, constant) in paints { #expect(paint.rawValue == Int(constant), "\(paint)") }
        let masks: [(MaskCoverage, Int32)] = [
            (.alpha, LFX_MASK_ALPHA), (.alphaInverted, LFX_MASK_ALPHA_INVERTED), (.luminance, LFX_MASK_LUMINANCE),
            (.luminanceInverted, LFX_MASK_LUMINANCE_INVERTED),
        ]
        #expect(masks.count == MaskCoverage.allCases.count && LFX_MASK_NONE == 0)
        for (mask, constant) in masks { #expect(mask.rawValue == Int(constant), "\(mask)") }
        #expect(WindingRule.nonZero.rawValue == Int(LFX_WINDING_NON_ZERO))
        #expect(WindingRule.evenOdd.rawValue == Int(LFX_WINDING_EVEN_ODD))
        #expect(GradientPaint.inlineStopCapacity == Int(LFX_INLINE_STOPS))
    }

    /// The shaders name kinds, paints and limits by the header's constants:
    /// no comparison of a kind or paint with a bare number is left.
    @Test func shadersUseTheHeadersConstantsNotLiterals() throws {
        let literal = try NSRegularExpression(pattern: #"\b(kind|paint)\s*(==|!=|<=|>=|<|>)\s*[0-9]"#)
        for file in ["primitive.vert.glsl", "primitive.frag.glsl", "circle.vert.glsl", "circle.frag.glsl",
                     "tiles.comp.glsl"] {
            // The embedded source, its included parts expanded.
            let source = try #require(ShaderSource.files[file])
            let matches = literal.numberOfMatches(in: source, range: NSRange(source.startIndex..., in: source))
            #expect(matches == 0, "\(file) compares a kind or paint with a literal")
        }
        let fragment = try #require(ShaderSource.files["primitive.frag.glsl"])
        for name in ["LFX_PAINT_AXIAL", "LFX_PAINT_RADIAL", "LFX_INLINE_STOPS", "LFX_STOP_ROW_LENGTH",
                     "LFX_MASK_ALPHA", "LFX_MASK_LUMINANCE_INVERTED", "LFX_WINDING_EVEN_ODD", "LFX_PATH_VERTICAL_DIVISOR",
                     "LFX_EDGE_ROW_LENGTH", "LFX_KIND_PATH", "LFX_KIND_COMPOSITE", "LFX_KIND_GLYPH", "LFX_KIND_IMAGE"] {
            #expect(fragment.contains(name), "primitive.frag.glsl does not use \(name)")
        }
        // The tile compositor's tile size, stopping point and entry bits, shared with tiles.c through the header.
        let compute = try String(contentsOf: Self.shaderURL("tiles.comp.glsl"), encoding: .utf8)
        for name in ["LFX_TILE_SIZE", "LFX_TILE_STOP_DIVISOR", "LFX_TILE_SHAPE_ENTRY", "LFX_TILE_INTERIOR_ENTRY"] {
            #expect(compute.contains(name), "tiles.comp.glsl does not use \(name)")
        }
        #expect(Int(LFX_TILE_SIZE) == 16 && LFX_TILE_STOP_DIVISOR == 510)
        // The hexadecimal entry bits reach GLSL as the header writes them.
        #expect(ShaderSource.layoutDefines.contains("#define LFX_TILE_SHAPE_ENTRY 0x80000000u\n"))
        #expect(ShaderSource.layoutDefines.contains("#define LFX_TILE_INTERIOR_ENTRY 0x40000000u\n"))
    }

    /// A part several shaders share is written once, in a file of its own
    /// that they `#include`; the embedded sources have it expanded, since
    /// GLSL ES has no include. The tile shaders' circle is TileCircle's two
    /// vectors, 32 bytes, as C's `lfx_tile_circle`.
    @Test func sharedShaderPartsAreIncludedOnce() throws {
        for (name, text) in ShaderSource.files {
            #expect(!text.contains("#include"), "\(name) still has an #include line")
        }
        for name in ["tiles.comp.glsl", "tiles-bin.comp.glsl"] {
            let source = try String(contentsOf: Repository.url("Shaders/\(name)"), encoding: .utf8)
            #expect(source.contains("#include \"tile-circle.glsl\"") && !source.contains("struct Circle"), "\(name)")
            #expect(ShaderSource.files[name]?.contains("struct Circle {") == true, "\(name) embedded")
        }
        let circle = try String(contentsOf: Repository.url("Shaders/tile-circle.glsl"), encoding: .utf8)
        #expect(circle.contains("struct Circle {\n    vec4 shape;\n    uvec4 paint;\n};"))
        #expect(MemoryLayout<TileCircle>.stride == 2 * 16)
        #expect(MemoryLayout<TileCircle>.size == MemoryLayout<lfx_tile_circle>.size)
        #expect(MemoryLayout<lfx_tile_circle>.offset(of: \lfx_tile_circle.paint) == MemoryLayout<TileCircle>.offset(of: \.paint))
    }
}
