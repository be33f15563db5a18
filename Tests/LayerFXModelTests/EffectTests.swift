import Testing
import LayerFXCore
import LayerFXModel

private func rgba(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> Color {
    Color(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
}

/// effects.md §5: ring `i` of the pulsing rings (view 100 × 100).
private func pulsingRing(_ i: Int) -> Layer {
    var properties = LayerProperties()
    properties.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    properties.position = Point(x: 50, y: 50)
    properties.cornerRadius = 50
    properties.borderWidth = 0.5
    properties.borderColor = rgba(255, 216, 87, 0.5)
    properties.backgroundColor = nil

    let colors: [AnimatableValue] = [
        .color(rgba(255, 216, 87, 0.5)), .color(rgba(255, 231, 152, 0.5)),
        .color(rgba(255, 241, 197, 0.5)), .color(rgba(255, 241, 197, 0)),
    ]
    let colorKind = AnimationKind.keyframe(values: colors, keyTimes: [0.3, 0.6, 0.9, 1], timingFunctions: nil,
                                           calculationMode: .linear)
    var groupTiming = MediaTiming()
    groupTiming.beginTime = Double(i) * 3 / 3
    groupTiming.duration = 3
    groupTiming.repeatCount = .infinity
    let group = Animation(
        keyPath: nil,
        kind: .group([
            Animation(keyPath: .transformScale, kind: .basic(from: .scalar(1), to: .scalar(1.423), by: nil)),
            Animation(keyPath: .backgroundColor, kind: colorKind),
            Animation(keyPath: .borderColor, kind: colorKind),
        ]),
        timing: groupTiming, timingFunction: .default, removedOnCompletion: false)
    return Layer(name: "ring \(i)", properties: properties, animations: [group])
}

/// test-vectors.md table 5a; nil scale/colour = model (no animation).
private let table5a: [(ring: Int, t: Double, scale: Double?, color: [Double]?)] = [
    (0, 0, 1.000000, [1.00000, 0.84706, 0.34118, 0.50000]),
    (0, 0.5, 1.093345, [1.00000, 0.84706, 0.34118, 0.50000]),
    (0, 1.5, 1.339417, [1.00000, 0.93234, 0.71514, 0.50000]),
    (0, 2.25, 1.406274, [1.00000, 0.94510, 0.77255, 0.19771]),
    (0, 3, 1.000000, [1.00000, 0.84706, 0.34118, 0.50000]),
    (0, 4.5, 1.339417, [1.00000, 0.93234, 0.71514, 0.50000]),
    (1, 0, nil, nil),
    (1, 0.5, nil, nil),
    (1, 1.5, 1.093345, [1.00000, 0.84706, 0.34118, 0.50000]),
    (1, 2.25, 1.298474, [1.00000, 0.91969, 0.65820, 0.50000]),
    (1, 3, 1.391201, [1.00000, 0.94510, 0.77255, 0.37588]),
    (1, 4.5, 1.093345, [1.00000, 0.84706, 0.34118, 0.50000]),
    (2, 0, nil, nil),
    (2, 0.5, nil, nil),
    (2, 1.5, nil, nil),
    (2, 2.25, 1.029951, [1.00000, 0.84706, 0.34118, 0.50000]),
    (2, 3, 1.243590, [1.00000, 0.90115, 0.57557, 0.50000]),
    (2, 4.5, 1.416010, [1.00000, 0.94510, 0.77255, 0.08263]),
]

@Test("Table 5a: pulsing rings", arguments: table5a)
func pulsingRings(_ row: (ring: Int, t: Double, scale: Double?, color: [Double]?)) throws {
    let ring = pulsingRing(row.ring)
    let modelBorder = AnimatableValue.color(rgba(255, 216, 87, 0.5))
    let scale = ring.presentationValue(of: .transformScale, at: row.t)
    let background = ring.presentationValue(of: .backgroundColor, at: row.t)
    let border = ring.presentationValue(of: .borderColor, at: row.t)
    guard let expectedScale = row.scale, let expected = row.color else {
        #expect(scale == .scalar(1))
        #expect(background == .noColor)
        #expect(border == modelBorder)
        return
    }
    guard case .scalar(let s) = scale else { Issue.record("scale is \(scale)"); return }
    #expect(abs(s - expectedScale) < 1e-6, "scale \(s)")
    for value in [background, border] {
        guard case .color(let c) = value else { Issue.record("colour is \(value)"); continue }
        let actual = [c.red, c.green, c.blue, c.alpha]
        for (a, e) in zip(actual, expected) { #expect(abs(a - e) < 1e-5, "colour \(actual)") }
    }
}

/// effects.md §1: a ripple at (30, 40), radius 0.1 → 50 over 1 s (easeOut),
/// faded 1 → 0 linearly from 0.75 s.
private func ripple() -> Layer {
    var properties = LayerProperties()
    properties.fillColor = Color(red: 0, green: 0, blue: 0, alpha: 0.2)
    func circle(_ r: Double) -> AnimatableValue {
        .path(ShapePath([.ellipse(in: Rect(x: 30 - r, y: 40 - r, width: 2 * r, height: 2 * r))]))
    }
    properties.path = ShapePath([.ellipse(in: Rect(x: 29.9, y: 39.9, width: 0.2, height: 0.2))])
    var pathTiming = MediaTiming()
    pathTiming.duration = 1
    pathTiming.fillMode = .both
    var fadeTiming = MediaTiming()
    fadeTiming.beginTime = 0.75
    fadeTiming.duration = 0.25
    fadeTiming.fillMode = .both
    return Layer(kind: .shape, properties: properties, animations: [
        Animation(keyPath: .path, kind: .basic(from: circle(0.1), to: circle(50), by: nil), timing: pathTiming,
                  timingFunction: .easeOut, removedOnCompletion: false),
        Animation(keyPath: .opacity, kind: .basic(from: .scalar(1), to: .scalar(0), by: nil), timing: fadeTiming,
                  timingFunction: .linear, removedOnCompletion: false),
    ])
}

/// test-vectors.md table 5d.
private let table5d: [(t: Double, radius: Double, opacity: Double)] = [
    (0, 0.1, 1), (0.25, 18.969093, 1), (0.5, 34.263695, 1), (0.75, 45.336114, 1),
    (0.875, 48.703369, 0.5), (1, 50, 0),
]

@Test("Table 5d: ripple radius and fade", arguments: table5d)
func rippleRadius(_ row: (t: Double, radius: Double, opacity: Double)) throws {
    let layer = ripple()
    let path = layer.presentationValue(of: .path, at: row.t)
    guard case .path(let shape) = path, case .ellipse(let rect)? = shape.subpaths.first, shape.subpaths.count == 1
    else { Issue.record("path is \(path)"); return }
    #expect(abs(rect.size.width / 2 - row.radius) < 2e-6, "r = \(rect.size.width / 2)")
    #expect(abs(rect.size.height - rect.size.width) < 1e-12)
    #expect(abs(rect.midX - 30) < 1e-9 && abs(rect.midY - 40) < 1e-9)
    #expect(abs(layer.presentationProperties(at: row.t).opacity - row.opacity) < 1e-9)
}

/// effects.md §2 (shimmer, answer version): a gradient layer's `locations`
/// animated inside a 4.5 s repeating group by a 3 s easeInEaseOut child.
private func shimmer() -> Layer {
    let r = 0.3
    let start: NumberList = [-r, -r / 2, 0], end: NumberList = [1, 1 + r / 2, 1 + r]
    var properties = LayerProperties()
    properties.colors = [.clear, .white, .clear]
    properties.locations = start
    var child = Animation(keyPath: .locations, kind: .basic(from: .numbers(start), to: .numbers(end), by: nil),
                          timingFunction: .easeInEaseOut)
    child.timing.duration = 3
    var group = Animation(keyPath: nil, kind: .group([child]))
    group.timing.duration = 4.5
    group.timing.repeatCount = .infinity
    return Layer(name: "shimmer", kind: .gradient, properties: properties, animations: [group])
}

/// test-vectors.md table 5b: t → locations.
private let table5b: [(t: Double, locations: [Double])] = [
    (0, [-0.3000, -0.1500, 0.0000]), (0.75, [-0.1321, 0.0179, 0.1679]), (1.5, [0.3500, 0.5000, 0.6500]),
    (2.25, [0.8321, 0.9821, 1.1321]), (2.999, [1.0000, 1.1500, 1.3000]), (3, [-0.3000, -0.1500, 0.0000]),
    (4, [-0.3000, -0.1500, 0.0000]), (4.5, [-0.3000, -0.1500, 0.0000]), (6, [0.3500, 0.5000, 0.6500]),
]

@Test("Table 5b: shimmer gradient locations", arguments: table5b)
func shimmerLocations(_ row: (t: Double, locations: [Double])) throws {
    guard case let .numbers(locations) = shimmer().presentationValue(of: .locations, at: row.t) else {
        Issue.record("locations is not a list of numbers")
        return
    }
    #expect(locations.count == 3)
    for (got, expected) in zip(locations, row.locations) {
        #expect(abs(got - expected) < 5e-5, "t=\(row.t)")
    }
}

/// test-vectors.md table 5e: wave i of N with `timeOffset = i·D/N`, repeating
/// forever; progress = local time / D (view 375 × 375).
@Test("Table 5e: waves staggered by timeOffset")
func wavesStaggeredByTimeOffset() {
    let d = 40.0 / 667.0 * 375.0, n = 25
    let rows: [(i: Int, p0: Double, p5: Double)] = [
        (0, 0.000000, 0.222333), (1, 0.040000, 0.262333), (2, 0.080000, 0.302333), (24, 0.960000, 0.182333),
    ]
    for row in rows {
        var animation = Animation(keyPath: .opacity, kind: .basic(from: .scalar(0), to: .scalar(1), by: nil))
        animation.timing.duration = d
        animation.timing.timeOffset = Double(row.i) * d / Double(n)
        animation.timing.repeatCount = .infinity
        let layer = Layer(animations: [animation])
        #expect(abs(layer.presentationProperties(at: 0).opacity - row.p0) < 1e-6, "wave \(row.i)")
        #expect(abs(layer.presentationProperties(at: 5).opacity - row.p5) < 1e-6, "wave \(row.i)")
    }
}

/// effects.md §4 (typing dots, dotSize 10): the source dot's endless up/down
/// cycle, written as one repeating 1.2 s group whose "up" and "down" groups
/// of default springs accumulate as the delegate adds them (the newer wins).
private func typingDot() -> Layer {
    func spring(_ keyPath: AnimatableKeyPath, _ from: Double, _ to: Double, _ duration: Double) -> Animation {
        var a = Animation(keyPath: keyPath, kind: .spring(from: .scalar(from), to: .scalar(to), by: nil,
                                                          parameters: SpringParameters()),
                          removedOnCompletion: false)
        a.timing.duration = duration
        a.timing.fillMode = .forwards
        return a
    }
    let y = 50.0
    var up = Animation(keyPath: nil, kind: .group([
        spring(.positionY, y, y - 10, 0.5), spring(.opacity, 1, 0, 0.5), spring(.transformScale, 1, 1.3, 0.5),
    ]), removedOnCompletion: false)
    up.timing.duration = 0.5
    up.timing.fillMode = .forwards
    var down = Animation(keyPath: nil, kind: .group([
        spring(.positionY, y + 5, y, 0.2), spring(.opacity, 0, 1, 0.5), spring(.transformScale, 0.5, 1, 0.3),
    ]), removedOnCompletion: false)
    down.timing.beginTime = 0.5
    down.timing.duration = 0.7
    down.timing.fillMode = .forwards
    var cycle = Animation(keyPath: nil, kind: .group([up, down]))
    cycle.timing.duration = 1.2
    cycle.timing.repeatCount = .infinity
    var properties = LayerProperties()
    properties.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
    properties.position = Point(x: 34, y: y)
    return Layer(name: "dot", properties: properties, animations: [cycle])
}

/// test-vectors.md table 5c: instance, t → dy (pt, + down), opacity (unclamped), scale.
private let table5c: [(instance: Int, t: Double, dy: Double, opacity: Double, scale: Double)] = [
    (0, 0, 0, 1, 1), (0, 0.05, -1.044055, 0.895595, 1.031322), (0, 0.25, -10.233596, -0.023360, 1.307008),
    (0, 0.5, 5, 0, 0.5), (0, 0.6, 3.298501, 0.340300, 0.670150), (0, 0.8, 0.752872, 1.124355, 1.062177),
    (0, 1.2, 0, 1, 1), (0, 1.45, -10.233596, -0.023360, 1.307008),
    (1, 0, 0, 1, 1), (1, 0.05, 0, 1, 1), (1, 0.25, -6.104925, 0.389507, 1.183148),
    (1, 0.5, -11.531228, -0.153123, 1.345937), (1, 0.6, 5, 0, 0.5), (1, 0.8, 0.752872, 0.849426, 0.924713),
    (1, 1.2, 0.752872, 1.074591, 1.062177), (1, 1.45, -6.104925, 0.389507, 1.183148),
    (2, 0, 0, 1, 1), (2, 0.05, 0, 1, 1), (2, 0.25, -1.044055, 0.895595, 1.031322),
    (2, 0.5, -11.243548, -0.124355, 1.337306), (2, 0.6, -11.531228, -0.153123, 1.345937),
    (2, 0.8, 3.298501, 0.340300, 0.670150), (2, 1.2, 0.752872, 1.074591, 1.062177),
    (2, 1.45, -1.044055, 0.895595, 1.031322),
]

@Test("Table 5c: typing dots, instance k at t − 0.1·k", arguments: table5c)
func typingDots(_ row: (instance: Int, t: Double, dy: Double, opacity: Double, scale: Double)) {
    let p = typingDot().presentationProperties(at: row.t - 0.1 * Double(row.instance))
    #expect(abs(p.position.y - 50 - row.dy) < 1e-5, "instance \(row.instance) t=\(row.t)")
    #expect(abs(p.opacity - row.opacity) < 1e-6, "instance \(row.instance) t=\(row.t)")
    #expect(abs(p.transform.scaleX - row.scale) < 1e-6, "instance \(row.instance) t=\(row.t)")
}
