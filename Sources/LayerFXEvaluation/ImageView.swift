import LayerFXCore

/// An image drawn in a local space: the rectangle drawn, where texel
/// (0, 0)'s top-left corner lies and how many texels a local unit spans
/// (texel coordinates (p − origin) · texelsPerUnit), and the local → device
/// transform. What an image primitive holds, in double precision.
struct ImageView {
    var rect: Rect
    var origin: Point
    var texelsPerUnit: (x: Double, y: Double)
    var toDevice: AffineTransform

    /// Farthest a texel origin is placed: beyond it, single precision would
    /// not hold it, and the texel a frame's pixels sample is the same to a
    /// millionth of a texel wherever it lies.
    static let farthestOrigin = 1e30

    init(rect: Rect, origin: Point, texelsPerUnit: (x: Double, y: Double), toDevice: AffineTransform) {
        self.rect = rect; self.origin = origin; self.texelsPerUnit = texelsPerUnit; self.toDevice = toDevice
    }

    /// The image filling local rectangle `r` (texel (0, 0) at its origin)
    /// under `transform`, which reaches far beyond a frame of `frameWidth ×
    /// frameHeight` pixels, as the same picture described with small numbers:
    /// `r` cut to the local box around the frame grown by 2 pixels (so no
    /// cut edge comes near a pixel), in a new local space q = s·(p − c),
    /// c the local point under the frame's centre and s the square root of
    /// the transform's area scale (a unit of about a device pixel); the
    /// texel origin within ``farthestOrigin``, the texel under q = 0 kept.
    /// Nil when nothing of it can show.
    init?(cutting r: Rect, texelsPerUnit: (x: Double, y: Double), transform t: AffineTransform,
          frameWidth width: Double, frameHeight height: Double) {
        let s = abs(t.determinant).squareRoot()
        guard s.isNormal, let inverse = t.inverted else { return nil }
        let centre = Point(x: width / 2, y: height / 2)
        let local = CentredPoints(transform: t, inverse: inverse, centre: centre)
        // The grown frame's corners from the centre, in local units.
        var lo = (x: Double.infinity, y: Double.infinity), hi = (x: -Double.infinity, y: -Double.infinity)
        for (dx, dy) in [(-1.0, -1.0), (1, -1), (-1, 1), (1, 1)] {
            let x = dx * (width / 2 + 2), y = dy * (height / 2 + 2)
            let v = (x: inverse.a * x + inverse.c * y, y: inverse.b * x + inverse.d * y)
            lo = (min(lo.x, v.x), min(lo.y, v.y)); hi = (max(hi.x, v.x), max(hi.y, v.y))
        }
        // The corners as offsets from the texel origin, and each from c.
        let offsets = [(0.0, 0.0), (r.size.width, 0), (0, r.size.height), (r.size.width, r.size.height)]
        let corners = offsets.map { local.fromCentre(Point(x: r.origin.x + $0.0, y: r.origin.y + $0.1)) }
        // Each side from the corner on it nearer the frame (the farther one
        // may be 1e300 away, where the side's few pixels are lost).
        func nearer(_ i: Int, _ j: Int) -> Point { corners[i].distance <= corners[j].distance ? corners[i].point : corners[j].point }
        let x0 = max(lo.x, nearer(0, 2).x), x1 = min(hi.x, nearer(1, 3).x)
        let y0 = max(lo.y, nearer(0, 1).y), y1 = min(hi.y, nearer(2, 3).y)
        guard x0 < x1, y0 < y1, (s * (x1 - x0)).isFinite, (s * (y1 - y0)).isFinite else { return nil }
        // The texel origin from the corner nearest the frame: that corner less its offset.
        let nearest = corners.indices.min { corners[$0].distance < corners[$1].distance }!
        var origin = Point(x: s * (corners[nearest].point.x - offsets[nearest].0),
                           y: s * (corners[nearest].point.y - offsets[nearest].1))
        var perUnit = (x: texelsPerUnit.x / s, y: texelsPerUnit.y / s)
        // The texel under q = 0, −origin · texels per unit, is kept.
        if abs(origin.x) > Self.farthestOrigin {
            perUnit.x *= abs(origin.x) / Self.farthestOrigin
            origin.x = origin.x < 0 ? -Self.farthestOrigin : Self.farthestOrigin
        }
        if abs(origin.y) > Self.farthestOrigin {
            perUnit.y *= abs(origin.y) / Self.farthestOrigin
            origin.y = origin.y < 0 ? -Self.farthestOrigin : Self.farthestOrigin
        }
        self.init(rect: Rect(x: s * x0, y: s * y0, width: s * (x1 - x0), height: s * (y1 - y0)),
                  origin: origin, texelsPerUnit: perUnit,
                  toDevice: AffineTransform(a: t.a / s, b: t.b / s, c: t.c / s, d: t.d / s, tx: centre.x, ty: centre.y))
    }
}

