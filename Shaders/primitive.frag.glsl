#version 300 es
// Signed-distance shading of one LayerFX primitive. The CPU kernels in
// Sources/CLayerFXRaster (shape.c, path.c, glyph.c) are the same math in C,
// operation for operation; change both together.
precision highp float;
precision highp int;

// The display list's constants (LFX_KIND_*, LFX_PAINT_*, LFX_WINDING_*,
// LFX_MAX_STOPS, LFX_EDGE_ROW_LENGTH) are defined after the #version line
// from Sources/CLayerFXLayout/include/lfx_layout.h by the shader build.
//
// Program variants (the renderer compiles one per kind of primitive it
// draws, with these defined after the #version line too, so that a program
// carries no code for what it never draws): VARIANT_KIND, the ShapeKind raw
// value; VARIANT_CLIPS, how many clips (0...2); VARIANT_GRADIENT, 1 for a gradient
// fill. -1, the default, reads the value from the instance.
#ifndef VARIANT_KIND
#define VARIANT_KIND -1
#endif
#ifndef VARIANT_CLIPS
#define VARIANT_CLIPS -1
#endif
#ifndef VARIANT_GRADIENT
#define VARIANT_GRADIENT -1
#endif

flat in vec4 v_inverse;
flat in vec4 v_translation;
flat in vec4 v_shape;
flat in vec4 v_shapeExtra;
flat in vec4 v_fillColor;
flat in vec4 v_strokeColor;
flat in vec4 v_clip0Linear;
flat in vec4 v_clip0Offset;
flat in vec4 v_clip1Linear;
flat in vec4 v_clip1Offset;
flat in vec4 v_clipRadii;
flat in vec4 v_paint0;
flat in vec4 v_paint1;
flat in vec4 v_paint2;
flat in uvec4 v_stops0;
flat in uvec4 v_stops1;

// Polygon edges (x0, y0, x1, y1) in device pixels, LFX_EDGE_ROW_LENGTH per row
// (RGBA32F); the glyph atlas (R8); the offscreen layer being composited and
// its mask (RGBA8, as large as the layer's rectangle).
uniform highp sampler2D u_edges;
uniform highp sampler2D u_atlas;
uniform highp sampler2D u_layer;
uniform highp sampler2D u_mask;
// (edge value, distance range) of the glyph atlas.
uniform vec2 u_atlasDecode;
// The composited layer's rectangle in device pixels (x0, y0, x1, y1); its
// first pixel is the layer's texel (0, 0).
uniform vec4 u_layerRect;

out vec4 fragColor;

// Window position of the frame's first pixel: (0, 0) in LayerFX's own target,
// the rectangle's corner when drawing into a host's framebuffer, minus the
// layer's corner when drawing into an offscreen layer.
uniform vec2 u_origin;

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

// Gradient parameter at local point p (see PaintKind in Sources/LayerFXPrimitives).
float gradientT(vec2 p) {
    int paint = int(v_paint0.x);
    vec2 s = v_paint0.zw;
    vec2 d = v_paint1.xy - s;
    if (paint == LFX_PAINT_AXIAL) {
        float dd = dot(d, d);
        return dd > 0.0 ? dot(p - s, d) / dd : 0.0;
    }
    if (paint == LFX_PAINT_RADIAL) {
        vec2 r = abs(d);
        if (r.x <= 0.0 || r.y <= 0.0) return 1.0;
        return length((p - s) / r);
    }
    float turns = (atan(p.y - s.y, p.x - s.x) - atan(d.y, d.x)) / (2.0 * PI);
    return turns - floor(turns);
}

float stopLocation(int i) { return i < 2 ? v_paint1[2 + i] : v_paint2[i - 2]; }
// RGBA8 with red in the low byte (unpackUnorm4x8 is GLSL ES 3.10, so by
// hand; needs `precision highp int`, mediump uints may be 16 bits).
vec4 stopColor(int i) {
    uint bits = i < 4 ? v_stops0[i] : v_stops1[i - 4];
    return vec4(uvec4(bits, bits >> 8u, bits >> 16u, bits >> 24u) & 255u) / 255.0;
}

// Straight-alpha gradient colour at p: end colours extend, stops interpolate
// linearly.
vec4 gradientColor(vec2 p) {
    int n = int(v_paint0.y);
    float t = gradientT(p);
    vec4 result = stopColor(n - 1);
    if (t <= stopLocation(0)) {
        result = stopColor(0);
    } else {
        for (int i = 1; i < LFX_MAX_STOPS; i++) {
            if (i >= n) break;
            float hi = stopLocation(i);
            if (t <= hi) {
                float lo = stopLocation(i - 1);
                float u = hi > lo ? (t - lo) / (hi - lo) : 1.0;
                result = stopColor(i - 1) * (1.0 - u) + stopColor(i) * u;
                break;
            }
        }
    }
    return result;
}

