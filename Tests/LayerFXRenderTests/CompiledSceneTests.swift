import CAllocationCounter
import LayerFX
@testable import LayerFXEvaluation
import LayerFXTestSupport
import Testing

/// A compiled scene draws the frame the tree walk draws, byte for byte: on
/// random scenes (random layers, timings and animations, compiled and not),
/// on every test scene and example, and when a budget stops the frame.
struct CompiledSceneTests {
    /// A random timing: any begin time, duration (0 included), speed,
    /// offset, repeats, autoreverse and fill.
    static func timing(_ random: inout SplitMix) -> MediaTiming {
        var timing = MediaTiming()
        timing.beginTime = random.number(-2...1)
        timing.duration = random.chance(0.2) ? 0 : random.number(0.1...2)
        timing.speed = random.chance(0.2) ? 0 : random.number(0.25...3)
        timing.timeOffset = random.chance(0.5) ? 0 : random.number(0...1)
        timing.repeatCount = random.chance(0.3) ? .infinity : random.chance(0.5) ? 0 : random.number(0.5...4)
        timing.repeatDuration = random.chance(0.15) ? random.number(0.5...3) : 0
        timing.autoreverses = random.chance(0.3)
        timing.fillMode = [.removed, .forwards, .backwards, .both][Int.random(in: 0...3, using: &random)]
        return timing
    }

    static func curve(_ random: inout SplitMix) -> TimingFunction {
        TimingFunction(random.number(0...1), random.number(-0.5...1.5), random.number(0...1), random.number(-0.5...1.5))
    }

    /// An animation of a scalar key path with random timing: basic, spring,
    /// keyframe or a group of those. `compiles` false gives one the compiler
    /// leaves to the tree walk (a missing `fromValue`, which reads the
    /// presentation value, at the top level or in a group).
    static func animation(_ random: inout SplitMix, compiles: Bool, inGroup: Bool = false) -> Animation {
        let keyPaths: [AnimatableKeyPath] = [.opacity, .positionX, .positionY, .transformScale, .transformScaleX,
                                             .transformScaleY, .transformRotationZ, .transformTranslationX,
                                             .transformTranslationY, .lineWidth]
        let keyPath = keyPaths[Int.random(in: 0..<keyPaths.count, using: &random)]
        let range: ClosedRange<Double> = keyPath == .positionX || keyPath == .positionY ? 0...200 : -0.5...2
        var kind: AnimationKind
        var path: AnimatableKeyPath? = keyPath
        var choice = Int.random(in: 0..<10, using: &random)
        if inGroup { choice = compiles ? min(choice, 8) : 0 }  // no group inside a group
        switch (compiles, choice) {
        case (false, 0..<5):
            kind = .basic(from: nil, to: .scalar(random.number(range)), by: nil)
        case (false, _):
            kind = .group([animation(&random, compiles: true, inGroup: true),
                           animation(&random, compiles: false, inGroup: true)])
            path = nil
        case (true, 0..<5):
            kind = .basic(from: .scalar(random.number(range)), to: .scalar(random.number(range)),
                          by: random.chance(0.2) ? .scalar(1) : nil)
        case (true, 5..<7):
            let spring = SpringParameters(mass: random.number(0.5...2), stiffness: random.number(20...300),
                                          damping: random.chance(0.1) ? 0 : random.number(0.5...30),
                                          initialVelocity: random.number(-5...5), allowsOverdamping: random.chance(0.5))
            kind = .spring(from: .scalar(random.number(range)), to: .scalar(random.number(range)), by: nil,
                           parameters: spring)
        case (true, 7..<9):
            let count = Int.random(in: 1...5, using: &random)
            let values = (0..<count).map { _ in AnimatableValue.scalar(random.number(range)) }
            // Key times usually one a value, rising; sometimes too few (the walk then spaces them evenly).
            let keyTimes: [Double]? = random.chance(0.4) ? nil
                : (0..<(random.chance(0.8) ? count : max(count - 1, 0))).map { _ in random.number(0...1) }.sorted()
            let functions: [TimingFunction]? = random.chance(0.6) ? nil
                : (0..<max(count - 1, 0)).map { _ in curve(&random) }
            let mode: CalculationMode = [.linear, .discrete, .paced, .cubic, .cubicPaced][Int.random(in: 0...4, using: &random)]
            kind = .keyframe(values: values, keyTimes: keyTimes, timingFunctions: functions, calculationMode: mode)
        default:
            kind = .group((0..<Int.random(in: 0...3, using: &random)).map { _ in
                animation(&random, compiles: true, inGroup: true)
            })
            path = nil
        }
        return Animation(keyPath: path, kind: kind, timing: timing(&random),
                         timingFunction: random.chance(0.3) ? nil : curve(&random),
                         removedOnCompletion: random.chance(0.5), isAdditive: random.chance(0.25),
                         isCumulative: random.chance(0.25))
    }

