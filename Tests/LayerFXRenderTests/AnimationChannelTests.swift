import LayerFX
@testable import LayerFXEvaluation
import LayerFXTestSupport
import Testing

/// The layers a compiled scene walks have their animations compiled into
/// ``AnimationChannel``s; applied, the channels give the presentation values
/// the animations give, bit for bit: on random animations of every key
/// path and value type (basic with any ends missing, spring, keyframes,
/// motion paths, groups nested three deep, additive and cumulative), and
/// in whole frames.
struct AnimationChannelTests {
    /// A random value of `type`.
    static func value(_ type: AnimatableValueType, _ random: inout SplitMix) -> AnimatableValue {
        func n(_ range: ClosedRange<Double> = -2...2) -> Double { Double.random(in: range, using: &random) }
        func point() -> Point { Point(x: n(-40...120), y: n(-40...120)) }
        func color() -> Color { Color(red: n(0...1), green: n(0...1), blue: n(0...1), alpha: n(-0.1...1)) }
        switch type {
        case .scalar: return .scalar(n())
        case .point: return .point(point())
        case .size: return .size(Size(width: n(0...80), height: n(0...80)))
        case .rect: return .rect(Rect(x: n(), y: n(), width: n(0...80), height: n(0...80)))
        case .color: return Int.random(in: 0..<6, using: &random) == 0 ? .noColor : .color(color())
        case .transform:
            return .transform(LayerTransform(translationX: n(-10...10), translationY: n(-10...10), rotation: n(-3...3),
                                             scaleX: n(0.2...2), scaleY: n(0.2...2)))
        case .path:
            let box = Rect(x: n(0...20), y: n(0...20), width: n(10...60), height: n(10...60))
            switch Int.random(in: 0..<3, using: &random) {
            case 0: return .path(ShapePath([.ellipse(in: box)]))
            case 1: return .path(ShapePath([.roundedRect(box, cornerRadius: n(0...8))]))
            default:
                return .path(ShapePath([.elements([.move(point()), .line(point()),
                                                   .cubic(control1: point(), control2: point(), end: point()), .close])]))
            }
        case .numbers: return .numbers(NumberList(count: 3) { _ in n(0...1) })
        case .colors: return .colors((0..<3).map { _ in color() })
        }
    }