bool insideByRule(int winding) {
    return int(v_shapeExtra.w) == LFX_WINDING_EVEN_ODD ? (winding & 1) != 0 : winding != 0;
}

vec4 pathEdge(int index) {
    return texelFetch(u_edges, ivec2(index % LFX_EDGE_ROW_LENGTH, index / LFX_EDGE_ROW_LENGTH), 0);
}

// The winding number of a polygon piece at point q: its winding offset plus
// a ray towards +x crossing its edges.
int windingAt(vec2 q) {
    int first = int(v_shapeExtra.x);
    int count = int(v_shapeExtra.y);
    int winding = int(v_translation.w);
    for (int i = 0; i < count; i++) {
        vec4 e = pathEdge(first + i);
        if ((e.y <= q.y) != (e.w <= q.y)) {
            float x = e.x + (q.y - e.y) / (e.w - e.y) * (e.z - e.x);
            if (x > q.x) winding += e.w > e.y ? 1 : -1;
        }
    }
    return winding;
}

// Coverage of a polygon piece at device point p: the winding number decides
// inside, the distance to the outline gives the antialiasing, clamp(0.5 ± d).
// The outline is the nearest point, among the nearest points of the
// NEAREST_EDGES closest edges, just past which the winding number puts the
// other side of the fill rule: inner edges of overlapping stroke pieces,
// edges laid back to back and slivers thinner than a pixel do not count.
// Past those candidates the outline is taken to be at the last one's
// distance; pixels half a pixel or more from every edge need no candidate.
const int NEAREST_EDGES = 4;
const float PROBE = 1e-3;

float pathCoverage(vec2 p) {
    int first = int(v_shapeExtra.x);
    int count = int(v_shapeExtra.y);
    int winding = int(v_translation.w);
    float nearDistance[NEAREST_EDGES];
    vec2 nearPoint[NEAREST_EDGES];
    vec2 nearNormal[NEAREST_EDGES];
    for (int k = 0; k < NEAREST_EDGES; k++) { nearDistance[k] = 1e30; nearPoint[k] = p; nearNormal[k] = vec2(0.0); }
    for (int i = 0; i < count; i++) {
        vec4 e = pathEdge(first + i);
        vec2 a = e.xy;
        vec2 ab = e.zw - e.xy;
        vec2 ap = p - a;
        float abLength2 = ab.x * ab.x + ab.y * ab.y;
        float h = clamp((ap.x * ab.x + ap.y * ab.y) / abLength2, 0.0, 1.0);
        vec2 off = ap - ab * h;
        float dist = sqrt(off.x * off.x + off.y * off.y);
        if ((a.y <= p.y) != (e.w <= p.y)) {
            float x = a.x + (p.y - a.y) / ab.y * ab.x;
            if (x > p.x) winding += ab.y > 0.0 ? 1 : -1;
        }
        if (dist < nearDistance[NEAREST_EDGES - 1]) {
            int k = NEAREST_EDGES - 1;
            while (k > 0 && nearDistance[k - 1] > dist) {
                nearDistance[k] = nearDistance[k - 1];
                nearPoint[k] = nearPoint[k - 1];
                nearNormal[k] = nearNormal[k - 1];
                k--;
            }
            nearDistance[k] = dist;
            nearPoint[k] = a + ab * h;
            nearNormal[k] = vec2(-ab.y, ab.x) / sqrt(abLength2);
        }
    }
    bool inside = insideByRule(winding);
    if (nearDistance[0] >= 0.5) return inside ? 1.0 : 0.0;
    float d = nearDistance[NEAREST_EDGES - 1];
    for (int k = 0; k < NEAREST_EDGES; k++) {
        if (nearDistance[k] >= 0.5) { d = nearDistance[k]; break; }
        bool across;
        if (nearDistance[k] > PROBE) {
            // Just past the nearest point, seen from p.
            vec2 beyond = nearPoint[k] + (nearPoint[k] - p) * (PROBE / nearDistance[k]);
            across = insideByRule(windingAt(beyond)) != inside;
        } else {
            // p lies on the edge: an outline when its two sides differ.
            vec2 n = nearNormal[k] * PROBE;
            across = insideByRule(windingAt(nearPoint[k] + n)) != insideByRule(windingAt(nearPoint[k] - n));
        }
        if (across) {
            d = nearDistance[k];
            break;
        }
    }
    return inside ? clamp(0.5 + d, 0.0, 1.0) : clamp(0.5 - d, 0.0, 1.0);
}

float atlasTexel(ivec2 c, ivec2 size) {
    return texelFetch(u_atlas, clamp(c, ivec2(0), size - 1), 0).r;
}