    /// A top-level layer: mostly circles that compile, some with features
    /// that keep them in the tree walk (another path, a sublayer, a
    /// background, an animation without `fromValue`, a dashed stroke).
    static func layer(_ random: inout SplitMix) -> Layer {
        var p = LayerProperties()
        let side = random.number(0...60)
        p.bounds = Rect(x: random.number(-5...5), y: random.number(-5...5), width: side,
                        height: random.chance(0.9) ? side : random.number(0...60))
        p.position = Point(x: random.number(-20...220), y: random.number(-20...170))
        p.anchorPoint = Point(x: random.number(0...1), y: random.number(0...1))
        p.transform = LayerTransform(translationX: random.number(-10...10), translationY: random.number(-10...10),
                                     rotation: random.chance(0.5) ? 0 : random.number(-3...3),
                                     scaleX: random.number(0.5...1.5), scaleY: random.chance(0.7) ? 1 : random.number(0.5...1.5),
                                     matrix: random.chance(0.8) ? .identity
                                         : AffineTransform(a: 1, b: 0.2, c: 0, d: 1, tx: 3, ty: 0))
        p.opacity = random.chance(0.5) ? 1 : random.number(-0.2...1.2)
        p.path = ShapePath([.ellipse(in: p.bounds)])
        p.fillColor = random.chance(0.2) ? nil : random.color()
        p.strokeColor = random.chance(0.4) ? nil : random.color()
        p.lineWidth = random.number(-1...6)
        p.strokeEnd = random.chance(0.9) ? 1 : random.number(0...1)
        var sublayers: [Layer] = []
        var compiles = true
        switch Int.random(in: 0..<12, using: &random) {
        case 0: p.path = ShapePath([.roundedRect(p.bounds, cornerRadius: 4)]); compiles = false
        case 1: sublayers = [Layer(kind: .shape, properties: p)]; compiles = false
        case 2: p.backgroundColor = random.color(); compiles = false
        case 3: p.lineDashPattern = [3, 2]; compiles = false
        case 4: compiles = false  // an animation reading the presentation value below
        case 5:
            // Far larger than the frame around it: drawn as polygons (in an offscreen layer when translucent).
            p.bounds = Rect(x: 0, y: 0, width: 4e6, height: 4e6)
            p.path = ShapePath([.ellipse(in: p.bounds)])
        case 6: p.position = Point(x: random.chance(0.5) ? 3e7 : -3e7, y: 50)  // far outside: drawn as nothing
        default: break
        }
        let count = Int.random(in: 0...3, using: &random)
        var animations = (0..<count).map { _ in animation(&random, compiles: true) }
        if !compiles || animations.isEmpty { animations.append(animation(&random, compiles: compiles)) }
        let timing = random.chance(0.7) ? LayerTiming.identity
            : LayerTiming(beginTime: random.number(-1...1), speed: random.number(0...2), timeOffset: random.number(0...1))
        return Layer(kind: .shape, properties: p, sublayers: sublayers, animations: animations, timing: timing)
    }

    static func randomScene(seed: UInt64, count: Int) -> Scene {
        var random = SplitMix(seed: seed)
        return Scene(size: Size(width: 200, height: 150), scale: random.chance(0.5) ? 1 : 2.5,
                     backgroundColor: .white, layers: (0..<count).map { _ in layer(&random) })
    }

    /// The error `body` throws, as text; "no error" when it makes a frame.
    static func message(_ body: () throws -> Frame) -> String {
        do { _ = try body(); return "no error" } catch { return "\(error)" }
    }

    /// Expects equal frames; a difference is reported as the first
    /// differing entry, not as the whole arrays.
    static func expectSameFrame(_ a: Frame, _ b: Frame, _ comment: String) {
        func firstDifference<T: Equatable>(_ x: [T], _ y: [T]) -> String? {
            guard x != y else { return nil }
            let i = zip(x, y).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(x.count, y.count)
            return "counts \(x.count) and \(y.count), first difference at \(i)"
        }
        #expect(firstDifference(a.circles, b.circles) == nil, "circles: \(comment)")
        #expect(firstDifference(a.instances, b.instances) == nil, "instances: \(comment)")
        #expect(firstDifference(a.runs, b.runs) == nil, "runs: \(comment)")
        #expect(firstDifference(a.pathEdges, b.pathEdges) == nil, "path edges: \(comment)")
        #expect(firstDifference(a.gradientStops, b.gradientStops) == nil, "gradient stops: \(comment)")
        #expect(a.width == b.width && a.height == b.height && a.background == b.background, "size: \(comment)")
    }

    @Test(arguments: 0..<24)
    func randomScenesMatchTheTreeWalk(seed: Int) throws {
        let scene = Self.randomScene(seed: UInt64(seed), count: 60)
        let compiled = CompiledScene(scene)
        #expect(compiled.compiledLayerCount >= 15, "many layers compile")
        #expect(compiled.compiledLayerCount < scene.layers.count, "some are walked")
        let evaluator = SceneEvaluator()
        for time in [-0.5, 0, 0.37, 1, 1.9, 4.25] {
            let walked = try evaluator.referenceFrame(for: scene, at: time)
            let fromCompiled = try evaluator.frame(for: compiled, at: time)
            Self.expectSameFrame(fromCompiled, walked, "seed \(seed), t=\(time)")
        }
    }

