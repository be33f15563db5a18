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
// computes it (the CPU backend uses that): analytic shapes get their local
// bounding box plus half the stroke and a 2 px antialiasing margin; glyphs
// their local quad; polygon bands and composites a device rectangle.
void main() {
    float a = a_transform.x, b = a_transform.y, c = a_transform.z, d = a_transform.w;
    float invDet = 1.0 / (a * d - b * c);
    v_inverse = vec4(d * invDet, -b * invDet, -c * invDet, a * invDet);

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
            // Smallest singular value of the linear part: one device pixel is at
            // most 1/sigmaMin local units, so the margin is 2 px in every direction.
            float s = a * a + b * b + c * c + d * d;
            float det = abs(a * d - b * c);
            float sigmaMin = sqrt(max(0.5 * (s - sqrt(max(s * s - 4.0 * det * det, 0.0))), 0.0));
            float margin = 2.0 / max(sigmaMin, 1e-6);
            center = a_shape.xy;
            // A mitred star's joins reach shapeExtra.w half widths from its vertices.
            float strokeReach = kind == LFX_KIND_STAR ? max(a_shapeExtra.w, 1.0) : 1.0;
            extent = (kind == LFX_KIND_STAR ? vec2(a_shape.z) : a_shape.zw) + vec2(0.5 * a_translation.w * strokeReach + margin);
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
