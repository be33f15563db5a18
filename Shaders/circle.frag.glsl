#version 300 es
// One plain device circle: fill and centred ring, box-filtered along the
// radius. The same expressions as Sources/CLayerFXRaster/circle.c, which the
// CPU backend runs (see `DeviceCircle`).
precision highp float;

flat in vec4 v_geometry;
flat in vec4 v_fill;
flat in vec4 v_stroke;
flat in float v_opacity;

// The target's device pixel (0, 0), in window coordinates.
uniform vec2 u_origin;

out vec4 fragColor;

void main() {
    vec2 d = (gl_FragCoord.xy - u_origin) - v_geometry.xy;
    float dist = sqrt(d.x * d.x + d.y * d.y);
    float radius = v_geometry.z, halfStroke = v_geometry.w;
    float fill = clamp(radius + 0.5 - dist, 0.0, 1.0) * min(1.0, 2.0 * radius);
    float ad = abs(dist - radius);
    float ring = clamp(min(ad + 0.5, halfStroke) - max(ad - 0.5, -halfStroke), 0.0, 1.0);
    float under = fill * (1.0 - v_stroke.a * ring);
    fragColor = (v_stroke * ring + v_fill * under) * v_opacity;
}