    /// Circles animated only by springs, keyframes and groups of them
    /// compile as they would without animations, and draw the tree walk's frames.
    @Test(arguments: 0..<4)
    func springKeyframeAndGroupChannelsCompile(seed: Int) throws {
        var random = SplitMix(seed: UInt64(1000 + seed))
        let layers = (0..<40).map { i in
            var layer = Self.layer(&random)
            layer.sublayers = []
            layer.properties.path = ShapePath([.ellipse(in: layer.properties.bounds)])
            (layer.properties.backgroundColor, layer.properties.lineDashPattern) = (nil, nil)
            (layer.properties.strokeStart, layer.properties.strokeEnd) = (0, 1)
            layer.animations = (0..<3).map { _ in
                var animation = Self.animation(&random, compiles: true)
                while case .basic = animation.kind { animation = Self.animation(&random, compiles: true) }
                return animation
            }
            if i % 4 == 0 { layer.properties.opacity = 0.5 }
            return layer
        }
        let scene = Scene(size: Size(width: 200, height: 150), scale: 2, backgroundColor: .white, layers: layers)
        let compiled = CompiledScene(scene)
        // Every layer whose shape compiles (with no animation, not every stroke is exact) compiles with these.
        let still = CompiledScene(Scene(size: scene.size, scale: scene.scale, backgroundColor: scene.backgroundColor,
                                        layers: layers.map { var layer = $0; layer.animations = []; return layer }))
        #expect(compiled.compiledLayerCount == still.compiledLayerCount && compiled.compiledLayerCount >= 30)
        let evaluator = SceneEvaluator()
        for time in [-0.5, 0, 0.13, 0.37, 1, 1.9, 4.25, 30] {
            Self.expectSameFrame(try evaluator.frame(for: compiled, at: time), try evaluator.referenceFrame(for: scene, at: time),
                                 "seed \(seed), t=\(time)")
        }
    }

    /// A channel is plain data: the evaluation copies channels without
    /// reference counting (keyframe values are in their own table).
    @Test func channelsArePlainData() {
        #expect(_isPOD(ScalarChannel.self))
        #expect(_isPOD(ChannelUse.self) && _isPOD(CompiledShapeLeaf.self))
    }

