import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

/// The benchmark's ripple field: the same numbers as the peers' generator
/// (`Benchmarks/Peers/gen_ripples.py`, values copied from its ripples-1000.json),
/// their JSON files read as they are, and scenes whose ripples all take the
/// circle path.
struct RippleFieldTests {
    @Test func generatedFieldMatchesThePeersScript() {
        let field = RippleField(count: 1000)
        #expect(field.ripples.count == 1000)
        #expect((field.width, field.height) == (1920, 1080))
        let first = field.ripples[0], second = field.ripples[1], last = field.ripples[999]
        #expect((first.x, first.y, first.r) == (1492.525, 723.412, 8.362))
        #expect(first.fill == Color(red: 0.353, green: 0.468, blue: 0.535, alpha: 0.59))
        #expect(first.stroke == Color(red: 0.353, green: 0.468, blue: 0.535, alpha: 0.885))
        #expect(first.strokeWidth == 2)
        #expect((second.x, second.y, second.r) == (250.205, 724.943, 20.026))
        #expect(second.stroke.alpha == 0.378)
        #expect((last.x, last.y, last.r) == (1387.073, 1041.426, 13.553))
        #expect(last.fill == Color(red: 0.545, green: 0.31, blue: 0.367, alpha: 0.432))
    }

    @Test func readsThePeersFileFormat() throws {
        let file = try Self.write("""
            {"width":64,"height":32,"background":[1,1,1,1],"ripples":[
            {"x":10,"y":12.5,"r":4,"fill":[0.1,0.2,0.3,0.4],"stroke":[0.1,0.2,0.3,0.6],"strokeWidth":2},
            {"x":40,"y":20,"r":9,"fill":[1,0,0,0.5],"stroke":[1,0,0,0.75],"strokeWidth":1}
            ]}
            """)
        let field = try RippleField(contentsOfFile: file)
        #expect((field.width, field.height, field.ripples.count) == (64, 32, 2))
        #expect(field.ripples[1] == .init(x: 40, y: 20, r: 9, fill: Color(red: 1, green: 0, blue: 0, alpha: 0.5),
                                          stroke: Color(red: 1, green: 0, blue: 0, alpha: 0.75), strokeWidth: 1))
        #expect(abs(field.paintedArea - Double.pi * (25 + 100)) < 1e-9)
    }

    @Test(arguments: [
        ("{\"width\":64,", "malformed JSON"),
        ("{\"width\":64,\"height\":32,\"background\":[1,1,1,1]}", "missing key \"ripples\""),
        ("{\"width\":64,\"height\":32,\"background\":[1,1,1,1],\"ripples\":[{\"x\":1,\"y\":1,\"r\":2,\"fill\":[1,0,0],\"stroke\":[1,0,0,1],\"strokeWidth\":2}]}",
         "ripples[0].fill must be four numbers in 0…1"),
        ("{\"width\":0,\"height\":32,\"background\":[1,1,1,1],\"ripples\":[]}", "width and height must be 1…16384"),
        ("{\"width\":64,\"height\":32,\"background\":[1,1,1,1],\"ripples\":[{\"x\":1,\"y\":1,\"r\":-2,\"fill\":[1,0,0,1],\"stroke\":[1,0,0,1],\"strokeWidth\":2}]}",
         "ripples[0]: x, y must be finite and r, strokeWidth ≥ 0"),
    ])
    func badFilesAreReportedWithThePlace(_ text: String, _ message: String) throws {
        let file = try Self.write(text)
        let error = try #require(throws: RippleFieldError.self) { try RippleField(contentsOfFile: file) }
        #expect(error.description.hasPrefix(file + ": "))
        #expect(error.description.contains(message), "\(error)")
    }

    @Test func missingFileIsReported() throws {
        let error = try #require(throws: RippleFieldError.self) {
            try RippleField(contentsOfFile: "/nonexistent/ripples.json")
        }
        #expect(error.description.hasPrefix("/nonexistent/ripples.json: cannot read the file"))
    }

    /// Every ripple, still or animated, is a plain device circle, so both
    /// backends draw the field with their circle path.
    @Test func everyRippleIsADeviceCircle() throws {
        let field = RippleField(count: 200, width: 320, height: 180)
        let still = try SceneEvaluator().frame(for: field.scene(), at: 0)
        #expect(still.circles.count == 200 && still.instances.isEmpty)
        #expect(still.runs == [DrawRun(.circles, 0..<200)])
        let radii = still.circles.map(\.geometry.z)
        #expect(radii == field.ripples.map { Float($0.r) })

        let animated = try SceneEvaluator().frame(for: field.animatedScene(), at: 0.3)
        #expect(animated.instances.isEmpty)
        let circles = animated.circles
        #expect(circles.count == 200)
        for (circle, ripple) in zip(circles, field.ripples) {
            #expect(circle.geometry.z >= Float(0.25 * ripple.r) - 1e-3 && circle.geometry.z <= Float(ripple.r) + 1e-3)
        }
        #expect(Set(circles.map(\.geometry.z)).count > 150)   // every ripple at its own phase
    }

    static func write(_ text: String) throws -> String {
        let url = try TemporaryDirectory.make("ripples").appending(path: "field.json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
