import CLayerFXRaster
import LayerFXPrimitives

extension lfx_shape {
    /// The C kernel's record of a prepared analytic shape (ellipse, rounded
    /// rectangle or star), polygon band, glyph, image or composite: the fields the
    /// kernels read, copied from the primitive; `everyPixel` turns the
    /// kernels' block decisions off. A gradient's table stops are read from
    /// `table` (the frame's, unpacked), which must outlive the record's use.
    init(_ p: PreparedPrimitive, everyPixel: Bool, table: UnsafePointer<lfx_stop>?) {
        self.init()
        defer { lfx_shape_prepare(&self) }
        every_pixel = everyPixel ? 1 : 0
        inverse = Self.tuple(p.inverse)
        translation = Self.tuple(p.translation)
        shape = Self.tuple(p.shape)
        extra = Self.tuple(p.shapeExtra)
        fill = Self.tuple(p.premultipliedFill)
        stroke = Self.tuple(p.premultipliedStroke)
        clip0_linear = Self.tuple(p.clip0Linear); clip0_offset = Self.tuple(p.clip0Offset)
        clip1_linear = Self.tuple(p.clip1Linear); clip1_offset = Self.tuple(p.clip1Offset)
        clip_radii = (p.clipRadius0, p.clipRadius1, p.clipCount, 0)
        image_map = Self.tuple(p.imageMapping)
        min_x = Int32(clamping: p.minX); max_x = Int32(clamping: p.maxX)
        min_y = Int32(clamping: p.minY); max_y = Int32(clamping: p.maxY)
        guard let gradient = p.gradient else { return }
        gradient_kind = Int32(clamping: gradient.kind)
        stop_count = Int32(clamping: gradient.count)
        gradient_start = (gradient.start.x, gradient.start.y)
        gradient_delta = (gradient.delta.x, gradient.delta.y)
        if let tableStart = gradient.tableStart, let table {
            self.table = table + tableStart
            return
        }
        withUnsafeMutableBytes(of: &locations) { raw in
            for i in 0..<GradientPaint.inlineStopCapacity {
                raw.storeBytes(of: gradient.locations[i], toByteOffset: i * 4, as: Float.self)
            }
        }
        withUnsafeMutableBytes(of: &colors) { raw in
            for i in 0..<GradientPaint.inlineStopCapacity {
                let color = gradient.color(i)
                for lane in 0..<4 { raw.storeBytes(of: color[lane], toByteOffset: (i * 4 + lane) * 4, as: Float.self) }
            }
        }
    }

    private static func tuple(_ v: SIMD4<Float>) -> (Float, Float, Float, Float) { (v.x, v.y, v.z, v.w) }
}