    /// Children with the same timing in groups with different timings
    /// neither share a progress nor a channel record.
    @Test func groupsWithTheSameChildrenStayApart() throws {
        var child = MediaTiming()
        child.duration = 0.5
        child.repeatCount = .infinity
        func group(duration: Double, offset: Double, curve: TimingFunction?) -> Animation {
            var timing = MediaTiming()
            (timing.duration, timing.timeOffset, timing.repeatCount) = (duration, offset, .infinity)
            return Animation(keyPath: nil, kind: .group([
                Animation(keyPath: .transformScale, kind: .basic(from: .scalar(0.5), to: .scalar(1.5), by: nil), timing: child),
                Animation(keyPath: .opacity, kind: .basic(from: .scalar(1), to: .scalar(0.2), by: nil), timing: child),
            ]), timing: timing, timingFunction: curve)
        }
        var properties = LayerProperties()
        properties.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        properties.position = Point(x: 60, y: 50)
        properties.path = ShapePath([.ellipse(in: properties.bounds)])
        properties.fillColor = Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.8)
        let layers = [
            Layer(kind: .shape, properties: properties,
                  animations: [group(duration: 1, offset: 0, curve: nil), group(duration: 0.3, offset: 0.1, curve: nil)]),
            Layer(kind: .shape, properties: properties, animations: [group(duration: 1, offset: 0, curve: .easeIn)]),
            Layer(kind: .shape, properties: properties, animations: [group(duration: 1, offset: 0, curve: nil)]),
        ]
        let scene = Scene(size: Size(width: 120, height: 100), backgroundColor: .white, layers: layers)
        let compiled = CompiledScene(scene)
        #expect(compiled.compiledLayerCount == 3)
        // Six channels: the first two groups', then the eased group's; the last layer's are the first group's.
        #expect(compiled.shared.channels.count == 6)
        let evaluator = SceneEvaluator()
        for time in [0.0, 0.2, 0.45, 0.7, 1.3] {
            Self.expectSameFrame(try evaluator.frame(for: compiled, at: time), try evaluator.referenceFrame(for: scene, at: time),
                                 "t=\(time)")
        }
    }

    /// Layers whose channels differ only in when they begin share one
    /// channel record, and layers with the same timing and transform share
    /// those; values that are equal but not the same bits (0 and −0) are
    /// not shared. The frames are the tree walk's.
    @Test func sharedRecordsMatchTheTreeWalk() throws {
        var random = SplitMix(seed: 99)
        let pool = (0..<3).map { _ in Self.animation(&random, compiles: true) }
        var zeroFrom = pool[0]
        zeroFrom.kind = .basic(from: .scalar(0), to: .scalar(1), by: nil)
        var negativeZeroFrom = zeroFrom
        negativeZeroFrom.kind = .basic(from: .scalar(-0.0), to: .scalar(1), by: nil)
        let animations = pool + [zeroFrom, negativeZeroFrom]
        let layers = (0..<400).map { index -> Layer in
            var layer = Self.layer(&random)
            layer.timing = [LayerTiming.identity, LayerTiming(beginTime: -0.0), LayerTiming(beginTime: 0.5)][index % 3]
            layer.properties.transform.translationX = [0, -0.0, 2][index % 3]
            layer.animations = (0..<(index % 3)).map { _ in
                var animation = animations[Int.random(in: 0..<animations.count, using: &random)]
                animation.timing.beginTime = [0, -0.0, random.number(-1...1)][Int.random(in: 0...2, using: &random)]
                return animation
            }
            return layer
        }
        let scene = Scene(size: Size(width: 200, height: 150), backgroundColor: .white, layers: layers)
        let compiled = CompiledScene(scene)
        #expect(compiled.compiledLayerCount > 250)
        #expect(compiled.shared.channels.count == animations.count, "one record per distinct channel")
        #expect(compiled.shared.timings.count == 3)
        for time in [0, 0.37, 1.9] {
            Self.expectSameFrame(try SceneEvaluator().frame(for: compiled, at: time),
                                 try SceneEvaluator().referenceFrame(for: scene, at: time), "shared, t=\(time)")
        }
    }

    @Test func internTableKeepsSignedZerosApart() {
        var table = InternTable<Double> { $0.bitPattern == $1.bitPattern }
        #expect(table.intern(0) == 0)
        #expect(table.intern(-0.0) == 1)
        #expect(table.intern(2.5) == 2)
        #expect(table.intern(-0.0) == 1)
        #expect(table.intern(0) == 0)
        #expect(table.intern(.nan) == 3)
        #expect(table.intern(.nan) == 4, "NaN equals nothing")
        #expect(table.values.map(\.bitPattern) == [0.0, -0.0, 2.5, .nan, .nan].map(\.bitPattern))
    }

    /// Thousands of layers are evaluated in parallel runs, compiled or not.
    @Test func parallelCompiledFrameMatchesOneWalk() throws {
        let scene = ParallelEvaluationTests.scene(count: 9000)
        let compiled = CompiledScene(scene)
        #expect(compiled.compiledLayerCount > 8000)
        let one = try SceneEvaluator().referenceFrame(for: scene, at: 0.37, layersPerTask: .max)
        Self.expectSameFrame(try SceneEvaluator().frame(for: compiled, at: 0.37), one, "9000 layers")
    }

    @Test func ripplesCompileAndMatch() throws {
        let scene = RippleField(count: 3000, width: 400, height: 300).animatedScene()
        let compiled = CompiledScene(scene)
        #expect(compiled.compiledLayerCount == 3000)
        for time in [0, 0.25, 0.9] {
            Self.expectSameFrame(try SceneEvaluator().frame(for: compiled, at: time),
                                 try SceneEvaluator().referenceFrame(for: scene, at: time), "ripples t=\(time)")
        }
    }

    @Test(arguments: Fixtures.sceneNames)
    func testScenesMatch(_ name: String) throws {
        let scene = try Fixtures.scene(name)
        let compiled = CompiledScene(scene)
        for time in try Fixtures.times(for: name) {
            Self.expectSameFrame(try SceneEvaluator().frame(for: compiled, at: time),
                                 try SceneEvaluator().referenceFrame(for: scene, at: time), "\(name) t=\(time)")
        }
    }

    @Test(arguments: ["pulsing-rings.json", "ripple.json", "shimmer.json", "typing-dots.json", "waves.json"])
    func examplesMatch(_ name: String) throws {
        let scene = try SceneLoader.load(contentsOfFile: Repository.example(name))
        let compiled = CompiledScene(scene)
        for time in [0, 0.37, 1.3, 2.9] {
            Self.expectSameFrame(try SceneEvaluator().frame(for: compiled, at: time),
                                 try SceneEvaluator().referenceFrame(for: scene, at: time), "\(name) t=\(time)")
        }
    }

    /// A budget stops a compiled frame where it stops the walk, with the same message.
    @Test(arguments: [WorkBudget.Key.primitives, .instances, .pixels])
    func budgetStopsAtTheSameLayer(_ key: WorkBudget.Key) throws {
        let scene = RippleField(count: 500, width: 400, height: 300).animatedScene()
        var budget = WorkBudget()
        budget[key] = key == .pixels ? 90_000 : 200
        let walked = Self.message { try SceneEvaluator().referenceFrame(for: scene, at: 0.4, budget: budget) }
        let compiled = Self.message { try SceneEvaluator().frame(for: CompiledScene(scene), at: 0.4, budget: budget) }
        #expect(walked.contains("layers[") && walked.contains(key.rawValue), "\(walked)")
        #expect(compiled == walked)
    }
}

extension CompiledSceneTests {
    /// Random scenes (translucent, far, invisible and walked layers) stop
    /// at the same layer under every small primitive or pixel budget.
    @Test(arguments: 0..<4)
    func budgetsStopRandomScenesAtTheSameLayer(seed: Int) throws {
        let scene = Self.randomScene(seed: UInt64(100 + seed), count: 60)
        let compiled = CompiledScene(scene)
        var stopped = 0
        for limit in [3, 8, 15, 24, 37, 52, 80, 120] {
            for key in [WorkBudget.Key.primitives, .pixels] {
                var budget = WorkBudget()
                budget[key] = key == .pixels ? limit * 1500 : limit
                let walked = Self.message { try SceneEvaluator().referenceFrame(for: scene, at: 0.6, budget: budget) }
                #expect(Self.message { try SceneEvaluator().frame(for: compiled, at: 0.6, budget: budget) } == walked,
                        "\(key) \(limit)")
                if walked != "no error" { stopped += 1 }
            }
        }
        #expect(stopped >= 8, "most of these budgets stop the frame")
    }
}

