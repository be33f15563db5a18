// The quad an analytic primitive is drawn in, shared by primitive.vert.glsl
// (which draws it) and tiles.comp.glsl (which shades the pixels inside it).

// The inverse of a transform's linear part (a, b, c, d).
vec4 inverseLinear(vec4 transform) {
    float a = transform.x, b = transform.y, c = transform.z, d = transform.w;
    float invDet = 1.0 / (a * d - b * c);
    return vec4(d * invDet, -b * invDet, -c * invDet, a * invDet);
}

// Half the side of an analytic shape's quad in local units, around its
// centre (shape.xy): its bounding box plus half the stroke and a 2 px
// antialiasing margin, as `PrimitiveInstance.deviceQuad` computes it (the
// CPU backend uses that).
vec2 shapeQuadExtent(vec4 transform, vec4 translation, vec4 shape, vec4 shapeExtra) {
    float a = transform.x, b = transform.y, c = transform.z, d = transform.w;
    int kind = int(translation.z);
    // Smallest singular value of the linear part: one device pixel is at
    // most 1/sigmaMin local units, so the margin is 2 px in every direction.
    float s = a * a + b * b + c * c + d * d;
    float det = abs(a * d - b * c);
    float sigmaMin = sqrt(max(0.5 * (s - sqrt(max(s * s - 4.0 * det * det, 0.0))), 0.0));
    float margin = 2.0 / max(sigmaMin, 1e-6);
    // A mitred star's joins reach shapeExtra.w half widths from its vertices.
    float strokeReach = kind == LFX_KIND_STAR ? max(shapeExtra.w, 1.0) : 1.0;
    return (kind == LFX_KIND_STAR ? vec2(shape.z) : shape.zw) + vec2(0.5 * translation.w * strokeReach + margin);
}
