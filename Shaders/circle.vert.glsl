#version 300 es
// Instanced quad for one plain device circle. The attribute block mirrors
// `DeviceCircle.attributes` in Sources/LayerFXPrimitives (same names, same
// locations, same types); LayerFXRenderTests fails when they drift apart.
precision highp float;

layout(location = 0) in vec4 a_geometry;  // (centre x, centre y, radius, half ring width), device px
layout(location = 1) in vec4 a_fill;      // premultiplied
layout(location = 2) in vec4 a_stroke;    // premultiplied
layout(location = 3) in vec4 a_extra;     // (opacity, 0, 0, 0)

uniform vec2 u_viewport;

flat out vec4 v_geometry;
flat out vec4 v_fill;
flat out vec4 v_stroke;
flat out float v_opacity;

// The quad reaches one pixel past the ring's outer edge (R + h + 0.5 is the
// last distance with any coverage), so no covered pixel centre is left out.
void main() {
    vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 2.0 - 1.0;
    vec2 device = a_geometry.xy + corner * (a_geometry.z + a_geometry.w + 1.0);
    gl_Position = vec4(device / u_viewport * 2.0 - 1.0, 0.0, 1.0);
    v_geometry = a_geometry;
    v_fill = a_fill;
    v_stroke = a_stroke;
    v_opacity = a_extra.x;
}
