import Testing
import LayerFXCore
@testable import LayerFXModel

private func motion(_ path: ShapePath, mode: CalculationMode = .linear, keyTimes: [Double]? = nil,
                    rotation: RotationMode? = nil) -> Layer {
    var animation = Animation(keyPath: .position, kind: .motion(
        path: MotionPath(path)!, keyTimes: keyTimes, timingFunctions: nil, calculationMode: mode,
        rotationMode: rotation))
    animation.timing.duration = 4
    return Layer(animations: [animation])
}

private func position(_ layer: Layer, _ t: Double) -> Point { layer.presentationProperties(at: t).position }

private func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

@Test("An ellipse path starts at its rightmost point and runs clockwise through four keyframes")
func ellipseKeyframes() {
    let path = MotionPath(ShapePath([.ellipse(in: Rect(x: 50, y: 50, width: 100, height: 60))]))!
    #expect(path.keyframeCount == 5)
    let layer = motion(ShapePath([.ellipse(in: Rect(x: 50, y: 50, width: 100, height: 60))]))
    #expect(close(position(layer, 0), Point(x: 150, y: 80)))
    #expect(close(position(layer, 1), Point(x: 100, y: 110)))  // bottom: clockwise on screen
    #expect(close(position(layer, 2), Point(x: 50, y: 80)))
    #expect(close(position(layer, 3), Point(x: 100, y: 50)))
    // Halfway through a quarter, by Bézier parameter: the kappa curve passes through the 45° point.
    let half = position(layer, 0.5)
    #expect(close(half, Point(x: 100 + 50 * 0.5.squareRoot(), y: 80 + 30 * 0.5.squareRoot()), 1e-12))
}

@Test("A rectangle path visits its corners; keyTimes place each keyframe")
func rectangleKeyframes() {
    let rect = ShapePath([.roundedRect(Rect(x: 0, y: 0, width: 100, height: 50), cornerRadius: 0)])
    #expect(MotionPath(rect)!.keyframeCount == 5)
    let even = motion(rect)
    #expect(close(position(even, 1), Point(x: 100, y: 0)))
    #expect(close(position(even, 1.5), Point(x: 100, y: 25)))
    #expect(close(position(even, 3), Point(x: 0, y: 50)))
    let timed = motion(rect, keyTimes: [0, 0.5, 0.625, 0.875, 1])
    #expect(close(position(timed, 1), Point(x: 50, y: 0)))
    #expect(close(position(timed, 2.25), Point(x: 100, y: 25)))
    let rounded = MotionPath(ShapePath([.roundedRect(Rect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 10)]))!
    #expect(rounded.keyframeCount == 5)  // four arcs, no zero-length edges
    #expect(rounded.start == Point(x: 10, y: 0))
}

@Test("Paced motion runs at constant speed along the arc length")
func pacedMotionIsUniform() {
    let rect = ShapePath([.roundedRect(Rect(x: 0, y: 0, width: 300, height: 100), cornerRadius: 0)])
    let layer = motion(rect, mode: .paced)
    // Perimeter 800: 1 s covers 200 units.
    #expect(close(position(layer, 1), Point(x: 200, y: 0)))
    #expect(close(position(layer, 2), Point(x: 300, y: 100)))
    #expect(close(position(layer, 3), Point(x: 100, y: 100)))
    let circle = motion(ShapePath([.ellipse(in: Rect(x: -1, y: -1, width: 2, height: 2))]), mode: .paced)
    let segment = MotionPath(ShapePath([.ellipse(in: Rect(x: -1, y: -1, width: 2, height: 2))]))!.segments[0]
    #expect(abs(segment.length() - 1.5711) < 1e-3)  // a kappa quarter is 0.03 % longer than π/2
    let a = position(circle, 0.25), b = position(circle, 0.5), c = position(circle, 0.75)
    let chord1 = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    let chord2 = ((c.x - b.x) * (c.x - b.x) + (c.y - b.y) * (c.y - b.y)).squareRoot()
    #expect(abs(chord1 - chord2) < 1e-4)
}

@Test("rotationMode turns the layer to the direction of travel")
func rotationFollowsTangent() {
    let rect = ShapePath([.roundedRect(Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 0)])
    let auto = motion(rect, rotation: .rotateAuto)
    #expect(abs(auto.presentationProperties(at: 0.5).transform.rotation - 0) < 1e-12)
    #expect(abs(auto.presentationProperties(at: 1.5).transform.rotation - .pi / 2) < 1e-12)
    let reverse = motion(rect, rotation: .rotateAutoReverse)
    #expect(abs(reverse.presentationProperties(at: 1.5).transform.rotation - 3 * .pi / 2) < 1e-12)
    #expect(motion(rect).presentationProperties(at: 1.5).transform.rotation == 0)
}

@Test("Discrete motion jumps between keyframes")
func discreteMotion() {
    let star = ShapePath([.star(center: .zero, points: 2, outerRadius: 10, innerRadius: 5, rotation: 0)])
    let layer = motion(star, mode: .discrete)
    #expect(close(position(layer, 0.5), Point(x: 0, y: -10)))   // first outer vertex points up
    #expect(close(position(layer, 1.0), Point(x: 5, y: 0)))     // key i holds from i/n = i/5
}
