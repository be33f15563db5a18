import LayerFX
@testable import LayerFXEvaluation
import Testing

/// Scenes with thousands of top-level layers are evaluated in parallel runs of
/// layers; the joined frame must be the one a single walk makes.
struct ParallelEvaluationTests {
    /// Ripples with, every 97th layer, a star path (polygon bands pointing into
    /// the shared edge list), a faded group, a masked group (every mask
    /// mode) and a gradient of 7 to 11 stops (pointing into the shared stop
    /// table), every other one masked by a triangle (polygon bands pointing
    /// into both).
    static func scene(count: Int) -> Scene {
        var layers = RippleField(count: count, width: 400, height: 300).animatedScene().layers
        for i in stride(from: 0, to: count, by: 97) {
            var star = LayerProperties()
            star.position = Point(x: Double(i % 400), y: Double(i % 300))
            star.path = ShapePath([.star(center: .zero, points: 5, outerRadius: 12, innerRadius: 5, rotation: 0)])
            star.lineWidth = 3
            star.strokeColor = Color(red: 0, green: 0, blue: 0, alpha: 0.8)
            star.lineJoin = .bevel  // outlined: the analytic star draws round and mitred joins only
            layers[i] = Layer(kind: .shape, properties: star)
            if i % 3 == 0 {
                var group = LayerProperties()
                group.opacity = 0.5
                layers[i] = Layer(properties: group, sublayers: [layers[i], layers[i + 1]])
            }
            if i % 5 == 0 {
                layers[i].mask = layers[i + 2]
                layers[i].properties.maskMode = MaskMode.allCases[i % 4]
            }
            if i % 2 == 0 {
                // A gradient of more stops than an instance holds: in the frame's stop table.
                var gradient = LayerProperties()
                gradient.bounds = Rect(x: 0, y: 0, width: 20, height: 10)
                gradient.position = Point(x: Double(i % 380), y: Double(i % 290))
                gradient.colors = (0..<(7 + i % 5)).map { Color(red: Double($0 % 3) / 2, green: Double(i % 11) / 10, blue: 0.5) }
                layers[i + 3] = Layer(kind: .gradient, properties: gradient)
                if i % 4 == 0 {
                    // Masked by a triangle: drawn as its bands painted with the gradient.
                    var triangle = LayerProperties()
                    triangle.path = ShapePath([.elements([.move(Point(x: 0, y: 0)), .line(Point(x: 20, y: 2)),
                                                          .line(Point(x: 8, y: 10)), .close])])
                    triangle.fillColor = .black
                    layers[i + 3].mask = Layer(kind: .shape, properties: triangle)
                }
            }
        }
        return Scene(size: Size(width: 400, height: 300), backgroundColor: .white, layers: layers)
    }

    @Test func parallelWalkEqualsOneWalk() throws {
        let scene = Self.scene(count: 9000)
        let one = try SceneEvaluator().referenceFrame(for: scene, at: 0.37, layersPerTask: .max)
        for perTask in [1000, 2048, 4500] {
            let parallel = try SceneEvaluator().referenceFrame(for: scene, at: 0.37, layersPerTask: perTask)
            #expect(parallel.instances == one.instances, "\(perTask) layers per task")
            #expect(parallel.circles == one.circles, "\(perTask) layers per task")
            #expect(parallel.runs == one.runs, "\(perTask) layers per task")
            #expect(parallel.pathEdges == one.pathEdges, "\(perTask) layers per task")
            #expect(parallel.gradientStops == one.gradientStops, "\(perTask) layers per task")
        }
        #expect(one.instances.contains { $0.kind == .path })
        #expect(one.instances.contains { $0.gradientTableRange != nil } && !one.gradientStops.isEmpty)
        #expect(one.instances.contains { $0.kind == .path && $0.gradientTableRange != nil })
        #expect(one.instances.contains { $0.kind == .composite })
        #expect(!one.circles.isEmpty)
        #expect(one.runs.count > 2, "circles and instances interleave")
        let threaded = try SceneEvaluator().referenceFrame(for: scene, at: 0.37)
        #expect(threaded.instances == one.instances && threaded.circles == one.circles && threaded.runs == one.runs)
    }
}
