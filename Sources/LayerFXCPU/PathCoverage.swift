import LayerFXCore
import LayerFXPrimitives

/// Edges a polygon pixel examines for its outline (`NEAREST_EDGES` in the shader).
let nearestEdgeCount = 4
/// How far past an edge's nearest point the winding number is probed (`PROBE`).
let windingProbe: Float = 1e-3

/// The edges of one polygon piece and the winding its other edges add.
struct PathPiece {
    let edges: UnsafeBufferPointer<SIMD4<Float>>
    let first: Int, count: Int
    let windingOffset: Int
    let rule: WindingRule

    /// `windingAt` of the fragment shader: the offset plus a ray towards +x.
    @inline(__always)
    func windingAt(x: Float, y: Float) -> Int {
        var winding = windingOffset
        for index in first..<(first + count) {
            let e = edges[index]
            if (e.y <= y) != (e.w <= y) {
                let crossing = e.x + (y - e.y) / (e.w - e.y) * (e.z - e.x)
                if crossing > x { winding += e.w > e.y ? 1 : -1 }
            }
        }
        return winding
    }

    /// Coverage at device point (x, y): `pathCoverage` of
    /// Shaders/primitive.frag.glsl, operation for operation. The winding
    /// number decides inside; the distance to the outline (the nearest point,
    /// among the nearest points of the closest edges, just past which the
    /// fill state changes) gives the antialiasing.
    @inline(__always)
    func coverage(_ x: Float, _ y: Float) -> Float {
        var winding = windingOffset
        var nearDistance = SIMD4<Float>(repeating: 1e30)
        var nearX = SIMD4<Float>(repeating: x), nearY = SIMD4<Float>(repeating: y)
        var normalX = SIMD4<Float>(repeating: 0), normalY = SIMD4<Float>(repeating: 0)
        let last = nearestEdgeCount - 1
        for index in first..<(first + count) {
            let e = edges[index]
            let ax = e.x, ay = e.y
            let abx = e.z - e.x, aby = e.w - e.y
            let apx = x - ax, apy = y - ay
            let abLength2 = abx * abx + aby * aby
            let h = min(max((apx * abx + apy * aby) / abLength2, 0), 1)
            let ox = apx - abx * h, oy = apy - aby * h
            let dist = (ox * ox + oy * oy).squareRoot()
            if (ay <= y) != (e.w <= y) {
                let crossing = ax + (y - ay) / aby * abx
                if crossing > x { winding += aby > 0 ? 1 : -1 }
            }
            if dist < nearDistance[last] {
                var k = last
                while k > 0 && nearDistance[k - 1] > dist {
                    nearDistance[k] = nearDistance[k - 1]
                    nearX[k] = nearX[k - 1]; nearY[k] = nearY[k - 1]
                    normalX[k] = normalX[k - 1]; normalY[k] = normalY[k - 1]
                    k -= 1
                }
                let length = abLength2.squareRoot()
                nearDistance[k] = dist
                nearX[k] = ax + abx * h; nearY[k] = ay + aby * h
                normalX[k] = -aby / length; normalY[k] = abx / length
            }
        }
        let inside = rule.contains(winding: winding)
        if nearDistance[0] >= 0.5 { return inside ? 1 : 0 }
        var d = nearDistance[last]
        for k in 0..<nearestEdgeCount {
            if nearDistance[k] >= 0.5 {
                d = nearDistance[k]
                break
            }
            let across: Bool
            if nearDistance[k] > windingProbe {
                let s = windingProbe / nearDistance[k]
                let bx = nearX[k] + (nearX[k] - x) * s, by = nearY[k] + (nearY[k] - y) * s
                across = rule.contains(winding: windingAt(x: bx, y: by)) != inside
            } else {
                let nx = normalX[k] * windingProbe, ny = normalY[k] * windingProbe
                across = rule.contains(winding: windingAt(x: nearX[k] + nx, y: nearY[k] + ny))
                    != rule.contains(winding: windingAt(x: nearX[k] - nx, y: nearY[k] - ny))
            }
            if across {
                d = nearDistance[k]
                break
            }
        }
        return inside ? min(max(0.5 + d, 0), 1) : min(max(0.5 - d, 0), 1)
    }
}

/// Coverage of a glyph at local point (x, y): `glyphCoverage` of
/// Shaders/primitive.frag.glsl, operation for operation (the atlas sampled
/// bilinearly between texel centres, texels clamped to the atlas).
@inline(__always)
func glyphCoverage(_ x: Float, _ y: Float, _ primitive: PreparedPrimitive, atlas: GlyphAtlasImage,
                   texels: UnsafeBufferPointer<UInt8>) -> Float {
    let shape = primitive.shape, extra = primitive.shapeExtra, inv = primitive.inverse
    let texelsPerUnit = extra.w
    let u = extra.x + (x - shape.x) * texelsPerUnit, v = extra.y + (y - shape.y) * texelsPerUnit
    let uEnd = extra.x + (shape.z - shape.x) * texelsPerUnit, vEnd = extra.y + (shape.w - shape.y) * texelsPerUnit
    if u < extra.x || v < extra.y || u > uEnd || v > vEnd { return 0 }
    let fu = u - 0.5, fv = v - 0.5
    let cu = fu.rounded(.down), cv = fv.rounded(.down)
    let wu = fu - cu, wv = fv - cv
    // Texels are clamped to the atlas below; one past each side is as good as any further.
    let iu = min(max(Int(saturating: cu), -1), atlas.width), iv = min(max(Int(saturating: cv), -1), atlas.height)
    func texel(_ i: Int, _ j: Int) -> Float {
        let ci = min(max(i, 0), atlas.width - 1), cj = min(max(j, 0), atlas.height - 1)
        return Float(texels[cj * atlas.width + ci]) / 255
    }
    let top = texel(iu, iv) * (1 - wu) + texel(iu + 1, iv) * wu
    let bottom = texel(iu, iv + 1) * (1 - wu) + texel(iu + 1, iv + 1) * wu
    let value = top * (1 - wv) + bottom * wv
    let distance = (value - atlas.edgeValue) * atlas.distanceRange
    let pixelsPerTexel = 1 / abs(inv.x * inv.w - inv.y * inv.z).squareRoot() / texelsPerUnit
    return min(max(0.5 + distance * pixelsPerTexel, 0), 1)
}
