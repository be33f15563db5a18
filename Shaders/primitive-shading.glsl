// The shading of an analytic primitive (ellipse, rounded rectangle, star)
// and of a glyph, gradient paints and clips, shared by primitive.frag.glsl
// (one primitive a fragment) and tiles.comp.glsl (a tile's list a pixel).
// The CPU kernels in Sources/CLayerFXRaster (shape_math.h, glyph_math.h)
// are the same math in C, operation for operation; change both together.
//
// VARIANT_GRADIENT, 1 for a gradient fill of inline stops, 2 for one whose
// stops are in the frame's stop table and 0 for a solid fill, lets a
// program carry no code for the others; -1, the default, reads the paint.
#ifndef VARIANT_GRADIENT
#define VARIANT_GRADIENT -1
#endif

// The frame's gradient stop table, for gradients of more than
// LFX_INLINE_STOPS stops: stop i is texel (i % LFX_STOP_ROW_LENGTH,
// i / LFX_STOP_ROW_LENGTH), (its location's float bits, its RGBA8 colour);
// the first u_stopCount texels are the frame's.
uniform highp usampler2D u_stops;
uniform int u_stopCount;

// One primitive: PrimitiveInstance's sixteen fields in order (see
// Sources/LayerFXPrimitives/PrimitiveInstance.swift), except that `inverse`
// holds the device → local linear part (ia, ib, ic, id), the inverse of the
// instance's `transform`.
struct Primitive {
    vec4 inverse;
    vec4 translation;  // (tx, ty, kind, stroke width)
    vec4 shape;
    vec4 shapeExtra;
    vec4 fillColor;
    vec4 strokeColor;
    vec4 clip0Linear;
    vec4 clip0Offset;
    vec4 clip1Linear;
    vec4 clip1Offset;
    vec4 clipRadii;
    vec4 paint0;
    vec4 paint1;
    vec4 paint2;
    uvec4 stops0;
    uvec4 stops1;
};

const float PI = 3.14159265358979;

float sgn(float x) { return x < 0.0 ? -1.0 : 1.0; }

// Each SDF returns (distance, gradient.x, gradient.y) in local units; the
// gradient is a unit vector pointing away from the inside.
vec3 ellipseSDF(vec2 p, vec2 center, vec2 radii) {
    vec2 q = p - center;
    vec2 r2 = radii * radii;
    float k0 = length(q / radii);
    float k1 = length(q / r2);
    if (k1 <= 0.0) return vec3(-min(radii.x, radii.y), 1.0, 0.0);
    return vec3(k0 * (k0 - 1.0) / k1, (q / r2) / k1);
}

vec3 roundedRectSDF(vec2 p, vec2 center, vec2 halfSize, float radius) {
    vec2 q = p - center;
    float r = clamp(radius, 0.0, min(halfSize.x, halfSize.y));
    vec2 e = abs(q) - halfSize + r;
    vec2 o = max(e, 0.0);
    float lo = length(o);
    float d = lo + min(max(e.x, e.y), 0.0) - r;
    vec2 g;
    if (e.x > 0.0 && e.y > 0.0) {
        g = vec2(o.x * sgn(q.x), o.y * sgn(q.y)) / lo;
    } else if (e.x > e.y) {
        g = vec2(sgn(q.x), 0.0);
    } else {
        g = vec2(0.0, sgn(q.y));
    }
    return vec3(d, g);
}

