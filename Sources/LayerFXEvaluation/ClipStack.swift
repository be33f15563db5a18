import LayerFXCore
import LayerFXPrimitives

/// A rounded-rectangle clip from a `masksToBounds` layer, kept as the map from
/// device pixels to the clip's centred local space.
struct Clip {
    var deviceToClip: AffineTransform
    var halfWidth: Double
    var halfHeight: Double
    var radius: Double

    /// A placeholder for an unused place in a ``ClipStack``.
    static let none = Clip(deviceToClip: .identity, halfWidth: 0, halfHeight: 0, radius: 0)

    /// The clip as an instance's fields hold it: its device → clip-local
    /// linear part, (tx, ty, half width, half height) and corner radius.
    /// Half sizes beyond 1e30 clip nothing more than 1e30 does, and stay
    /// finite in single precision.
    var fields: (linear: SIMD4<Float>, offset: SIMD4<Float>, radius: Float) {
        let m = deviceToClip
        return (SIMD4(Float(m.a), Float(m.b), Float(m.c), Float(m.d)),
                SIMD4(Float(m.tx), Float(m.ty), Float(min(halfWidth, 1e30)), Float(min(halfHeight, 1e30))),
                Float(min(radius, halfWidth, halfHeight, 1e30)))
    }

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
///
/// The clips are held inline (no array), so pushing one allocates nothing.
struct ClipStack {
    /// Most clips one primitive carries.
    static let capacity = 2

    /// The clips, `first` then `second`; `count` of them are in force.
    private var first = Clip.none, second = Clip.none
    /// How many clips are in force (0…``capacity``).
    private(set) var count = 0

    init() {}

    /// A stack holding `clip` alone.
    init(_ clip: Clip) { (first, count) = (clip, 1) }

    /// The clip at `index` (0 outermost).
    private subscript(index: Int) -> Clip { index == 0 ? first : second }

    /// This stack with `clip` added, or nil when it would hold more than ``capacity``.
    func pushing(_ clip: Clip) -> ClipStack? {
        var result = self
        var merged = clip
        if merged.isAxisAlignedRect {
            // The innermost sharp axis-aligned clip takes the new one in.
            if count == 2, second.isAxisAlignedRect {
                result.second = Self.intersect(second, merged)
                return result
            }
            if count >= 1, first.isAxisAlignedRect {
                merged = Self.intersect(first, merged)
                // `first` leaves the stack; the clip after it moves down.
                (result.first, result.count) = count == 2 ? (second, 1) : (.none, 0)
            }
        }
        switch result.count {
        case 0: (result.first, result.count) = (merged, 1)
        case 1: (result.second, result.count) = (merged, 2)
        default: return nil
        }
        return result
    }

    /// Writes the clips into the instance's clip fields.
    func apply(to instance: inout PrimitiveInstance) {
        var radii = SIMD4<Float>(0, 0, Float(count), 0)
        for index in 0..<count {
            let (linear, offset, radius) = self[index].fields
            if index == 0 {
                instance.clip0Linear = linear; instance.clip0Offset = offset; radii.x = radius
            } else {
                instance.clip1Linear = linear; instance.clip1Offset = offset; radii.y = radius
            }
        }
        instance.clipRadii = radii
    }

    /// Whether some clip has no area left (everything inside it is invisible).
    var isEmpty: Bool {
        (0..<count).contains { self[$0].halfWidth <= 0 || self[$0].halfHeight <= 0 }
    }

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