/// Local points taken from c, the local point under a device point (the
/// frame's centre), as precisely as double precision allows.
///
/// p − c can be computed two ways: from c itself (c = the inverse transform
/// applied to the centre), which loses p's small distance to c when both
/// are huge (bounds at −1e30 placed back at 0 by a translation of 1e30); or
/// from p's device position less the centre, summed without rounding error
/// and turned back by the inverse's linear part, which loses it when the
/// device position is huge and the turn back cancels (the far corner of a
/// rotated image 1e300 long). Each coordinate takes the way whose rounding
/// bound is smaller.
private struct CentredPoints {
    let transform: AffineTransform, inverse: AffineTransform, centre: Point
    /// c, and bounds on its coordinates' rounding.
    let c: Point, cError: (x: Double, y: Double)

    init(transform: AffineTransform, inverse: AffineTransform, centre: Point) {
        self.transform = transform; self.inverse = inverse; self.centre = centre
        c = inverse.apply(centre)
        let ulp = Double.ulpOfOne
        cError = (ulp * (abs(inverse.a * centre.x) + abs(inverse.c * centre.y) + abs(inverse.tx)),
                  ulp * (abs(inverse.b * centre.x) + abs(inverse.d * centre.y) + abs(inverse.ty)))
    }

    /// p − c in local units, and p's device distance from the centre.
    func fromCentre(_ p: Point) -> (point: Point, distance: Double) {
        let t = transform, ulp = Double.ulpOfOne
        let dx = Self.exactly(t.a, p.x, t.c, p.y, t.tx, centre.x)
        let dy = Self.exactly(t.b, p.x, t.d, p.y, t.ty, centre.y)
        let viaDevice = Point(x: inverse.a * dx + inverse.c * dy, y: inverse.b * dx + inverse.d * dy)
        let deviceError = (ulp * (abs(inverse.a * dx) + abs(inverse.c * dy)),
                           ulp * (abs(inverse.b * dx) + abs(inverse.d * dy)))
        let viaC = Point(x: p.x - c.x, y: p.y - c.y)
        let cErrors = (cError.x + ulp * (abs(p.x) + abs(c.x)), cError.y + ulp * (abs(p.y) + abs(c.y)))
        return (Point(x: deviceError.0 <= cErrors.0 ? viaDevice.x : viaC.x,
                      y: deviceError.1 <= cErrors.1 ? viaDevice.y : viaC.y), abs(dx) + abs(dy))
    }

    /// a·x + b·y + t − centre, rounded once: the products' rounding
    /// recovered by fused multiply-adds and every term summed with its
    /// rounding carried along.
    private static func exactly(_ a: Double, _ x: Double, _ b: Double, _ y: Double, _ t: Double,
                                _ centre: Double) -> Double {
        let p = a * x, q = b * y
        var sum = 0.0, carried = 0.0
        for term in [p, (-p).addingProduct(a, x), q, (-q).addingProduct(b, y), t, -centre] {
            let next = sum + term, back = next - sum
            carried += (sum - (next - back)) + (term - back)
            sum = next
        }
        return sum + carried
    }
}
