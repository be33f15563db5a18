#version 300 es
// Signed-distance shading of one LayerFX primitive: polygon bands, images
// and offscreen layers here, analytic shapes, glyphs, paints and clips in
// primitive-shading.glsl (which tiles.comp.glsl shares). The CPU kernels in
// Sources/CLayerFXRaster (shape.c, path.c, glyph.c, image.c) are the same math in C,
// operation for operation; change both together.
precision highp float;
precision highp int;

// The display list's constants (LFX_KIND_*, LFX_PAINT_*, LFX_MASK_*,
// LFX_WINDING_*, LFX_INLINE_STOPS, LFX_EDGE_ROW_LENGTH) are defined after the #version line
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
// (RGBA32F); the offscreen layer being composited and its mask (RGBA8, as
// large as the layer's rectangle); the image an image primitive shows
// (RGBA8, premultiplied). The glyph atlas is primitive-shading.glsl's.
uniform highp sampler2D u_edges;
uniform highp sampler2D u_layer;
uniform highp sampler2D u_mask;
uniform highp sampler2D u_image;
// The composited layer's rectangle in device pixels (x0, y0, x1, y1); its
// first pixel is the layer's texel (0, 0).
uniform vec4 u_layerRect;

out vec4 fragColor;

// Window position of the frame's first pixel: (0, 0) in LayerFX's own target,
// the rectangle's corner when drawing into a host's framebuffer, minus the
// layer's corner when drawing into an offscreen layer.
uniform vec2 u_origin;

#include "primitive-shading.glsl"

vec4 pathEdge(int index) {
    return texelFetch(u_edges, ivec2(index % LFX_EDGE_ROW_LENGTH, index / LFX_EDGE_ROW_LENGTH), 0);
}

// Below this horizontal extent (pixels) an edge's part in a row is taken as
// vertical: its share is the clamp at its middle.
const float AREA_VERTICAL = 1.0 / float(LFX_PATH_VERTICAL_DIVISOR);

// Coverage of a polygon piece at the pixel whose centre is p: the exact area
// of the pixel the polygon covers. Each edge adds, with its direction's sign,
// the part of the pixel left of it in the rows it spans (as a ray towards +x
// counts a winding number): the mean of clamp(u, 0, 1) over its part in the
// pixel's row, u measured from the pixel's left side. An edge right of the
// whole pixel that spans its whole row adds to the winding number (an
// integer), the others to the area. Where windings of one sign overlap the
// sum is clamped to 1 (nonzero) or folded (even-odd).
float pathCoverage(vec2 p) {
    int first = int(v_shapeExtra.x);
    int count = int(v_shapeExtra.y);
    int winding = int(v_translation.w);
    vec2 pixel = p - 0.5;
    float area = 0.0;
    for (int i = 0; i < count; i++) {
        vec4 e = pathEdge(first + i);
        float top = min(e.y, e.w), bottom = max(e.y, e.w);
        float ya = max(top, pixel.y), yb = min(bottom, pixel.y + 1.0);
        float h = yb - ya;
        if (!(h > 0.0)) continue;
        float dy = e.w - e.y, dx = e.z - e.x;
        float xl = min(e.x, e.z), xr = max(e.x, e.z);
        float xa = clamp(e.x + dx * ((ya - e.y) / dy), xl, xr);
        float xb = clamp(e.x + dx * ((yb - e.y) / dy), xl, xr);
        float left = min(xa, xb), right = max(xa, xb);
        int dir = e.w > e.y ? 1 : -1;
        float lo = left - pixel.x, hi = right - pixel.x, w = right - left;
        if (h == 1.0 && lo >= 1.0) {
            winding += dir;
            continue;
        }
        float share;
        if (hi <= 0.0) {
            share = 0.0;
        } else if (lo >= 1.0) {
            share = 1.0;
        } else if (w < AREA_VERTICAL) {
            share = clamp((lo + hi) * 0.5, 0.0, 1.0);
        } else {
            float a = clamp(lo, 0.0, 1.0), b = clamp(hi, 0.0, 1.0);
            share = ((b - a) * (a + b) * 0.5 + max(hi - max(lo, 1.0), 0.0)) * (1.0 / w);
        }
        area += float(dir) * h * share;
    }
    float total = abs(float(winding) + area);
    if (int(v_shapeExtra.w) != LFX_WINDING_EVEN_ODD) return min(total, 1.0);
    total -= 2.0 * floor(total * 0.5);
    return total > 1.0 ? 2.0 - total : total;
}

// A composite's mask mode (LFX_MASK_*) from its shapeExtra.x, read as
// MaskCoverage(compositeValue:) in Sources/LayerFXPrimitives reads it: none
// for 0.5 or less (and NaN), otherwise truncated into the modes' range.
int compositeMask(float x) {
    return x > 0.5 ? int(clamp(x, float(LFX_MASK_ALPHA), float(LFX_MASK_LUMINANCE_INVERTED))) : LFX_MASK_NONE;
}

