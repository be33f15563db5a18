import LayerFXPrimitives

/// Edges a polygon pixel examines for its outline (`NEAREST_EDGES` in the shader).
let nearestEdgeCount = 4

/// Coverage of a polygon band at device point (x, y): `pathCoverage` of
/// Shaders/primitive.frag.glsl, operation for operation. The winding number
/// (a ray towards +x) decides inside; the distance to the nearest outline
/// gives the antialiasing, the outline being the nearest edge whose crossing
/// changes inside/outside once the winding changes of the edges coinciding
/// with it (same distance, parallel) are added up.
@inline(__always)
func pathCoverage(_ x: Float, _ y: Float, edges: UnsafeBufferPointer<SIMD4<Float>>,
                  first: Int, count: Int, windingOffset: Int, rule: WindingRule) -> Float {
    var winding = windingOffset
    var nearDistance = SIMD4<Float>(repeating: 1e30)
    var nearChange = SIMD4<Int32>(repeating: 0)
    var nearDirectionX = SIMD4<Float>(repeating: 0), nearDirectionY = SIMD4<Float>(repeating: 0)
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
            let change: Int32 = abx * apy - aby * apx > 0 ? -1 : 1
            let length = abLength2.squareRoot()
            var k = last
            while k > 0 && nearDistance[k - 1] > dist {
                nearDistance[k] = nearDistance[k - 1]
                nearChange[k] = nearChange[k - 1]
                nearDirectionX[k] = nearDirectionX[k - 1]; nearDirectionY[k] = nearDirectionY[k - 1]
                k -= 1
            }
            nearDistance[k] = dist
            nearChange[k] = change
            nearDirectionX[k] = abx / length; nearDirectionY[k] = aby / length
        }
    }
    let inside = rule.contains(winding: winding)
    var d = nearDistance[last]
    for k in 0..<nearestEdgeCount {
        var change = 0
        for m in 0..<nearestEdgeCount
        where abs(nearDistance[m] - nearDistance[k]) <= 1e-3
            && abs(nearDirectionX[k] * nearDirectionY[m] - nearDirectionY[k] * nearDirectionX[m]) <= 1e-3 {
            change += Int(nearChange[m])
        }
        if rule.contains(winding: winding + change) != inside {
            d = nearDistance[k]
            break
        }
    }
    return inside ? min(max(0.5 + d, 0), 1) : min(max(0.5 - d, 0), 1)
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
    let iu = Int(cu), iv = Int(cv)
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
