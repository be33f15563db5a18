import LayerFXCore
import LayerFXPrimitives

/// A rounded-rectangle clip from a `masksToBounds` layer, kept as the map from
/// device pixels to the clip's centred local space.
struct Clip {
    var deviceToClip: AffineTransform
    var halfWidth: Double
    var halfHeight: Double
    var radius: Double

    /// A sharp clip whose edges are parallel to the device axes.
    var isAxisAlignedRect: Bool {
        radius <= 0 && deviceToClip.b == 0 && deviceToClip.c == 0
    }
}

/// The clips in force at a point of the tree walk, innermost last. A
/// primitive carries at most two clips; sharp axis-aligned rectangles are
/// intersected into one. A deeper clip does not fit: the tree walk then draws
/// the subtree into an offscreen layer, starting a new stack inside it, and
/// the layer's composite carries the outer clips.
struct ClipStack {
    /// Most clips one primitive carries.
    static let capacity = 2

    private(set) var clips: [Clip] = []

    init() {}

    /// A stack holding `clip` alone.
    init(_ clip: Clip) { clips = [clip] }

    /// This stack with `clip` added, or nil when it would hold more than ``capacity``.
    func pushing(_ clip: Clip) -> ClipStack? {
        var result = self
        var merged = clip
        if merged.isAxisAlignedRect, let index = result.clips.lastIndex(where: \.isAxisAlignedRect) {
            merged = Self.intersect(result.clips[index], merged)
            result.clips.remove(at: index)
        }
        result.clips.append(merged)
        return result.clips.count <= Self.capacity ? result : nil
    }

    /// Writes the clips into the instance's clip fields.
    func apply(to instance: inout PrimitiveInstance) {
        var radii = SIMD4<Float>(0, 0, Float(clips.count), 0)
        for (index, clip) in clips.enumerated() {
            let m = clip.deviceToClip
            let linear = SIMD4<Float>(Float(m.a), Float(m.b), Float(m.c), Float(m.d))
            // Half sizes beyond 1e30 clip nothing more than 1e30 does, and stay finite in single precision.
            let offset = SIMD4<Float>(Float(m.tx), Float(m.ty), Float(min(clip.halfWidth, 1e30)),
                                      Float(min(clip.halfHeight, 1e30)))
            let radius = Float(min(clip.radius, clip.halfWidth, clip.halfHeight, 1e30))
            if index == 0 {
                instance.clip0Linear = linear; instance.clip0Offset = offset; radii.x = radius
            } else {
                instance.clip1Linear = linear; instance.clip1Offset = offset; radii.y = radius
            }
        }
        instance.clipRadii = radii
    }

    /// Whether some clip has no area left (everything inside it is invisible).
    var isEmpty: Bool { clips.contains { $0.halfWidth <= 0 || $0.halfHeight <= 0 } }

    /// Two sharp axis-aligned clips → their intersection, in device space.
    private static func intersect(_ a: Clip, _ b: Clip) -> Clip {
        func deviceRect(_ c: Clip) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
            // device = (clip − t) / scale on each axis
            let m = c.deviceToClip
            let xa = (-c.halfWidth - m.tx) / m.a, xb = (c.halfWidth - m.tx) / m.a
            let ya = (-c.halfHeight - m.ty) / m.d, yb = (c.halfHeight - m.ty) / m.d
            return (min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb))
        }
        let ra = deviceRect(a), rb = deviceRect(b)
        let x0 = max(ra.x0, rb.x0), y0 = max(ra.y0, rb.y0)
        let x1 = max(min(ra.x1, rb.x1), x0), y1 = max(min(ra.y1, rb.y1), y0)
        return Clip(deviceToClip: .translation(-(x0 + x1) / 2, -(y0 + y1) / 2),
                    halfWidth: (x1 - x0) / 2, halfHeight: (y1 - y0) / 2, radius: 0)
    }
}
