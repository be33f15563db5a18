import Testing
import LayerFXCore
import LayerFXModel

@Test("lerp: scalar, point, size, rect component-wise")
func lerpGeometry() {
    #expect(AnimatableValue.lerp(from: .scalar(1), to: .scalar(3), fraction: 0.25) == .scalar(1.5))
    #expect(AnimatableValue.lerp(from: .point(Point(x: 0, y: 10)), to: .point(Point(x: 4, y: 20)), fraction: 0.5)
            == .point(Point(x: 2, y: 15)))
    #expect(AnimatableValue.lerp(from: .size(Size(width: 2, height: 4)), to: .size(Size(width: 4, height: 8)),
                                 fraction: 1.5) == .size(Size(width: 5, height: 10)))
    #expect(AnimatableValue.lerp(from: .rect(Rect(x: 0, y: 0, width: 10, height: 10)),
                                 to: .rect(Rect(x: 10, y: 20, width: 30, height: 50)), fraction: 0.5)
            == .rect(Rect(x: 5, y: 10, width: 20, height: 30)))
}

@Test("lerp: colours in straight alpha; noColor is clear")
func lerpColors() {
    let white = AnimatableValue.color(.white)
    #expect(AnimatableValue.lerp(from: white, to: .noColor, fraction: 0.5)
            == .color(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)))
    #expect(AnimatableValue.lerp(from: .noColor, to: .color(Color(red: 1, green: 0, blue: 0, alpha: 1)),
                                 fraction: 0.25) == .color(Color(red: 0.25, green: 0, blue: 0, alpha: 0.25)))
    #expect(AnimatableValue.lerp(from: .noColor, to: .noColor, fraction: 0.3) == .noColor)
}

@Test("lerp: transforms component-wise, matrix entries too")
func lerpTransforms() {
    let a = LayerTransform(translationX: 0, rotation: 0, scaleX: 1, scaleY: 1)
    let b = LayerTransform(translationX: 10, translationY: -4, rotation: 2, scaleX: 3, scaleY: 5,
                           matrix: AffineTransform(a: 1, b: 2, c: 0, d: 1, tx: 8, ty: 0))
    let mid = LayerTransform(translationX: 5, translationY: -2, rotation: 1, scaleX: 2, scaleY: 3,
                             matrix: AffineTransform(a: 1, b: 1, c: 0, d: 1, tx: 4, ty: 0))
    #expect(AnimatableValue.lerp(from: .transform(a), to: .transform(b), fraction: 0.5) == .transform(mid))
}

@Test("lerp: paths subpath-wise when compatible")
func lerpCompatiblePaths() {
    let from = ShapePath([
        .ellipse(in: Rect(x: 0, y: 0, width: 2, height: 2)),
        .roundedRect(Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 0),
        .star(center: .zero, points: 5, outerRadius: 10, innerRadius: 4, rotation: 0),
    ])
    let to = ShapePath([
        .ellipse(in: Rect(x: -4, y: -4, width: 10, height: 10)),
        .roundedRect(Rect(x: 10, y: 10, width: 20, height: 30), cornerRadius: 4),
        .star(center: Point(x: 2, y: 4), points: 5, outerRadius: 20, innerRadius: 8, rotation: 1),
    ])
    let mid = ShapePath([
        .ellipse(in: Rect(x: -2, y: -2, width: 6, height: 6)),
        .roundedRect(Rect(x: 5, y: 5, width: 15, height: 20), cornerRadius: 2),
        .star(center: Point(x: 1, y: 2), points: 5, outerRadius: 15, innerRadius: 6, rotation: 0.5),
    ])
    #expect(AnimatableValue.lerp(from: .path(from), to: .path(to), fraction: 0.5) == .path(mid))
}

@Test("lerp: incompatible paths and mismatched types switch at 0.5",
      arguments: [
        (AnimatableValue.path(ShapePath([.ellipse(in: .zero)])),
         AnimatableValue.path(ShapePath([.roundedRect(.zero, cornerRadius: 1)]))),
        (.path(ShapePath([.star(center: .zero, points: 5, outerRadius: 2, innerRadius: 1, rotation: 0)])),
         .path(ShapePath([.star(center: .zero, points: 6, outerRadius: 2, innerRadius: 1, rotation: 0)]))),
        (.path(ShapePath([.ellipse(in: .zero)])), .path(ShapePath([.ellipse(in: .zero), .ellipse(in: .zero)]))),
        (.scalar(1), .point(.zero)),
      ])
func lerpDiscrete(_ pair: (AnimatableValue, AnimatableValue)) {
    #expect(AnimatableValue.lerp(from: pair.0, to: pair.1, fraction: 0.49) == pair.0)
    #expect(AnimatableValue.lerp(from: pair.0, to: pair.1, fraction: 0.5) == pair.1)
}

@Test("adding / subtracting")
func addingSubtracting() {
    #expect(AnimatableValue.scalar(2).adding(.scalar(3)) == .scalar(5))
    #expect(AnimatableValue.point(Point(x: 1, y: 2)).subtracting(.point(Point(x: 3, y: 3)))
            == .point(Point(x: -2, y: -1)))
    #expect(AnimatableValue.color(Color(red: 0.5, green: 0, blue: 0, alpha: 0.5)).adding(.noColor)
            == .color(Color(red: 0.5, green: 0, blue: 0, alpha: 0.5)))
    // Incompatible values add nothing.
    #expect(AnimatableValue.scalar(2).adding(.point(.zero)) == .scalar(2))

    // Transforms concatenate: translations and rotations add, scales multiply.
    let a = LayerTransform(translationX: 1, rotation: 0.5, scaleX: 2, scaleY: 3,
                           matrix: AffineTransform.translation(5, 0))
    let b = LayerTransform(translationX: 2, translationY: 1, rotation: 0.25, scaleX: 4, scaleY: 0.5,
                           matrix: AffineTransform.scale(2, 2))
    let sum = AnimatableValue.transform(a).adding(.transform(b))
    #expect(sum == .transform(LayerTransform(translationX: 3, translationY: 1, rotation: 0.75, scaleX: 8, scaleY: 1.5,
                                             matrix: AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 0))))
    #expect(sum.subtracting(.transform(b)) == .transform(a))
}