// Regular star, first outer vertex pointing up (-y) before `rotation`
// (clockwise on screen). Folded into one half sector by turning the point
// back by its sector's angle, distance to the edge from the outer vertex A
// to the inner vertex B (`mitred`: to the edge's whole line, whose offsets
// meet on the sector's mirrors as mitred joins do), gradient unfolded back.
vec3 starSDF(vec2 p, vec2 center, float outerR, float innerR, float points, float rotation, bool mitred) {
    vec2 q = p - center;
    float cr = cos(rotation), sr = sin(rotation);
    vec2 v = vec2(q.x * cr + q.y * sr, -q.x * sr + q.y * cr);
    float sector = 2.0 * PI / points;
    float halfSector = 0.5 * sector;
    vec2 inner = vec2(innerR * sin(halfSector), innerR * cos(halfSector));
    float theta = atan(v.x, -v.y);
    float sectorAngle = floor(theta / sector + 0.5) * sector;
    float sm = sin(sectorAngle), cm = cos(sectorAngle);
    // rho·(sin φ, cos φ), φ the angle from the sector's middle.
    float sinPhi = v.x * cm + v.y * sm;
    vec2 f = vec2(abs(sinPhi), -v.y * cm + v.x * sm);
    vec2 A = vec2(0.0, outerR);
    vec2 e = inner - A;
    vec2 w = f - A;
    float h = dot(w, e) / dot(e, e);
    if (!mitred) h = clamp(h, 0.0, 1.0);
    vec2 diff = w - e * h;
    float dist = length(diff);
    float side = (e.x * w.y - e.y * w.x) < 0.0 ? -1.0 : 1.0;
    vec2 gf = dist > 0.0 ? diff * (side / dist) : vec2(0.0, 1.0);
    if (sinPhi < 0.0) gf.x = -gf.x;
    vec2 gv = vec2(gf.x, -gf.y);
    // The sector's turn plus the star's rotation.
    float cb = cm * cr - sm * sr, sb = sm * cr + cm * sr;
    return vec3(side * dist, gv.x * cb - gv.y * sb, gv.x * sb + gv.y * cb);
}

// Box-filtered coverage of the band [-halfWidth, halfWidth] around a line at
// distance `s` (pixels) from the pixel centre.
float bandCoverage(float s, float halfWidth) {
    return clamp(min(s + 0.5, halfWidth) - max(s - 0.5, -halfWidth), 0.0, 1.0);
}

// Coverage of a clip rounded rectangle given in clip-local space.
float clipCoverage(vec2 device, vec4 linear, vec4 offset, float radius) {
    vec2 pc = vec2(linear.x * device.x + linear.z * device.y + offset.x,
                   linear.y * device.x + linear.w * device.y + offset.y);
    vec3 sd = roundedRectSDF(pc, vec2(0.0), offset.zw, radius);
    float lc = max(length(vec2(sd.y * linear.x + sd.z * linear.y,
                               sd.y * linear.z + sd.z * linear.w)), 1e-8);
    return clamp(0.5 - sd.x / lc, 0.0, 1.0);
}

// The primitive's opacity times its clips' coverage at `device`; `clips`
// is how many it has (0...2).
float opacityAndClips(Primitive s, vec2 device, float clips) {
    float coverage = s.shapeExtra.z;
    if (clips > 0.5) coverage *= clipCoverage(device, s.clip0Linear, s.clip0Offset, s.clipRadii.x);
    if (clips > 1.5) coverage *= clipCoverage(device, s.clip1Linear, s.clip1Offset, s.clipRadii.y);
    return coverage;
}

// Gradient parameter at local point p (see PaintKind in Sources/LayerFXPrimitives).
float gradientT(Primitive s, vec2 p) {
    int paint = int(s.paint0.x);
    vec2 start = s.paint0.zw;
    vec2 d = s.paint1.xy - start;
    if (paint == LFX_PAINT_AXIAL) {
        float dd = dot(d, d);
        return dd > 0.0 ? dot(p - start, d) / dd : 0.0;
    }
    if (paint == LFX_PAINT_RADIAL) {
        vec2 r = abs(d);
        if (r.x <= 0.0 || r.y <= 0.0) return 1.0;
        return length((p - start) / r);
    }
    float turns = (atan(p.y - start.y, p.x - start.x) - atan(d.y, d.x)) / (2.0 * PI);
    return turns - floor(turns);
}

// RGBA8 with red in the low byte (unpackUnorm4x8 is GLSL ES 3.10, so by
// hand; needs `precision highp int`, mediump uints may be 16 bits).
vec4 unpackColor(uint bits) {
    return vec4(uvec4(bits, bits >> 8u, bits >> 16u, bits >> 24u) & 255u) / 255.0;
}

