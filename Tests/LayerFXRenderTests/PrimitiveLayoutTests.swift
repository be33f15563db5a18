import CLayerFXRaster
import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

/// The instance layout is defined once (`PrimitiveInstance.attributes`) and
/// mirrored by the vertex shader's attribute block; these fail on drift.
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
}