extension CompiledSceneTests {
    /// A scene of compiled layers only, in parallel tasks that write their
    /// circles straight into the frame (some layers draw nothing, some draw
    /// polygons), evaluated again and again in recycled storage: every
    /// frame is the tree walk's.
    @Test func directFramesInRecycledStorageMatchTheTreeWalk() throws {
        var random = SplitMix(seed: 7)
        var layers: [Layer] = [], huge = 0
        while layers.count < 6000 {
            let layer = Self.layer(&random)
            // A few of the frame-covering circles drawn as polygons: each costs thousands of vertices.
            let isHuge = layer.properties.bounds.size.width > 1e6
            if CompiledScene(Scene(size: Size(width: 1, height: 1), layers: [layer])).compiledLayerCount == 1,
               !isHuge || huge < 12 {
                layers.append(layer)
                huge += isHuge ? 1 : 0
            }
        }
        let scene = Scene(size: Size(width: 200, height: 150), backgroundColor: .white, layers: layers)
        let compiled = CompiledScene(scene)
        #expect(compiled.walked.count == 0)
        var storage = FrameStorage()
        let evaluator = SceneEvaluator()
        for time in [0.37, -0.5, 1.9, 0.37, 4.25] {
            let frame = try evaluator.frame(for: compiled, at: time, budget: WorkBudget(), layersPerTask: 700,
                                            storage: &storage)
            let walked = try evaluator.referenceFrame(for: scene, at: time, layersPerTask: .max)
            #expect(frame.circles.count > 200 && frame.instances.count > 1000,
                    "\(frame.circles.count) circles, \(frame.instances.count) instances, t=\(time)")
            Self.expectSameFrame(frame, walked, "direct, t=\(time)")
            storage.recycle(frame)
        }
        // A field of circles, the case the direct writes are for.
        let field = RippleField(count: 9000, width: 400, height: 300)
        let ripples = field.compiledAnimatedScene()
        for time in [0.25, 0.9] {
            let frame = try evaluator.frame(for: ripples, at: time, budget: WorkBudget(), layersPerTask: 1000,
                                            storage: &storage)
            #expect(frame.circles.count == 9000)
            Self.expectSameFrame(frame, try evaluator.referenceFrame(for: field.animatedScene(), at: time), "ripples, t=\(time)")
            storage.recycle(frame)
        }
    }
}

extension CompiledSceneTests {
    /// A random plain layer holding `sublayers`: usually one that compiles as
    /// a container (any placement, sublayer transform and timing, animated
    /// or not, at times out of reach), sometimes one the walk must draw
    /// itself (translucent, clipped, hidden, with a background, its opacity
    /// animated).
    static func container(_ random: inout SplitMix, _ sublayers: [Layer]) -> Layer {
        var p = LayerProperties()
        p.bounds = Rect(x: random.number(-5...5), y: random.number(-5...5), width: random.number(0...200),
                        height: random.number(0...150))
        p.position = Point(x: random.number(0...200), y: random.number(0...150))
        p.anchorPoint = Point(x: random.number(0...1), y: random.number(0...1))
        p.transform = LayerTransform(translationX: random.number(-10...10), translationY: 0,
                                     rotation: random.chance(0.5) ? 0 : random.number(-1...1),
                                     scaleX: random.number(0.6...1.4), scaleY: random.number(0.6...1.4), matrix: .identity)
        if random.chance(0.3) { p.sublayerTransform = LayerTransform(translationX: 5, translationY: -3, rotation: 0.2) }
        var animations: [Animation] = []
        switch Int.random(in: 0..<12, using: &random) {
        case 0: p.opacity = 0.6
        case 1: p.masksToBounds = true
        case 2, 3: animations = (0..<Int.random(in: 1...3, using: &random)).map { _ in animation(&random, compiles: true) }
        case 4: p.isHidden = random.chance(0.5); p.opacity = p.isHidden ? 1 : 0
        case 5: p.backgroundColor = random.color()
        case 6:
            // Scaled past the largest number for part of the time: the walk then does not reach its sublayers.
            var timing = MediaTiming()
            (timing.duration, timing.repeatCount, timing.autoreverses) = (1, .infinity, true)
            animations = [Animation(keyPath: .transformScale, kind: .basic(from: .scalar(1), to: .scalar(1e308), by: nil),
                                    timing: timing)]
        default: p.opacity = random.chance(0.8) ? 1 : 1.5
        }
        let timing = random.chance(0.5) ? LayerTiming.identity
            : LayerTiming(beginTime: random.number(-1...1), speed: random.number(0...2), timeOffset: random.number(0...1))
        return Layer(kind: .plain, properties: p, sublayers: sublayers, animations: animations, timing: timing)
    }

    /// `count` random layers, runs of them held by random containers, some nested.
    static func randomTree(seed: UInt64, count: Int) -> Scene {
        var random = SplitMix(seed: seed)
        func layers(_ count: Int, depth: Int) -> [Layer] {
            var result: [Layer] = []
            while result.count < count {
                if depth < 3, random.chance(0.25) {
                    let inner = layers(Int.random(in: 0...min(40, count - result.count), using: &random), depth: depth + 1)
                    result.append(container(&random, inner))
                } else {
                    result.append(layer(&random))
                }
            }
            return result
        }
        return Scene(size: Size(width: 200, height: 150), scale: random.chance(0.5) ? 1 : 2.5,
                     backgroundColor: .white, layers: layers(count, depth: 0))
    }

