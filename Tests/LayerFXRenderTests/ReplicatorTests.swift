import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

/// CAReplicatorLayer: copies of the sublayers with a cumulative transform,
/// a per-copy time delay and a per-copy colour (core-animation.md §10).
struct ReplicatorTests {
    /// A replicator of `count` copies of one 4 × 4 red square at the origin.
    static func replicator(count: Int, configure: (inout LayerProperties) -> Void = { _ in },
                           animations: [Animation] = []) -> Scene {
        var square = LayerProperties()
        square.bounds = Rect(x: 0, y: 0, width: 4, height: 4)
        square.position = Point(x: 2, y: 2)
        square.backgroundColor = Color(red: 1, green: 0, blue: 0)
        var properties = LayerProperties()
        properties.bounds = Rect(x: 0, y: 0, width: 40, height: 20)
        properties.position = Point(x: 20, y: 10)
        properties.instanceCount = count
        configure(&properties)
        let replicator = Layer(kind: .replicator, properties: properties,
                               sublayers: [Layer(properties: square, animations: animations)])
        return Scene(size: Size(width: 40, height: 20), layers: [replicator])
    }

    /// The device-space x translation of each primitive.
    static func xs(_ frame: Frame) -> [Float] { frame.instances.map(\.translation.x) }

    @Test func copiesAccumulateTheInstanceTransform() throws {
        let scene = Self.replicator(count: 3) { $0.instanceTransform = LayerTransform(translationX: 10) }
        let frame = try SceneEvaluator().frame(for: scene, at: 0)
        #expect(frame.instances.count == 3)
        #expect(Self.xs(frame) == [0, 10, 20])
        #expect(try SceneEvaluator().frame(for: Self.replicator(count: 0), at: 0).runs.isEmpty)
    }

    @Test func instanceTransformTurnsAboutTheReplicatorCentre() throws {
        // A half turn about the centre (20, 10) maps the square's corner (0, 0) to (40, 20).
        let scene = Self.replicator(count: 2) { $0.instanceTransform = LayerTransform(rotation: .pi) }
        let second = try SceneEvaluator().frame(for: scene, at: 0).instances[1]
        #expect(abs(second.translation.x - 40) < 1e-4 && abs(second.translation.y - 20) < 1e-4)
        #expect(abs(second.transform.x + 1) < 1e-6)  // a = cos π
    }

    @Test func eachCopyRunsInstanceDelayBehind() throws {
        var move = Animation(keyPath: .positionX, kind: .basic(from: .scalar(0), to: .scalar(10), by: nil))
        move.timing.duration = 1
        let scene = Self.replicator(count: 3, configure: { $0.instanceDelay = 0.25 }, animations: [move])
        // At 0.5 s copy k is at local time 0.5 − 0.25k: x = 10·(0.5, 0.25, 0) − 2 (anchor at the centre).
        #expect(Self.xs(try SceneEvaluator().frame(for: scene, at: 0.5)) == [3, 0.5, -2])
    }

    @Test func nestedReplicatorsMultiplyCopiesTransformsAndTints() throws {
        // Inner: 3 copies 10 apart in x, alpha offset −0.25; outer: 2 copies 6 apart in y, red offset −0.5.
        var inner = Self.replicator(count: 3) {
            $0.instanceTransform = LayerTransform(translationX: 10)
            $0.instanceAlphaOffset = -0.25
        }.layers[0]
        inner.properties.position = Point(x: 20, y: 10)
        var outer = LayerProperties()
        outer.bounds = Rect(x: 0, y: 0, width: 40, height: 20)
        outer.position = Point(x: 20, y: 10)
        outer.instanceCount = 2
        outer.instanceTransform = LayerTransform(translationY: 6)
        outer.instanceRedOffset = -0.5
        let scene = Scene(size: Size(width: 40, height: 20),
                          layers: [Layer(kind: .replicator, properties: outer, sublayers: [inner])])
        let primitives = try SceneEvaluator().frame(for: scene, at: 0).instances
        #expect(primitives.map(\.translation.x) == [0, 10, 20, 0, 10, 20])
        #expect(primitives.map(\.translation.y) == [0, 0, 0, 6, 6, 6])
        #expect(primitives.map(\.fillColor) == [
            SIMD4(1, 0, 0, 1), SIMD4(1, 0, 0, 0.75), SIMD4(1, 0, 0, 0.5),
            SIMD4(0.5, 0, 0, 1), SIMD4(0.5, 0, 0, 0.75), SIMD4(0.5, 0, 0, 0.5),
        ])
    }

    @Test func copiesAreTintedByInstanceColorAndOffsets() throws {
        let scene = Self.replicator(count: 3) {
            $0.instanceTransform = LayerTransform(translationX: 10)
            $0.instanceColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
            $0.instanceRedOffset = -0.25
            $0.instanceAlphaOffset = -0.5
        }
        let colors = try SceneEvaluator().frame(for: scene, at: 0).instances.map(\.fillColor)
        #expect(colors == [SIMD4(1, 0, 0, 1), SIMD4(0.75, 0, 0, 0.5)])  // copy 2 (alpha 0) is culled
        // Drawn: copy 1 is premultiplied (0.75·0.5 → 96, alpha 128); copy 2 is invisible.
        let image = try CPURenderer().render(try SceneEvaluator().frame(for: scene, at: 0))
        #expect(image[2, 2] == SIMD4(255, 0, 0, 255))
        #expect(image[12, 2] == SIMD4(96, 0, 0, 128))
        #expect(image[22, 2] == SIMD4(0, 0, 0, 0))
    }
}

/// `Examples/typing-dots.json` (seed 003) end to end: decoded, replicated and
/// evaluated, its three dots match test-vectors.md table 5c at t = 0.25.
@Test func typingDotsExampleMatchesTable5c() throws {
    let scene = try SceneLoader.load(contentsOfFile: Repository.example("typing-dots.json"))
    // The dots are 10 × 10 squares rounded all the way: circles (the balloon is a path, drawn as polygon bands).
    let dots = try SceneEvaluator().frame(for: scene, at: 0.25).circles
    // Instance 0 (opacity −0.023 → 0) is culled; instances 1 and 2 remain.
    #expect(dots.count == 2)
    let expected: [(opacity: Float, scale: Float, dy: Float, x: Float)] = [
        (0.389507, 1.183148, -6.104925, 100), (0.895595, 1.031322, -1.044055, 116),
    ]
    for (dot, row) in zip(dots, expected) {
        #expect(abs(dot.fill.w - row.opacity) < 1e-5)                 // an opaque dot colour times the opacity
        #expect(abs(dot.geometry.z / 2 - 5 * row.scale) < 1e-5)       // radius, 2 px per point
        #expect(abs(dot.geometry.y / 2 - (52 + row.dy)) < 1e-4)       // the centre
        #expect(abs(dot.geometry.x / 2 - row.x) < 1e-4)
    }
}
