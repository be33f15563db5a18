// A DeviceCircle, as the tile shaders read it from the circles' buffer
// (included by tiles.comp.glsl and tiles-bin.comp.glsl): (cx, cy, R, R + 0.5),
// (h + 0.5, 2h, ring alpha, reach), premultiplied fill and ring colours.
struct Circle {
    vec4 geometry;
    vec4 ring;
    vec4 fill;
    vec4 stroke;
};