    /// A random animation of `keyPath` (a group holds random key paths):
    /// any kind, any ends, random timing and flags.
    static func animation(of keyPath: AnimatableKeyPath, depth: Int, _ random: inout SplitMix) -> Animation {
        let type = keyPath.valueType
        func maybe() -> AnimatableValue? { random.chance(0.7) ? value(type, &random) : nil }
        var kind: AnimationKind
        var path: AnimatableKeyPath? = keyPath
        switch Int.random(in: 0..<(depth < 3 ? 10 : 8), using: &random) {
        case 0..<3: kind = .basic(from: maybe(), to: maybe(), by: random.chance(0.3) ? value(type, &random) : nil)
        case 3:
            let spring = SpringParameters(mass: random.number(0.5...2), stiffness: random.number(20...300),
                                          damping: random.number(0.5...30), initialVelocity: random.number(-5...5),
                                          allowsOverdamping: random.chance(0.5))
            kind = .spring(from: maybe(), to: maybe(), by: nil, parameters: spring)
        case 4..<6:
            let count = Int.random(in: 0...4, using: &random)
            let mode: CalculationMode = [.linear, .discrete, .paced, .cubic, .cubicPaced][Int.random(in: 0...4, using: &random)]
            kind = .keyframe(values: (0..<count).map { _ in value(type, &random) },
                             keyTimes: random.chance(0.5) ? nil : (0..<count).map { _ in random.number(0...1) }.sorted(),
                             timingFunctions: nil, calculationMode: mode)
        case 6..<8 where type == .point:
            let start = Point(x: random.number(0...100), y: random.number(0...100))
            var segments: [CubicSegment] = []
            var at = start
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let end = Point(x: random.number(0...100), y: random.number(0...100))
                segments.append(CubicSegment(start: at, control1: Point(x: random.number(0...100), y: at.y),
                                             control2: Point(x: end.x, y: random.number(0...100)), end: end))
                at = end
            }
            kind = .motion(path: MotionPath(start: start, segments: segments), keyTimes: nil, timingFunctions: nil,
                           calculationMode: random.chance(0.5) ? .paced : .linear,
                           rotationMode: [nil, .rotateAuto, .rotateAutoReverse][Int.random(in: 0...2, using: &random)])
        case 6..<8: kind = .basic(from: value(type, &random), to: value(type, &random), by: nil)
        default:
            kind = .group((0..<Int.random(in: 0...3, using: &random)).map { _ in
                animation(of: randomKeyPath(&random), depth: depth + 1, &random)
            })
            path = nil
        }
        return Animation(keyPath: path, kind: kind, timing: CompiledSceneTests.timing(&random),
                         timingFunction: random.chance(0.4) ? nil : CompiledSceneTests.curve(&random),
                         removedOnCompletion: random.chance(0.5), isAdditive: random.chance(0.25),
                         isCumulative: random.chance(0.25))
    }

    static func randomKeyPath(_ random: inout SplitMix) -> AnimatableKeyPath {
        AnimatableKeyPath.allCases[Int.random(in: 0..<AnimatableKeyPath.allCases.count, using: &random)]
    }

    /// A layer of any kind with a random model and random animations of any key path.
    static func layer(_ random: inout SplitMix) -> Layer {
        var p = LayerProperties()
        p.bounds = Rect(x: 0, y: 0, width: random.number(10...80), height: random.number(10...80))
        p.position = Point(x: random.number(0...200), y: random.number(0...150))
        p.backgroundColor = random.chance(0.5) ? nil : Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.6)
        p.path = ShapePath([.roundedRect(p.bounds, cornerRadius: 6)])
        p.fillColor = Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.8)
        p.strokeColor = Color(red: 0, green: 0, blue: 0, alpha: 1)
        p.lineWidth = 2
        p.colors = [.white, Color(red: 0, green: 0.4, blue: 1, alpha: 1), .black]
        p.locations = [0, 0.5, 1]
        p.instanceCount = 3
        let kind: LayerKind = [.plain, .shape, .gradient, .replicator][Int.random(in: 0...3, using: &random)]
        let animations = (0..<Int.random(in: 1...4, using: &random)).map { _ in
            animation(of: randomKeyPath(&random), depth: 0, &random)
        }
        let sublayers = kind == .replicator || random.chance(0.2)
            ? [Layer(kind: .shape, properties: p, animations: [animation(of: randomKeyPath(&random), depth: 0, &random)])]
            : []
        return Layer(kind: kind, properties: p, sublayers: sublayers, animations: animations)
    }

    static let times: [Double] = [-0.7, 0, 0.13, 0.5, 1, 1.37, 2.2, 4.9]

    @Test(arguments: 0..<16)
    func channelsGiveTheAnimationsValues(seed: Int) {
        var random = SplitMix(seed: UInt64(5000 + seed))
        for _ in 0..<40 {
            let layer = Self.layer(&random)
            var flat = FlatLayers()
            let node = flat.append(layer)
            for time in Self.times {
                // Descriptions print every double in full (and NaN equal to NaN).
                let compiled = "\(flat.presentation(of: node, atLocalTime: time))"
                let animated = "\(layer.presentationProperties(atLocalTime: time))"
                #expect(compiled == animated, "seed \(seed), t=\(time), \(layer.animations.count) animations")
            }
        }
    }

    @Test(arguments: 0..<6)
    func framesOfAnimatedLayersMatchTheTreeWalk(seed: Int) throws {
        var random = SplitMix(seed: UInt64(7000 + seed))
        let scene = Scene(size: Size(width: 200, height: 150), scale: 1.5, backgroundColor: .white,
                          layers: (0..<12).map { _ in Self.layer(&random) })
        let compiled = CompiledScene(scene)
        #expect(compiled.compiledLayerCount == 0, "every layer is walked")
        let evaluator = SceneEvaluator()
        for time in Self.times {
            let walked = try evaluator.referenceFrame(for: scene, at: time)
            let fromCompiled = try evaluator.frame(for: compiled, at: time)
            CompiledSceneTests.expectSameFrame(fromCompiled, walked, "seed \(seed), t=\(time)")
        }
    }

    /// Nested groups resolve each level's duration in the one around it,
    /// and a child that outlasts its groups sees no time past their end.
    @Test func nestedGroupsRunInEachOthersTime() {
        var outer = MediaTiming()
        outer.duration = 2
        outer.fillMode = .forwards
        var inner = MediaTiming()
        inner.beginTime = 0.5  // half a second into the outer group; its duration is the outer group's (2 s)
        var child = MediaTiming()
        child.duration = 4  // longer than the groups
        let fade = Animation(keyPath: .opacity, kind: .basic(from: .scalar(0), to: .scalar(1), by: nil), timing: child)
        let animation = Animation(keyPath: nil, kind: .group([Animation(keyPath: nil, kind: .group([fade]), timing: inner)]),
                                  timing: outer, removedOnCompletion: false)
        var properties = LayerProperties()
        properties.opacity = 0.9
        let layer = Layer(properties: properties, animations: [animation])
        var flat = FlatLayers()
        let node = flat.append(layer)
        let expected: [(time: Double, opacity: Double)] = [
            (0.25, 0.9),  // the inner group has not begun: the model value
            (1.5, 0.25),  // 1 s into the child's 4
            (2.5, 0.375),  // the outer group is held at its end, 2 s: 1.5 s into the child
        ]
        for (time, opacity) in expected {
            #expect(flat.presentation(of: node, atLocalTime: time).opacity == opacity, "t=\(time)")
            #expect(layer.presentationProperties(atLocalTime: time).opacity == opacity, "t=\(time), the animation")
        }
    }

    @Test func channelsArePlainData() {
        #expect(_isPOD(AnimationChannel.self))
    }
}