float stopLocation(Primitive s, int i) { return i < 2 ? s.paint1[2 + i] : s.paint2[i - 2]; }
vec4 stopColor(Primitive s, int i) { return unpackColor(i < 4 ? s.stops0[i] : s.stops1[i - 4]); }

// Straight-alpha colour of a gradient of inline stops at parameter t: end
// colours extend, stops interpolate linearly.
vec4 inlineGradientColor(Primitive s, float t) {
    int n = int(s.paint0.y);
    vec4 result = stopColor(s, n - 1);
    if (t <= stopLocation(s, 0)) {
        result = stopColor(s, 0);
    } else {
        for (int i = 1; i < LFX_INLINE_STOPS; i++) {
            if (i >= n) break;
            float hi = stopLocation(s, i);
            if (t <= hi) {
                float lo = stopLocation(s, i - 1);
                float u = hi > lo ? (t - lo) / (hi - lo) : 1.0;
                result = stopColor(s, i - 1) * (1.0 - u) + stopColor(s, i) * u;
                break;
            }
        }
    }
    return result;
}

uvec2 tableStop(uint i) {
    return texelFetch(u_stops, ivec2(int(i % uint(LFX_STOP_ROW_LENGTH)), int(i / uint(LFX_STOP_ROW_LENGTH))), 0).xy;
}

// The same for a gradient whose count stops (at most 2^24) start at table
// entry stops0.x: the first stop at or past t found by bisection (the
// locations never decrease, so it is the one the loop above would find).
// A range outside the table (a malformed frame) paints nothing.
// table_gradient_color in Sources/CLayerFXRaster/shape_math.h.
vec4 tableGradientColor(Primitive s, float t) {
    uint first = s.stops0.x;
    int n = int(min(s.paint0.y, 16777216.0));
    if (n > u_stopCount || first > uint(u_stopCount - n)) return vec4(0.0);
    uvec2 stop = tableStop(first);
    if (t <= uintBitsToFloat(stop.x)) return unpackColor(stop.y);
    int lo = 1, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (t <= uintBitsToFloat(tableStop(first + uint(mid)).x)) hi = mid; else lo = mid + 1;
    }
    if (lo == n) return unpackColor(tableStop(first + uint(n - 1)).y);
    uvec2 below = tableStop(first + uint(lo - 1)), above = tableStop(first + uint(lo));
    float a = uintBitsToFloat(below.x), b = uintBitsToFloat(above.x);
    float u = b > a ? (t - a) / (b - a) : 1.0;
    return unpackColor(below.y) * (1.0 - u) + unpackColor(above.y) * u;
}

// Straight-alpha gradient colour at p.
vec4 gradientColor(Primitive s, vec2 p) {
    float t = gradientT(s, p);
#if VARIANT_GRADIENT == 1
    return inlineGradientColor(s, t);
#elif VARIANT_GRADIENT == 2
    return tableGradientColor(s, t);
#else
    return s.paint0.y > float(LFX_INLINE_STOPS) ? tableGradientColor(s, t) : inlineGradientColor(s, t);
#endif
}

vec4 premultiplied(vec4 c) { return vec4(c.rgb * c.a, c.a); }

// An analytic shape's signed distance sd (local units, with its gradient;
// negative inside) in device pixels, and the local units per device pixel
// along the gradient: (d, lg).
vec2 deviceDistance(Primitive s, vec3 sd) {
    vec4 inverse = s.inverse;
    float lg = max(length(vec2(sd.y * inverse.x + sd.z * inverse.y,
                               sd.y * inverse.z + sd.z * inverse.w)), 1e-8);
    return vec2(sd.x / lg, lg);
}

// The coverage of a shape's fill at device distance d from its outline
// (lg local units a pixel): half its least extent hMin as a band's half
// width, faded where its greatest extent hMax is under a pixel.
float fillCoverage(float d, float lg, float hMin, float hMax) {
    float fillHalf = hMin / lg;
    return bandCoverage(max(fillHalf + d, 0.0), fillHalf) * min(1.0, 2.0 * hMax / lg);
}