    /// Layers under plain containers compile and draw the tree walk's frames,
    /// in one task or split between tasks anywhere inside the containers.
    @Test(arguments: 0..<6)
    func treesOfContainersMatchTheTreeWalk(seed: Int) throws {
        let scene = Self.randomTree(seed: UInt64(200 + seed), count: 50)
        let compiled = CompiledScene(scene)
        #expect(compiled.containers.count >= 2 && compiled.leaves.count >= 15, "\(compiled.containers.count) containers")
        #expect(compiled.layerCount == scene.layers.count)
        let evaluator = SceneEvaluator()
        var storage = FrameStorage()
        for time in [-0.5, 0.37, 1.9, 4.25] {
            let walked = try evaluator.referenceFrame(for: scene, at: time, layersPerTask: .max)
            Self.expectSameFrame(try evaluator.frame(for: compiled, at: time), walked, "seed \(seed), t=\(time)")
            for layersPerTask in [1, 9] {
                let frame = try evaluator.frame(for: compiled, at: time, budget: WorkBudget(), layersPerTask: layersPerTask,
                                                storage: &storage)
                Self.expectSameFrame(frame, walked, "seed \(seed), t=\(time), \(layersPerTask) a task")
                storage.recycle(frame)
            }
        }
    }

    /// Containers animated in position and transform compile and hand their
    /// sublayers the walk's transform at every time, also when a task starts
    /// inside them; one scaled out of reach for half of each second draws
    /// nothing meanwhile.
    @Test func animatedContainersMatchTheTreeWalk() throws {
        var random = SplitMix(seed: 41)
        var repeating = MediaTiming()
        (repeating.duration, repeating.repeatCount, repeating.autoreverses) = (1, .infinity, true)
        func basic(_ keyPath: AnimatableKeyPath, _ from: Double, _ to: Double) -> Animation {
            Animation(keyPath: keyPath, kind: .basic(from: .scalar(from), to: .scalar(to), by: nil), timing: repeating,
                      timingFunction: .easeInEaseOut)
        }
        func circles(_ count: Int) -> [Layer] {
            (0..<count).map { _ in
                var layer = Self.layer(&random)
                layer.sublayers = []
                layer.properties.path = ShapePath([.ellipse(in: layer.properties.bounds)])
                (layer.properties.backgroundColor, layer.properties.lineDashPattern) = (nil, nil)
                layer.animations = [basic(.transformScale, 0.5, 1.2)]
                return layer
            }
        }
        func container(_ sublayers: [Layer], _ animations: [Animation]) -> Layer {
            var p = LayerProperties()
            p.bounds = Rect(x: 0, y: 0, width: 120, height: 90)
            p.position = Point(x: 100, y: 75)
            return Layer(kind: .plain, properties: p, sublayers: sublayers, animations: animations)
        }
        let unreachable = container(circles(10), [basic(.transformScale, 1, 1e308)])
        let still = container(circles(10), [])
        let root = container(circles(10) + [still, unreachable] + circles(10),
                             [basic(.transformRotationZ, 0, 1.5), basic(.positionX, 80, 120)])
        let scene = Scene(size: Size(width: 200, height: 150), scale: 2, backgroundColor: .white, layers: [root])
        let compiled = CompiledScene(scene)
        #expect(compiled.containers.count == 3 && compiled.leaves.count >= 30)
        let evaluator = SceneEvaluator()
        var storage = FrameStorage()
        var drawn: Set<Int> = []
        for time in [0, 0.2, 0.5, 0.8, 1.3] {
            let walked = try evaluator.referenceFrame(for: scene, at: time)
            drawn.insert(walked.circles.count)
            for layersPerTask in [1, 4, .max] {
                let frame = try evaluator.frame(for: compiled, at: time, budget: WorkBudget(), layersPerTask: layersPerTask,
                                                storage: &storage)
                Self.expectSameFrame(frame, walked, "t=\(time), \(layersPerTask) a task")
                storage.recycle(frame)
            }
        }
        #expect(drawn.count > 1, "the unreachable container's circles are drawn at some times only")
    }

    /// A frame over its budget fails as the walk's does (same message), even
    /// when its tasks were split inside containers.
    @Test(arguments: 0..<3)
    func budgetsStopTreesOfContainersAtTheSameLayer(seed: Int) throws {
        let scene = Self.randomTree(seed: UInt64(300 + seed), count: 50)
        let compiled = CompiledScene(scene)
        var stopped = 0
        for limit in [3, 15, 37, 80] {
            for key in [WorkBudget.Key.primitives, .pixels, .instances] {
                var budget = WorkBudget()
                budget[key] = key == .pixels ? limit * 1500 : limit
                for layersPerTask in [7, 2048] {
                    let walked = Self.message { try SceneEvaluator().referenceFrame(for: scene, at: 0.6, budget: budget,
                                                                      layersPerTask: layersPerTask) }
                    var storage = FrameStorage()
                    let fromCompiled = Self.message {
                        try SceneEvaluator().frame(for: compiled, at: 0.6, budget: budget, layersPerTask: layersPerTask,
                                                   storage: &storage)
                    }
                    #expect(fromCompiled == walked, "\(key) \(limit), \(layersPerTask) a task")
                    if walked != "no error" { stopped += 1 }
                }
            }
        }
        #expect(stopped >= 8, "most of these budgets stop the frame")
    }