// Coverage of a glyph at local point p: its distance field sampled
// bilinearly between texel centres, in device pixels, clamp(0.5 + d).
float glyphCoverage(vec2 p) {
    float texelsPerUnit = v_shapeExtra.w;
    vec2 uv = v_shapeExtra.xy + (p - v_shape.xy) * texelsPerUnit;
    vec2 uvEnd = v_shapeExtra.xy + (v_shape.zw - v_shape.xy) * texelsPerUnit;
    if (uv.x < v_shapeExtra.x || uv.y < v_shapeExtra.y || uv.x > uvEnd.x || uv.y > uvEnd.y) return 0.0;
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
    float pixelsPerTexel = inversesqrt(abs(v_inverse.x * v_inverse.w - v_inverse.y * v_inverse.z)) / texelsPerUnit;
    return clamp(0.5 + texels * pixelsPerTexel, 0.0, 1.0);
}

vec4 premultiplied(vec4 c) { return vec4(c.rgb * c.a, c.a); }

// The premultiplied colour of an analytic shape (ellipse, rounded rectangle,
// star) at local point p: fill (solid or gradient) under stroke.
vec4 shapeColor(vec2 p, int kind) {
    vec3 sd;
    float hMin, hMax;
    if (kind == LFX_KIND_ELLIPSE) {
        sd = ellipseSDF(p, v_shape.xy, v_shape.zw);
        hMin = min(v_shape.z, v_shape.w); hMax = max(v_shape.z, v_shape.w);
    } else if (kind == LFX_KIND_ROUNDED_RECT) {
        sd = roundedRectSDF(p, v_shape.xy, v_shape.zw, v_shapeExtra.x);
        hMin = min(v_shape.z, v_shape.w); hMax = max(v_shape.z, v_shape.w);
    } else {
        sd = starSDF(p, v_shape.xy, v_shape.z, v_shape.w, v_shapeExtra.x, v_shapeExtra.y, v_shapeExtra.w > 0.0);
        hMin = v_shape.w; hMax = v_shape.z;
    }
    // Local units per device pixel along the gradient.
    float lg = max(length(vec2(sd.y * v_inverse.x + sd.z * v_inverse.y,
                               sd.y * v_inverse.z + sd.z * v_inverse.w)), 1e-8);
    float d = sd.x / lg;

    float fillHalf = hMin / lg;
    float fillCov = bandCoverage(max(fillHalf + d, 0.0), fillHalf) * min(1.0, 2.0 * hMax / lg);
    float strokeCov = bandCoverage(abs(d), 0.5 * v_translation.w / lg);

#if VARIANT_GRADIENT == 1
    vec4 paint = gradientColor(p);
#elif VARIANT_GRADIENT == 0
    vec4 paint = v_fillColor;
#else
    vec4 paint = int(v_paint0.x) != LFX_PAINT_SOLID ? gradientColor(p) : v_fillColor;
#endif
    vec4 fill = premultiplied(paint) * fillCov;
    vec4 stroke = premultiplied(v_strokeColor) * strokeCov;
    return stroke + fill * (1.0 - stroke.a);
}

void main() {
    vec2 device = gl_FragCoord.xy - u_origin;
    int kind = VARIANT_KIND >= 0 ? VARIANT_KIND : int(v_translation.z);
    vec4 color;
    if (kind == LFX_KIND_PATH) {
        color = premultiplied(v_fillColor) * pathCoverage(device);
    } else if (kind == LFX_KIND_COMPOSITE) {
        // The layer's texel (0, 0) is its rectangle's first device pixel; outside it the layer is clear.
        bool inside = all(greaterThanEqual(device, u_layerRect.xy)) && all(lessThan(device, u_layerRect.zw));
        ivec2 pixel = ivec2(device - u_layerRect.xy);
        color = inside ? texelFetch(u_layer, pixel, 0) : vec4(0.0);
        if (inside && v_shapeExtra.x > 0.5) color *= texelFetch(u_mask, pixel, 0).a;
    } else {
        vec2 t = device - v_translation.xy;
        vec2 p = vec2(v_inverse.x * t.x + v_inverse.z * t.y, v_inverse.y * t.x + v_inverse.w * t.y);
        color = kind == LFX_KIND_GLYPH ? premultiplied(v_fillColor) * glyphCoverage(p) : shapeColor(p, kind);
    }

    float coverage = v_shapeExtra.z;
    float clips = VARIANT_CLIPS >= 0 ? float(VARIANT_CLIPS) : v_clipRadii.z;
    if (clips > 0.5) coverage *= clipCoverage(device, v_clip0Linear, v_clip0Offset, v_clipRadii.x);
    if (clips > 1.5) coverage *= clipCoverage(device, v_clip1Linear, v_clip1Offset, v_clipRadii.y);
    fragColor = color * coverage;
}