// The premultiplied colour of an analytic shape (ellipse, rounded rectangle,
// star) at local point p: fill (solid or gradient) under stroke.
vec4 shapeColor(Primitive s, vec2 p, int kind) {
    vec3 sd;
    float hMin, hMax;
    if (kind == LFX_KIND_ELLIPSE) {
        sd = ellipseSDF(p, s.shape.xy, s.shape.zw);
        hMin = min(s.shape.z, s.shape.w); hMax = max(s.shape.z, s.shape.w);
    } else if (kind == LFX_KIND_ROUNDED_RECT) {
        sd = roundedRectSDF(p, s.shape.xy, s.shape.zw, s.shapeExtra.x);
        hMin = min(s.shape.z, s.shape.w); hMax = max(s.shape.z, s.shape.w);
    } else {
        sd = starSDF(p, s.shape.xy, s.shape.z, s.shape.w, s.shapeExtra.x, s.shapeExtra.y, s.shapeExtra.w > 0.0);
        hMin = s.shape.w; hMax = s.shape.z;
    }
    vec2 toOutline = deviceDistance(s, sd);
    float d = toOutline.x, lg = toOutline.y;
    float fillCov = fillCoverage(d, lg, hMin, hMax);
    float strokeCov = bandCoverage(abs(d), 0.5 * s.translation.w / lg);

#if VARIANT_GRADIENT >= 1
    vec4 paint = gradientColor(s, p);
#elif VARIANT_GRADIENT == 0
    vec4 paint = s.fillColor;
#else
    vec4 paint = int(s.paint0.x) != LFX_PAINT_SOLID ? gradientColor(s, p) : s.fillColor;
#endif
    vec4 fill = premultiplied(paint) * fillCov;
    vec4 stroke = premultiplied(s.strokeColor) * strokeCov;
    return stroke + fill * (1.0 - stroke.a);
}

// The glyph atlas (one signed distance a texel) and its decoding:
// distance in texels = (value − u_atlasDecode.x) · u_atlasDecode.y.
uniform highp sampler2D u_atlas;
uniform vec2 u_atlasDecode;

float atlasTexel(ivec2 c, ivec2 size) {
    return texelFetch(u_atlas, clamp(c, ivec2(0), size - 1), 0).r;
}

// Coverage of glyph s at local point p: its distance field sampled
// bilinearly between texel centres, in device pixels, clamp(0.5 + d).
float glyphCoverage(Primitive s, vec2 p) {
    float texelsPerUnit = s.shapeExtra.w;
    vec2 uv = s.shapeExtra.xy + (p - s.shape.xy) * texelsPerUnit;
    vec2 uvEnd = s.shapeExtra.xy + (s.shape.zw - s.shape.xy) * texelsPerUnit;
    if (uv.x < s.shapeExtra.x || uv.y < s.shapeExtra.y || uv.x > uvEnd.x || uv.y > uvEnd.y) return 0.0;
    vec2 f = uv - 0.5;
    vec2 cell = floor(f);
    vec2 w = f - cell;
    ivec2 c = ivec2(cell);
    ivec2 size = textureSize(u_atlas, 0);
    float top = atlasTexel(c, size) * (1.0 - w.x) + atlasTexel(c + ivec2(1, 0), size) * w.x;
    float bottom = atlasTexel(c + ivec2(0, 1), size) * (1.0 - w.x) + atlasTexel(c + ivec2(1, 1), size) * w.x;
    float v = top * (1.0 - w.y) + bottom * w.y;
    float texels = (v - u_atlasDecode.x) * u_atlasDecode.y;
    // Device pixels per local unit (the transform's area scale), per texel.
    float pixelsPerTexel = inversesqrt(abs(s.inverse.x * s.inverse.w - s.inverse.y * s.inverse.z)) / texelsPerUnit;
    return clamp(0.5 + texels * pixelsPerTexel, 0.0, 1.0);
}

// The local point of device point `device` (a pixel centre).
vec2 localPoint(Primitive s, vec2 device) {
    vec2 t = device - s.translation.xy;
    return vec2(s.inverse.x * t.x + s.inverse.z * t.y, s.inverse.y * t.x + s.inverse.w * t.y);
}