    /// A field of circles under one root layer is compiled and split between
    /// tasks as it would be at the top level, with direct circle writes.
    @Test func aFieldUnderARootLayerCompiles() throws {
        let field = RippleField(count: 5000, width: 400, height: 300).animatedScene()
        var root = LayerProperties()
        root.bounds = Rect(x: 0, y: 0, width: 400, height: 300)
        root.position = Point(x: 210, y: 140)
        let scene = Scene(size: field.size, scale: 1.5, backgroundColor: field.backgroundColor,
                          layers: [Layer(kind: .plain, properties: root, sublayers: field.layers,
                                         timing: LayerTiming(beginTime: 0.1))])
        let compiled = CompiledScene(scene)
        #expect(compiled.compiledLayerCount == 5001 && compiled.walked.count == 0)
        var storage = FrameStorage()
        for time in [0.25, 0.9] {
            let frame = try SceneEvaluator().frame(for: compiled, at: time, budget: WorkBudget(), layersPerTask: 600,
                                                   storage: &storage)
            #expect(frame.circles.count > 4000)
            Self.expectSameFrame(frame, try SceneEvaluator().referenceFrame(for: scene, at: time), "root, t=\(time)")
            storage.recycle(frame)
        }
    }
}

/// The random numbers the scenes are made of (these tests' and `AnimationChannelTests`').
extension SplitMix {
    mutating func number(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
    mutating func chance(_ p: Double) -> Bool { number(0...1) < p }
    mutating func color() -> Color {
        Color(red: number(0...1), green: number(0...1), blue: number(0...1), alpha: number(-0.1...1))
    }
}

/// Evaluating a compiled scene in recycled storage, and drawing a frame in
/// tiles on the CPU, allocate nothing once the arrays have grown: no
/// allocation in the steady state. Counted in an
/// optimized build only (`.ci/run` runs these tests with `-c release`): an
/// unoptimized build allocates for its accessors' coroutine frames.
@Suite(.serialized)
struct SteadyStateAllocationTests {
    #if DEBUG
    static let counts = false
    #else
    static let counts = lfx_allocation_counter_available() == 1
    #endif

    /// The fewest allocations of one frame over several frames (other tests
    /// of the process allocate concurrently and can only add to a count).
    static func fewestAllocations(_ compiled: CompiledScene, times: [Double]) throws -> Int {
        var storage = FrameStorage()
        let evaluator = SceneEvaluator()
        // Made once, as a sequence makes it (a budget holds an array of limits).
        let budget = WorkBudget()
        // Warm: the storage's arrays grow to the frames' size.
        for time in times {
            storage.recycle(try evaluator.frame(for: compiled, at: time, budget: budget, storage: &storage))
        }
        var fewest = Int.max
        for time in times + times {
            lfx_allocation_counter_start()
            let frame = try evaluator.frame(for: compiled, at: time, budget: budget, storage: &storage)
            storage.recycle(frame)
            fewest = min(fewest, lfx_allocation_counter_stop())
        }
        return fewest
    }

    @Test(.enabled(if: counts, "the allocation counter: an optimized build, not under a sanitizer"))
    func aRippleFieldFrameAllocatesNothing() throws {
        let compiled = RippleField(count: 20_000, width: 800, height: 600).compiledAnimatedScene()
        let fewest = try Self.fewestAllocations(compiled, times: [0.1, 0.35, 0.6, 0.85])
        #expect(fewest == 0, "\(fewest) allocations a frame")
    }

    /// The same field under a root layer (split between tasks inside it).
    @Test(.enabled(if: counts, "the allocation counter: an optimized build, not under a sanitizer"))
    func aFieldUnderARootLayerAllocatesNothing() throws {
        let field = RippleField(count: 20_000, width: 800, height: 600).animatedScene()
        var root = LayerProperties()
        root.bounds = Rect(x: 0, y: 0, width: 800, height: 600)
        root.position = Point(x: 400, y: 300)
        let compiled = CompiledScene(Scene(size: field.size, layers: [Layer(kind: .plain, properties: root,
                                                                             sublayers: field.layers)]))
        #expect(compiled.containers.count == 1)
        let fewest = try Self.fewestAllocations(compiled, times: [0.1, 0.35, 0.6, 0.85])
        #expect(fewest == 0, "\(fewest) allocations a frame")
    }

    /// Every example's warm frame, walked layers included (masks, clips,
    /// offscreen groups, text, gradients, stars), allocates nothing.
    @Test(.enabled(if: counts, "the allocation counter: an optimized build, not under a sanitizer"),
          arguments: ["pulsing-rings.json", "ripple.json", "shimmer.json", "typing-dots.json", "waves.json"])
    func anExampleFrameAllocatesNothing(_ name: String) throws {
        let compiled = CompiledScene(try SceneLoader.load(contentsOfFile: Repository.example(name)))
        let fewest = try Self.fewestAllocations(compiled, times: [0.1, 0.37, 0.6, 1.3])
        #expect(fewest == 0, "\(name): \(fewest) allocations a frame")
    }

