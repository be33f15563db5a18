import Dispatch
import LayerFXPrimitives

/// The reference rasterizer: the same signed-distance, coverage and blending
/// math as the GPU shaders, evaluated at pixel centres in Swift.
///
/// The frame is cut into bands of rows that are shaded in parallel on all
/// cores; inside a band primitives are drawn in order. Like the GPU's RGBA8
/// framebuffer, each primitive's premultiplied color is converted to 8 bits
/// and blended source-over into 8-bit pixels (see `blendSourceOver`).
public struct CPURenderer: RenderBackend, Sendable {
    /// Rows shaded by one task.
    public var bandHeight: Int

    /// - Parameter bandHeight: rows per parallel task.
    public init(bandHeight: Int = 8) {
        self.bandHeight = max(bandHeight, 1)
    }

    /// The number of processors the bands are spread over.
    public static var defaultThreadCount: Int { max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1) }

    public func render(_ frame: Frame) throws -> PixelBuffer {
        let width = frame.width, height = frame.height
        let prepared = frame.primitives.compactMap { PreparedPrimitive($0, width: width, height: height) }
        let bg = frame.background
        let clear = SIMD4<Float>(bg.x * bg.w, bg.y * bg.w, bg.z * bg.w, bg.w)
        let clearBytes = quantize(clear)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let bandCount = (height + bandHeight - 1) / bandHeight
        let bandHeight = self.bandHeight
        bytes.withUnsafeMutableBufferPointer { buffer in
            let base = UnsafeSendablePointer(buffer.baseAddress!)
            do {
                DispatchQueue.concurrentPerform(iterations: bandCount) { band in
                    let y0 = band * bandHeight, y1 = min(y0 + bandHeight, height) - 1
                    let pixels = base.pointer
                    for i in (y0 * width)..<((y1 + 1) * width) {
                        (pixels + i * 4).withMemoryRebound(to: SIMD4<UInt8>.self, capacity: 1) { $0.pointee = clearBytes }
                    }
                    for primitive in prepared where primitive.maxY >= y0 && primitive.minY <= y1 {
                        draw(primitive, rows: max(primitive.minY, y0)...min(primitive.maxY, y1),
                             width: width, into: pixels)
                    }
                }
            }
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }

    @inline(__always)
    private func draw(_ primitive: PreparedPrimitive, rows: ClosedRange<Int>, width: Int,
                      into pixels: UnsafeMutablePointer<UInt8>) {
        for y in rows {
            let py = Float(y) + 0.5
            for x in primitive.minX...primitive.maxX {
                let src = primitive.shade(Float(x) + 0.5, py)
                if src.w <= 0 && src.x <= 0 && src.y <= 0 && src.z <= 0 { continue }
                let p = pixels + (y * width + x) * 4
                p.withMemoryRebound(to: SIMD4<UInt8>.self, capacity: 1) { pixel in
                    pixel.pointee = blendSourceOver(quantize(src), pixel.pointee)
                }
            }
        }
    }
}

/// Float RGBA in 0…1 → unorm8, rounding to nearest, ties to even (what the
/// GPU does when a shader output is written to an RGBA8 target).
@inline(__always)
func quantize(_ c: SIMD4<Float>) -> SIMD4<UInt8> {
    let scaled = (c.clamped(lowerBound: .zero, upperBound: .one) * 255).rounded(.toNearestOrEven)
    return SIMD4<UInt8>(truncatingIfNeeded: SIMD4<Int32>(scaled))
}

/// Premultiplied source-over on unorm8 values, as an RGBA8 framebuffer blends
/// (`GL_ONE, GL_ONE_MINUS_SRC_ALPHA`): `src + round(dst · (255 − src.a) / 255)`.
@inline(__always)
func blendSourceOver(_ src: SIMD4<UInt8>, _ dst: SIMD4<UInt8>) -> SIMD4<UInt8> {
    let s = SIMD4<UInt16>(truncatingIfNeeded: src), d = SIMD4<UInt16>(truncatingIfNeeded: dst)
    let product = d &* (255 &- SIMD4(repeating: s.w)) &+ 128
    let scaled = (product &+ (product &>> 8)) &>> 8          // exact round(x / 255)
    return SIMD4<UInt8>(truncatingIfNeeded: (s &+ scaled).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255)))
}

/// A raw pointer handed to concurrent bands; each band writes disjoint rows.
struct UnsafeSendablePointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt8>
    init(_ pointer: UnsafeMutablePointer<UInt8>) { self.pointer = pointer }
}

#if canImport(Glibc)
import Glibc
#endif
