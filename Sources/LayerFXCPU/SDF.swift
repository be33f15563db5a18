// Signed distance functions, operation for operation the same as
// Shaders/primitive.frag.glsl. Each returns (distance, gradient x, gradient y)
// in local units; the gradient is a unit vector pointing away from the inside.

#if canImport(Glibc)
import Glibc
#endif

@inline(__always) func sgn(_ x: Float) -> Float { x < 0 ? -1 : 1 }

@inline(__always) func length(_ x: Float, _ y: Float) -> Float { (x * x + y * y).squareRoot() }

@inline(__always)
func ellipseSDF(_ px: Float, _ py: Float, center: SIMD2<Float>, radii: SIMD2<Float>) -> SIMD3<Float> {
    let qx = px - center.x, qy = py - center.y
    let r2x = radii.x * radii.x, r2y = radii.y * radii.y
    let k0 = length(qx / radii.x, qy / radii.y)
    let k1 = length(qx / r2x, qy / r2y)
    if k1 <= 0 { return SIMD3(-min(radii.x, radii.y), 1, 0) }
    return SIMD3(k0 * (k0 - 1) / k1, (qx / r2x) / k1, (qy / r2y) / k1)
}

@inline(__always)
func roundedRectSDF(_ px: Float, _ py: Float, center: SIMD2<Float>, halfSize: SIMD2<Float>, radius: Float) -> SIMD3<Float> {
    let qx = px - center.x, qy = py - center.y
    let r = min(max(radius, 0), min(halfSize.x, halfSize.y))
    let ex = abs(qx) - halfSize.x + r, ey = abs(qy) - halfSize.y + r
    let ox = max(ex, 0), oy = max(ey, 0)
    let lo = length(ox, oy)
    let d = lo + min(max(ex, ey), 0) - r
    if ex > 0 && ey > 0 {
        return SIMD3(d, ox * sgn(qx) / lo, oy * sgn(qy) / lo)
    } else if ex > ey {
        return SIMD3(d, sgn(qx), 0)
    } else {
        return SIMD3(d, 0, sgn(qy))
    }
}

@inline(__always)
func starSDF(_ px: Float, _ py: Float, center: SIMD2<Float>, outerR: Float, innerR: Float,
             points: Float, rotation: Float) -> SIMD3<Float> {
    let qx = px - center.x, qy = py - center.y
    let cr = cosf(rotation), sr = sinf(rotation)
    let vx = qx * cr + qy * sr, vy = -qx * sr + qy * cr
    let sector = 2 * Float.pi / points
    let theta = atan2f(vx, -vy)
    let k = (theta / sector + 0.5).rounded(.down)
    let phi = theta - k * sector
    let fx = abs(phi)
    let rho = length(vx, vy)
    let fX = rho * sinf(fx), fY = rho * cosf(fx)
    let halfSector = 0.5 * sector
    let ax: Float = 0, ay = outerR
    let bx = innerR * sinf(halfSector), by = innerR * cosf(halfSector)
    let ex = bx - ax, ey = by - ay
    let wx = fX - ax, wy = fY - ay
    let h = min(max((wx * ex + wy * ey) / (ex * ex + ey * ey), 0), 1)
    let dx = wx - ex * h, dy = wy - ey * h
    let dist = length(dx, dy)
    let side: Float = (ex * wy - ey * wx) < 0 ? -1 : 1
    var gfx: Float = 0, gfy: Float = 1
    if dist > 0 { gfx = dx * (side / dist); gfy = dy * (side / dist) }
    if phi < 0 { gfx = -gfx }
    let gvx = gfx, gvy = -gfy
    let beta = k * sector + rotation
    let cb = cosf(beta), sb = sinf(beta)
    return SIMD3(side * dist, gvx * cb - gvy * sb, gvx * sb + gvy * cb)
}
