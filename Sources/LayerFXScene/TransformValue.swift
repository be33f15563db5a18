#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore
import LayerFXModel

/// A layer transform: `[a, b, c, d, tx, ty]` (CGAffineTransform order) or an
/// object `{"scale": s}`, `{"scaleX": sx, "scaleY": sy}`, `{"rotation": r}`,
/// `{"translation": [x, y]}`, whose keys combine as translate · rotate · scale.
struct TransformValue: SceneValueDecodable {
    var transform: LayerTransform

    static let expected =
        "a transform [a, b, c, d, tx, ty] or an object with scale, scaleX, scaleY, rotation, translation"
    static let objectKeys = ["scale", "scaleX", "scaleY", "rotation", "translation"]

    init<V: SceneValue>(_ value: V) throws {
        if value.kind == .object {
            transform = try Self.decodeObject(value.object())
        } else {
            let n = try value.numbers(6...6, expected: Self.expected)
            transform = Self.decompose(AffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5]))
        }
    }

    private static func decodeObject<O: SceneObject>(_ object: O) throws -> LayerTransform {
        var t = LayerTransform.identity
        var sawScale = false, sawAxisScale = false
        try object.forEachMember { key, value in
            switch key.name {
            case "scale":
                if sawAxisScale { throw value.issue("use either scale or scaleX/scaleY, not both") }
                sawScale = true
                let s = try value.number()
                t.scaleX = s
                t.scaleY = s
            case "scaleX", "scaleY":
                if sawScale { throw value.issue("use either scale or scaleX/scaleY, not both") }
                sawAxisScale = true
                if key.name == "scaleX" { t.scaleX = try value.number() } else { t.scaleY = try value.number() }
            case "rotation":
                t.rotation = try value.number()
            case "translation":
                let p = try PointValue(value).point
                t.translationX = p.x
                t.translationY = p.y
            default:
                throw StrictKeys.unknownKey(key, in: object, allowed: objectKeys)
            }
        }
        return t
    }

    /// Splits a matrix into translation, rotation and scale when that
    /// reproduces it (no skew); otherwise keeps it whole in `matrix`.
    static func decompose(_ m: AffineTransform) -> LayerTransform {
        var scaleX = hypot(m.a, m.b)
        var scaleY: Double
        var rotation: Double
        if scaleX > 0 {
            // First column = scaleX·(cos θ, sin θ); second = scaleY·(−sin θ, cos θ).
            rotation = atan2(m.b, m.a)
            scaleY = -m.c * sin(rotation) + m.d * cos(rotation)
        } else {
            scaleX = 0
            scaleY = hypot(m.c, m.d)
            rotation = scaleY > 0 ? atan2(-m.c, m.d) : 0
        }
        let candidate = LayerTransform(translationX: m.tx, translationY: m.ty, rotation: rotation,
                                       scaleX: scaleX, scaleY: scaleY)
        let r = candidate.affine
        let magnitude = max(abs(m.a), abs(m.b), abs(m.c), abs(m.d), Double.leastNormalMagnitude)
        let tolerance = 1e-9 * magnitude
        let reproduces = abs(r.a - m.a) <= tolerance && abs(r.b - m.b) <= tolerance
            && abs(r.c - m.c) <= tolerance && abs(r.d - m.d) <= tolerance
            && r.tx == m.tx && r.ty == m.ty
        return reproduces ? candidate : LayerTransform(matrix: m)
    }
}
