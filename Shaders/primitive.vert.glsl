#version 300 es
// Instanced quad for one LayerFX primitive. The attribute block mirrors
// `PrimitiveInstance.attributes` in Sources/LayerFXPrimitives (same names,
// same locations, same types); LayerFXRenderTests fails when they drift apart.
precision highp float;
precision highp int;

layout(location = 0) in vec4 a_transform;
layout(location = 1) in vec4 a_translation;
layout(location = 2) in vec4 a_shape;
layout(location = 3) in vec4 a_shapeExtra;
layout(location = 4) in vec4 a_fillColor;
layout(location = 5) in vec4 a_strokeColor;
layout(location = 6) in vec4 a_clip0Linear;
layout(location = 7) in vec4 a_clip0Offset;
layout(location = 8) in vec4 a_clip1Linear;
layout(location = 9) in vec4 a_clip1Offset;
layout(location = 10) in vec4 a_clipRadii;
layout(location = 11) in vec4 a_paint0;
layout(location = 12) in vec4 a_paint1;
layout(location = 13) in vec4 a_paint2;
layout(location = 14) in uvec4 a_stops0;
layout(location = 15) in uvec4 a_stops1;

uniform vec2 u_viewport;

#include "primitive-quad.glsl"

flat out vec4 v_inverse;      // device → local linear part (ia, ib, ic, id)
flat out vec4 v_translation;  // (tx, ty, kind, stroke width)
flat out vec4 v_shape;
flat out vec4 v_shapeExtra;
flat out vec4 v_fillColor;
flat out vec4 v_strokeColor;
flat out vec4 v_clip0Linear;
flat out vec4 v_clip0Offset;
flat out vec4 v_clip1Linear;
flat out vec4 v_clip1Offset;
flat out vec4 v_clipRadii;
flat out vec4 v_paint0;
flat out vec4 v_paint1;
flat out vec4 v_paint2;
flat out uvec4 v_stops0;
flat out uvec4 v_stops1;

// The quad, as `PrimitiveInstance.deviceQuad` in Sources/LayerFXPrimitives
// computes it (the CPU backend uses that): analytic shapes and images get their local
// bounding box plus half the stroke and a 2 px antialiasing margin; glyphs
// their local quad; polygon bands and composites a device rectangle.
void main() {
    float a = a_transform.x, b = a_transform.y, c = a_transform.z, d = a_transform.w;
    v_inverse = inverseLinear(a_transform);

    int kind = int(a_translation.z);
    vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 2.0 - 1.0;
    vec2 device;
    if (kind == LFX_KIND_PATH || kind == LFX_KIND_COMPOSITE) {
        device = vec2(corner.x < 0.0 ? a_shape.x : a_shape.z, corner.y < 0.0 ? a_shape.y : a_shape.w);
    } else {
        vec2 center, extent;
        if (kind == LFX_KIND_GLYPH) {
            center = (a_shape.xy + a_shape.zw) * 0.5;
            extent = (a_shape.zw - a_shape.xy) * 0.5;
        } else {
            center = a_shape.xy;
            extent = shapeQuadExtent(a_transform, a_translation, a_shape, a_shapeExtra);
        }
        vec2 local = center + corner * extent;
        device = vec2(a * local.x + c * local.y + a_translation.x,
                      b * local.x + d * local.y + a_translation.y);
    }
    // No y flip: device row 0 (top) is framebuffer row 0, so glReadPixels
    // returns rows top to bottom.
    gl_Position = vec4(device / u_viewport * 2.0 - 1.0, 0.0, 1.0);

    v_translation = a_translation;
    v_shape = a_shape;
    v_shapeExtra = a_shapeExtra;
    v_fillColor = a_fillColor;
    v_strokeColor = a_strokeColor;
    v_clip0Linear = a_clip0Linear;
    v_clip0Offset = a_clip0Offset;
    v_clip1Linear = a_clip1Linear;
    v_clip1Offset = a_clip1Offset;
    v_clipRadii = a_clipRadii;
    v_paint0 = a_paint0;
    v_paint1 = a_paint1;
    v_paint2 = a_paint2;
    v_stops0 = a_stops0;
    v_stops1 = a_stops1;
}
