#version 300 es
// Instanced quad for one plain device circle. The attribute block mirrors
// `DeviceCircle.attributes` in Sources/LayerFXPrimitives (same names, same
// locations, same types); LayerFXRenderTests fails when they drift apart.
// Every per-circle constant is computed there, once, for both backends.
precision highp float;

layout(location = 0) in vec4 a_geometry;  // (centre x, centre y, R, R + 0.5), device px
layout(location = 1) in vec4 a_ring;      // (h + 0.5, 2h, ring alpha, reach R + h + 0.5)
layout(location = 2) in vec4 a_fill;      // premultiplied, × min(1, 2R) × opacity
layout(location = 3) in vec4 a_stroke;    // premultiplied, × opacity

uniform vec2 u_viewport;
// The target's device pixel (0, 0), in window coordinates.
uniform vec2 u_origin;

flat out vec4 v_circle;   // (window centre x, centre y, R, R + 0.5)
flat out vec4 v_ring;
flat out vec4 v_fill;
flat out vec4 v_stroke;

// The quad reaches exactly as far as the last pixel centre with any coverage.
void main() {
    vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 2.0 - 1.0;
    vec2 device = a_geometry.xy + corner * a_ring.w;
    gl_Position = vec4(device / u_viewport * 2.0 - 1.0, 0.0, 1.0);
    v_circle = vec4(a_geometry.xy + u_origin, a_geometry.zw);
    v_ring = a_ring;
    v_fill = a_fill;
    v_stroke = a_stroke;
}
