import Testing
import LayerFXCore
import LayerFXModel
import LayerFXScene

/// `"effect": "shimmer"`: seed 002, answer version (effects.md §3b, test-vectors.md table 5b).
@Suite struct ShimmerEffectTests {
    /// Table 5b: t and the eased progress of the locations (nil: the child is inactive, model locations).
    static let table5b: [(t: Double, p: Double?, l1: Double)] = [
        (0, 0, -0.15), (0.75, 0.129162, 0.0179), (1.5, 0.5, 0.5), (2.25, 0.870838, 0.9821), (2.999, 1.0, 1.15),
        (3, nil, -0.15), (4, nil, -0.15), (4.5, 0, -0.15), (6, 0.5, 0.5),
    ]

    @Test func exampleMatchesTable5b() throws {
        let scene = try loadExample("shimmer.json")
        let gradient = try namedLayer("shimmer.gradient", in: scene)
        let start = [-0.3, -0.15, 0.0], end = [1, 1.15, 1.3]
        for row in Self.table5b {
            let locations = try #require(gradient.presentation(at: row.t).locations)
            let p = row.p ?? 0
            for i in 0..<3 {
                #expect(abs(locations[i] - (start[i] + (end[i] - start[i]) * p)) < (row.t == 2.999 ? 1e-5 : 1e-6),
                        "t=\(row.t): \(locations)")
            }
            #expect(abs(locations[1] - row.l1) < 1e-4)
            // The highlight's centre in unit x of the layer: −0.3 + 1.6·L₁ (0.5 at 1.5 s: mid-button).
            if row.t == 1.5 || row.t == 6 { #expect(abs(-0.3 + 1.6 * locations[1] - 0.5) < 1e-12) }
        }
    }

    @Test func structure() throws {
        let scene = try loadExample("shimmer.json")
        let host = scene.layers[0]
        let gradient = host.sublayers[0]
        #expect(host.sublayers.count == 1 && gradient.name == "shimmer.gradient" && gradient.kind == .gradient)
        let p = gradient.properties
        #expect(p.bounds == Rect(x: 0, y: 0, width: 260, height: 60) && p.position == Point(x: 130, y: 30))
        #expect(p.startPoint == Point(x: -0.3, y: 0.5) && p.endPoint == Point(x: 1.3, y: 0.5))
        #expect(p.locations == [-0.3, -0.15, 0] && p.colors?.count == 3 && p.colors?[0] == p.colors?[2])
        let group = gradient.animations[0]
        #expect(group.timing.duration == 4.5 && group.timing.repeatCount == .infinity && group.timingFunction == nil)
        guard case .group(let children) = group.kind else { Issue.record("not a group"); return }
        #expect(children.count == 1 && children[0].keyPath == .locations && children[0].timing.duration == 3)
        #expect(children[0].timingFunction == .easeInEaseOut && children[0].timing.fillMode == .removed)
        let text = try #require(gradient.mask)
        #expect(text.name == "shimmer.text" && text.kind == .text)
        #expect(text.properties.string == "Slide to unlock" && text.properties.fontSize == 32)
        #expect(text.properties.foregroundColor == .white && text.properties.alignmentMode == .center)
        #expect(text.properties.position == Point(x: 130, y: 30))
    }

    @Test func speedDirectionAndOpacity() throws {
        // Sweep = (1 + 2r)(1 + r)·width / speed = 1.6 · 1.3 · 100 / 208 = 1 s.
        let scene = try effectScene(##"""
        "effect": "shimmer", "bounds": [0, 0, 100, 40], "speed": 208, "pauseDuration": 0.5, "direction": "left",
        "tint": [0, 0, 1, 1], "opacity": 0.5
        """##)
        let gradient = scene.layers[0].sublayers[0]
        #expect(abs(gradient.animations[0].timing.duration - 1.5) < 1e-12)
        #expect(gradient.properties.startPoint == Point(x: 1.3, y: 0.5) && gradient.properties.endPoint == Point(x: -0.3, y: 0.5))
        #expect(gradient.properties.colors?[0] == Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        let down = ShimmerEffect(direction: .down)
        var host = Layer()
        host.properties.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(down.expand(host).sublayers[0].properties.startPoint == Point(x: 0.5, y: -0.3))
        #expect(close(ShimmerEffect(speed: 16, direction: .up).sweepDuration(for: Size(width: 1, height: 10)), 1.3))
    }

    @Test func badParameters() {
        let base = ##"{"size": [100, 100], "layers": [{"type": "effect", "effect": "shimmer", "bounds": [0, 0, 10, 10], "##
        expectRejected(base + ##""direction": "sideways"}]}"##, path: "layers[0].direction",
                       message: "unknown direction \"sideways\"; expected one of right, left, up, down", at: "\"sideways\"")
        expectRejected(base + ##""highlightLenght": 0.2}]}"##, path: "layers[0]",
                       message: "unknown key \"highlightLenght\"; did you mean \"highlightLength\"?", at: "\"highlightLenght\"")
        expectRejected(base + ##""opacity": 2}]}"##, path: "layers[0].opacity",
                       message: "opacity must be in 0…1 (got 2)", at: "2}")
        expectRejected(base + ##""string": 3}]}"##, path: "layers[0].string",
                       message: "expected a string, found a number", at: "3}")
    }
}
