import Testing
import LayerFXCore
import LayerFXModel
import LayerFXScene

/// `"effect": "waves"`: seed 001 (effects.md §2, test-vectors.md table 5e).
@Suite struct WavesEffectTests {
    /// A 375 × 375 view, effects.md's example.
    static func scene375(_ extra: String = "") throws -> Scene {
        try effectScene(##""effect": "waves", "bounds": [0, 0, 375, 375], "position": [187.5, 187.5]"## + extra,
                        size: "[375, 375]")
    }

    /// The progress of wave `i` at scene time `t`, read back from its star's outer radius.
    static func progress(_ wave: LocatedLayer, at t: Double, scale: Double) throws -> Double {
        let s = try #require(star(wave.presentation(at: t).path))
        return (s.outer / 12.5 - 1) / (scale - 1)
    }

    @Test func table5e() throws {
        let scene = try Self.scene375()
        let mask = try #require(scene.layers[0].sublayers.first?.mask)
        #expect(mask.sublayers.count == 25)
        let wave1 = try namedLayer("waves.wave1", in: scene)
        let group = wave1.layer.animations[0]
        #expect(abs(group.timing.duration - 22.488756) < 1e-6)
        #expect(abs(group.timing.timeOffset - 0.899550) < 1e-6)
        #expect(group.timing.repeatCount == .infinity && group.timing.fillMode == .forwards)
        #expect(group.removedOnCompletion == false && group.timingFunction == nil)
        let scale = 375.0 / 25 * 2.25
        let rows: [(wave: Int, t0: Double, t5: Double)] = [
            (0, 0, 0.222333), (1, 0.04, 0.262333), (2, 0.08, 0.302333), (24, 0.96, 0.182333),
        ]
        for row in rows {
            let wave = try namedLayer("waves.wave\(row.wave)", in: scene)
            #expect(abs(try Self.progress(wave, at: 0, scale: scale) - row.t0) < 1e-6, "wave \(row.wave) t=0")
            #expect(abs(try Self.progress(wave, at: 5, scale: scale) - row.t5) < 1e-6, "wave \(row.wave) t=5")
            // The bounds grow with the path, about the fixed position (the view's centre).
            let p = wave.presentation(at: 5)
            let s = try #require(star(p.path))
            #expect(close(p.bounds.size.width, 2 * s.outer) && close(s.center.x, s.outer))
            #expect(p.position == Point(x: 187.5, y: 187.5))
        }
    }

    @Test func fadeInOnlyInTheFirstHalfSecondOfACycle() throws {
        let scene = try Self.scene375()
        let wave0 = try namedLayer("waves.wave0", in: scene)
        #expect(wave0.presentation(at: 0).opacity == 0)
        #expect(close(wave0.presentation(at: 0.25).opacity, 0.45))
        #expect(wave0.presentation(at: 0.5).opacity == 1)  // the child ends; the model 1
        // Wave 1 starts at phase 0.8996 s ≥ 0.5: fully opaque at once.
        #expect(try namedLayer("waves.wave1", in: scene).presentation(at: 0).opacity == 1)
        // Next cycle of wave 0, 0.2 s in.
        let d = 375.0 * 40 / 667
        #expect(abs(wave0.presentation(at: d + 0.2).opacity - 0.36) < 1e-9)
    }

    @Test func structure() throws {
        let scene = try Self.scene375()
        let host = scene.layers[0]
        #expect(host.properties.masksToBounds)
        let gradient = host.sublayers[0]
        #expect(gradient.name == "waves.gradient" && gradient.kind == .gradient)
        #expect(gradient.properties.gradientType == .radial)
        #expect(gradient.properties.colors == WavesEffect.seedColors)
        #expect(gradient.properties.locations == [0, 0.2, 0.4, 0.6, 0.8])
        #expect(gradient.properties.startPoint == Point(x: 0.5, y: 0.5))
        #expect(gradient.properties.endPoint == Point(x: 1.5, y: 1.5))
        #expect(gradient.mask?.name == "waves.waves")
        let wave = try #require(gradient.mask?.sublayers.first)
        #expect(wave.kind == .shape && wave.properties.strokeColor == .black && wave.properties.fillColor == nil)
        #expect(wave.properties.lineWidth == 2)
        let s = try #require(star(wave.properties.path))
        #expect(s.points == 10 && s.outer == 12.5 && s.inner == 7.5)
    }

    @Test func gravityMovesTheGradientCentre() throws {
        let fixed = try Self.scene375(##", "gravity": [0.5, -0.5]"##)
        let g = fixed.layers[0].sublayers[0].properties
        // Centre ((gx + 1)·w/2, (−gy + 1)·h/2) = (281.25, 281.25): unit (0.75, 0.75).
        #expect(g.startPoint == Point(x: 0.75, y: 0.75) && g.endPoint == Point(x: 1.75, y: 1.75))

        let moving = try effectScene(##"""
        "effect": "waves", "name": "w", "bounds": [0, 0, 400, 200],
        "gravity": {"values": [[0, 0], [1, 1]], "keyTimes": [0, 1], "duration": 2, "autoreverses": true}
        """##)
        let gradient = try namedLayer("w.gradient", in: moving)
        let p = gradient.presentation(at: 1)
        #expect(p.startPoint == Point(x: 0.75, y: 0.25))
        // The radius is min(w, h) = 200: half the width, the whole height, in unit coordinates.
        #expect(p.endPoint == Point(x: 1.25, y: 1.25))
        #expect(gradient.presentation(at: 3).startPoint == Point(x: 0.75, y: 0.25))  // on the way back
        #expect(gradient.presentation(at: 4).startPoint == Point(x: 0.5, y: 0.5))
    }

    @Test func countAndDurationFollowTheSize() {
        let waves = WavesEffect()
        let big = waves.waveCount(for: Size(width: 1920, height: 1080))
        #expect(big.count == 135 && abs(big.duration - 1920 * 40.0 / 667) < 1e-9)
        #expect(WavesEffect(speed: 100).waveCount(for: Size(width: 200, height: 100)).duration == 2)
    }

    @Test func badParameters() {
        let base = ##"{"size": [100, 100], "layers": [{"type": "effect", "effect": "waves", "bounds": [0, 0, 10, 10], "##
        expectRejected(base + ##""gravity": [2, 0]}]}"##, path: "layers[0].gravity[0]",
                       message: "a gravity component must be in −1…1 (got 2)", at: "2, 0]")
        expectRejected(base + ##""gravity": {"values": [[0, 0]], "durration": 1}}]}"##, path: "layers[0].gravity",
                       message: "unknown key \"durration\"; did you mean \"duration\"?", at: "\"durration\"")
        expectRejected(base + ##""gravity": {"values": [[0, 0]]}}]}"##, path: "layers[0].gravity",
                       message: "missing required key \"duration\"", at: "{\"values\"")
        expectRejected(base + ##""colors": [1, 2]}]}"##, path: "layers[0].colors[0]",
                       message: "expected a color \"#RRGGBB\", \"#RRGGBBAA\" or [r, g, b, a] with components in 0…1",
                       at: "1, 2]")
        expectRejected(base + ##""points": 1}]}"##, path: "layers[0].points",
                       message: "points must be in 2…10000 (got 1)", at: "1}")
        expectRejected(base + ##""speed": 0}]}"##, path: "layers[0].speed",
                       message: "must be greater than 0 (got 0)", at: "0}")
    }
}