    /// Tile compositing draws a warm frame (its lists, shape records and
    /// pixels kept from the frame before) without allocating: circles, and
    /// rounded rectangles with their interior tiles; 25,000 circles are
    /// binned in bands (`TileBins.bandedCircles`).
    @Test(.enabled(if: counts, "the allocation counter: an optimized build, not under a sanitizer"),
          arguments: [(RippleField.Shape.circle, 5000), (.roundedRect, 5000), (.circle, 25_000)])
    func aTiledFrameIsDrawnWithoutAllocating(_ shape: RippleField.Shape, count: Int) throws {
        let frame = try SceneEvaluator().frame(for: RippleField(count: count, width: 640, height: 360).scene(shape: shape),
                                               at: 0)
        let renderer = CPURenderer(compositing: .tiles)
        var pixels = PixelBuffer(width: 0, height: 0, bytes: [])
        for _ in 0..<2 { try renderer.render(frame, into: &pixels) }
        var fewest = Int.max
        for _ in 0..<4 {
            lfx_allocation_counter_start()
            try renderer.render(frame, into: &pixels)
            fewest = min(fewest, lfx_allocation_counter_stop())
        }
        #expect(fewest == 0, "\(count) \(shape.rawValue)s: \(fewest) allocations a frame")
    }

    /// Gradients of more stops than an instance holds and masks of every
    /// mode: the stop table is the storage's, kept from frame to frame.
    @Test(.enabled(if: counts, "the allocation counter: an optimized build, not under a sanitizer"))
    func aFrameOfLongGradientsAndMaskModesAllocatesNothing() throws {
        let colors = (0..<12).map { Color(red: Double($0) / 11, green: 0.5, blue: 1 - Double($0) / 11) }
        var layers: [Layer] = []
        for (i, mode) in MaskMode.allCases.enumerated() {
            var p = LayerProperties()
            p.bounds = Rect(x: 0, y: 0, width: 60, height: 60)
            p.position = Point(x: 40 + 70 * Double(i), y: 40)
            p.colors = colors
            p.gradientType = [.axial, .radial, .conic, .axial][i]
            p.maskMode = mode
            var mask = LayerProperties()
            mask.bounds = Rect(x: 0, y: 0, width: 30, height: 30)
            mask.position = Point(x: 30, y: 30)
            mask.backgroundColor = Color(red: 1, green: 0.5, blue: 0, alpha: 0.75)
            mask.cornerRadius = 8
            let spin = Animation(keyPath: .transformRotation, kind: .basic(from: .scalar(0), to: .scalar(6), by: nil),
                                 timing: { var t = MediaTiming(); t.duration = 2; return t }())
            layers.append(Layer(kind: .gradient, properties: p, mask: Layer(properties: mask, animations: [spin])))
        }
        let compiled = CompiledScene(Scene(size: Size(width: 300, height: 80), layers: layers))
        let fewest = try Self.fewestAllocations(compiled, times: [0.1, 0.37, 0.6, 1.3])
        #expect(fewest == 0, "\(fewest) allocations a frame")
    }

    /// Layer contents images, animated, masking and masked, tinted by a
    /// replicator: the frame's list of images is the storage's, kept from
    /// frame to frame, and an image is shared by reference.
    @Test(.enabled(if: counts, "the allocation counter: an optimized build, not under a sanitizer"))
    func aFrameOfImagesAllocatesNothing() throws {
        for name in ["41-images.json", "42-image-masks.json"] {
            let compiled = CompiledScene(try Fixtures.scene(name))
            let fewest = try Self.fewestAllocations(compiled, times: [0.1, 0.37, 0.6, 1.3])
            #expect(fewest == 0, "\(name): \(fewest) allocations a frame")
        }
    }

    /// The counter counts: a frame evaluated without storage allocates its arrays.
    @Test(.enabled(if: counts, "the allocation counter: an optimized build, not under a sanitizer"))
    func aFrameWithoutStorageAllocates() throws {
        let compiled = RippleField(count: 20_000, width: 800, height: 600).compiledAnimatedScene()
        lfx_allocation_counter_start()
        _ = try SceneEvaluator().frame(for: compiled, at: 0.35)
        #expect(lfx_allocation_counter_stop() >= 3)
    }
}

/// A sequence's alternating storage gives every frame its own values, even
/// when a caller keeps frames alive past their turn.
struct SequenceFrameStorageTests {
    @Test func framesStayTheirOwnWhenKeptOrRecycled() throws {
        let compiled = RippleField(count: 5000, width: 400, height: 300).compiledAnimatedScene()
        let evaluator = SceneEvaluator(), budget = WorkBudget(), storage = SequenceFrameStorage()
        let times = [0.0, 0.1, 0.2, 0.3, 0.45, 0.6, 0.75, 0.9]
        var kept: [Frame] = []
        for (index, time) in times.enumerated() {
            let frame = try storage.frame(index) { try evaluator.frame(for: compiled, at: time, budget: budget, storage: &$0) }
            CompiledSceneTests.expectSameFrame(frame, try evaluator.frame(for: compiled, at: time), "t=\(time)")
            if index % 3 == 0 { kept.append(frame) }  // held past its turn: the storage must not write into it
        }
        for (frame, index) in zip(kept, stride(from: 0, to: times.count, by: 3)) {
            CompiledSceneTests.expectSameFrame(frame, try evaluator.frame(for: compiled, at: times[index]),
                                               "kept frame \(index)")
        }
    }
}
