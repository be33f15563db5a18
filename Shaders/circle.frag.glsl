#version 300 es
// One plain device circle: fill and centred ring, box-filtered along the
// radius (see `DeviceCircle`). The same expressions as
// Sources/CLayerFXRaster/circle.c, which the CPU backend runs.
precision highp float;

flat in vec4 v_circle;   // (window centre x, centre y, R, R + 0.5)
flat in vec4 v_ring;     // (h + 0.5, 2h, ring alpha, reach)
flat in vec4 v_fill;
flat in vec4 v_stroke;

out vec4 fragColor;

void main() {
    vec2 d = gl_FragCoord.xy - v_circle.xy;
    float dist = sqrt(d.x * d.x + d.y * d.y);
    float fill = clamp(v_circle.w - dist, 0.0, 1.0);
    float ring = clamp(min(v_ring.y, v_ring.x - abs(dist - v_circle.z)), 0.0, 1.0);
    fragColor = v_stroke * ring + v_fill * (fill * (1.0 - v_ring.z * ring));
}