// A polygon band's premultiplied paint at device point `device`: its solid
// fill, or its gradient at the local point its inverse maps `device` to
// (fill_paint8 in Sources/CLayerFXRaster/shape_math.h).
vec4 pathPaint(Primitive s, vec2 device) {
#if VARIANT_GRADIENT >= 1
    return premultiplied(gradientColor(s, localPoint(s, device)));
#elif VARIANT_GRADIENT == 0
    return premultiplied(s.fillColor);
#else
    return premultiplied(int(s.paint0.x) != LFX_PAINT_SOLID ? gradientColor(s, localPoint(s, device)) : s.fillColor);
#endif
}

// How a mask texel `m` (premultiplied RGBA8, as stored) covers its pixel in
// `mode`: the alpha, or the Rec. 709 luma of the premultiplied colour (the
// mask over black), or one minus either, from the texel's bytes in
// integers, as mask_coverage in Sources/CLayerFXRaster/mask_coverage.h.
float maskCoverage(vec4 m, int mode) {
    if (mode == LFX_MASK_ALPHA) return m.a;
    uvec4 b = uvec4(round(m * 255.0));
    if (mode == LFX_MASK_ALPHA_INVERTED) return float(255u - b.a) / 255.0;
    float luma = float(b.r * 2126u + b.g * 7152u + b.b * 722u);
    return mode == LFX_MASK_LUMINANCE ? luma / 2550000.0 : (2550000.0 - luma) / 2550000.0;
}

// The image's premultiplied colour at local point p: the texel coordinates
// (p − origin) · texels per unit, less half a texel, clamped to the texel
// centres, and the four texels around them blended by the distances to them
// (texelFetch and highp arithmetic: hardware bilinear weights have 8 bits).
vec4 imageSample(vec2 p) {
    ivec2 size = textureSize(u_image, 0);
    vec2 f = clamp((p - v_paint2.xy) * v_paint2.zw - 0.5, vec2(0.0), vec2(size - 1));
    vec2 cell = floor(f);
    vec2 w = f - cell;
    ivec2 c = ivec2(cell);
    ivec2 c1 = min(c + 1, size - 1);
    vec4 top = texelFetch(u_image, c, 0) * (1.0 - w.x) + texelFetch(u_image, ivec2(c1.x, c.y), 0) * w.x;
    vec4 bottom = texelFetch(u_image, ivec2(c.x, c1.y), 0) * (1.0 - w.x) + texelFetch(u_image, c1, 0) * w.x;
    return top * (1.0 - w.y) + bottom * w.y;
}

// An image primitive's colour at local point p, before its opacity and
// clips: its rectangle's coverage, as a rounded rectangle's fill of radius 0
// (shapeColor), times the image times the tint.
vec4 imageColor(Primitive s, vec2 p) {
    vec2 toOutline = deviceDistance(s, roundedRectSDF(p, s.shape.xy, s.shape.zw, 0.0));
    float coverage = fillCoverage(toOutline.x, toOutline.y, min(s.shape.z, s.shape.w), max(s.shape.z, s.shape.w));
    return imageSample(p) * premultiplied(s.fillColor) * coverage;
}

void main() {
    vec2 device = gl_FragCoord.xy - u_origin;
    int kind = VARIANT_KIND >= 0 ? VARIANT_KIND : int(v_translation.z);
    Primitive s = Primitive(v_inverse, v_translation, v_shape, v_shapeExtra, v_fillColor, v_strokeColor,
                            v_clip0Linear, v_clip0Offset, v_clip1Linear, v_clip1Offset, v_clipRadii,
                            v_paint0, v_paint1, v_paint2, v_stops0, v_stops1);
    vec4 color;
    if (kind == LFX_KIND_PATH) {
        color = pathPaint(s, device) * pathCoverage(device);
    } else if (kind == LFX_KIND_COMPOSITE) {
        // The layer's texel (0, 0) is its rectangle's first device pixel; outside it the layer is clear.
        bool inside = all(greaterThanEqual(device, u_layerRect.xy)) && all(lessThan(device, u_layerRect.zw));
        ivec2 pixel = ivec2(device - u_layerRect.xy);
        color = inside ? texelFetch(u_layer, pixel, 0) : vec4(0.0);
        int mask = compositeMask(v_shapeExtra.x);
        if (inside && mask != LFX_MASK_NONE) color *= maskCoverage(texelFetch(u_mask, pixel, 0), mask);
    } else {
        vec2 p = localPoint(s, device);
        if (kind == LFX_KIND_GLYPH) {
            color = premultiplied(v_fillColor) * glyphCoverage(s, p);
        } else if (kind == LFX_KIND_IMAGE) {
            color = imageColor(s, p);
        } else {
            color = shapeColor(s, p, kind);
        }
    }
    float clips = VARIANT_CLIPS >= 0 ? float(VARIANT_CLIPS) : v_clipRadii.z;
    fragColor = color * opacityAndClips(s, device, clips);
}
