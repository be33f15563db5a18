import Testing
import LayerFXCore
import LayerFXModel
import LayerFXScene

/// `"effect": "pulse"`: seed 004's rings (effects.md §5, test-vectors.md table 5a).
@Suite struct PulseEffectTests {
    /// Table 5a: ring, t, transform.scale and backgroundColor (nil: the model, no animation).
    static let table5a: [(ring: Int, t: Double, scale: Double?, color: [Double]?)] = [
        (0, 0, 1.000000, [1.00000, 0.84706, 0.34118, 0.50000]),
        (0, 0.5, 1.093345, [1.00000, 0.84706, 0.34118, 0.50000]),
        (0, 1.5, 1.339417, [1.00000, 0.93234, 0.71514, 0.50000]),
        (0, 2.25, 1.406274, [1.00000, 0.94510, 0.77255, 0.19771]),
        (0, 3, 1.000000, [1.00000, 0.84706, 0.34118, 0.50000]),
        (0, 4.5, 1.339417, [1.00000, 0.93234, 0.71514, 0.50000]),
        (1, 0, nil, nil), (1, 0.5, nil, nil),
        (1, 1.5, 1.093345, [1.00000, 0.84706, 0.34118, 0.50000]),
        (1, 2.25, 1.298474, [1.00000, 0.91969, 0.65820, 0.50000]),
        (1, 3, 1.391201, [1.00000, 0.94510, 0.77255, 0.37588]),
        (1, 4.5, 1.093345, [1.00000, 0.84706, 0.34118, 0.50000]),
        (2, 0, nil, nil), (2, 0.5, nil, nil), (2, 1.5, nil, nil),
        (2, 2.25, 1.029951, [1.00000, 0.84706, 0.34118, 0.50000]),
        (2, 3, 1.243590, [1.00000, 0.90115, 0.57557, 0.50000]),
        (2, 4.5, 1.416010, [1.00000, 0.94510, 0.77255, 0.08263]),
    ]

    @Test func exampleMatchesTable5a() throws {
        let scene = try loadExample("pulsing-rings.json")
        for row in Self.table5a {
            let ring = try namedLayer("pulse.ring\(row.ring)", in: scene)
            let p = ring.presentation(at: row.t)
            guard let scale = row.scale, let color = row.color else {
                #expect(p.transform.scaleX == 1 && p.backgroundColor == nil, "ring \(row.ring) t=\(row.t)")
                #expect(p.borderColor == PulseEffect.seedColors[0])
                continue
            }
            #expect(abs(p.transform.scaleX - scale) < 1e-6 && p.transform.scaleY == p.transform.scaleX,
                    "ring \(row.ring) t=\(row.t): scale \(p.transform.scaleX)")
            for c in [p.backgroundColor, p.borderColor] {
                let got = try #require(c)
                for (a, e) in zip([got.red, got.green, got.blue, got.alpha], color) {
                    #expect(abs(a - e) < 1e-5, "ring \(row.ring) t=\(row.t): \(got)")
                }
            }
        }
        // Seed 004's second ring at 1.5 s, to the digits the issue quotes.
        let ring1 = try namedLayer("pulse.ring1", in: scene).presentation(at: 1.5)
        #expect(abs(ring1.transform.scaleX - 1.093345) < 5e-7)
    }

    @Test func defaultsAreTheSeedsRings() throws {
        let scene = try loadExample("pulsing-rings.json")
        let host = scene.layers[0]
        #expect(host.name == nil && host.kind == .plain)
        #expect(host.properties.bounds == Rect(x: 0, y: 0, width: 200, height: 200))
        #expect(host.properties.position == Point(x: 150, y: 150))
        #expect(host.sublayers.map(\.name) == ["pulse.ring0", "pulse.ring1", "pulse.ring2"])
        for (i, ring) in host.sublayers.enumerated() {
            let p = ring.properties
            #expect(p.bounds == Rect(x: 0, y: 0, width: 200, height: 200))
            #expect(p.position == Point(x: 100, y: 100))
            #expect(p.cornerRadius == 100 && p.borderWidth == 0.5 && p.backgroundColor == nil)
            #expect(p.opacity == 1)
            let group = try #require(ring.animations.first)
            #expect(ring.animations.count == 1)
            #expect(group.timing.beginTime == Double(i) && group.timing.duration == 3)
            #expect(group.timing.repeatCount == .infinity && group.timing.fillMode == .removed)
            #expect(group.removedOnCompletion == false && group.timingFunction == .default)
            guard case .group(let children) = group.kind else { Issue.record("not a group"); continue }
            #expect(children.map(\.keyPath) == [.transformScale, .backgroundColor, .borderColor])
            #expect(children[0].kind == .basic(from: .scalar(1), to: .scalar(1.423), by: nil))
            #expect(children.allSatisfy { $0.timing.duration == 0 })
            #expect(children[1].kind == .keyframe(values: PulseEffect.seedColors.map(AnimatableValue.color),
                                                  keyTimes: [0.3, 0.6, 0.9, 1], timingFunctions: nil,
                                                  calculationMode: .linear))
        }
    }

    @Test func pulsatorParameters() throws {
        let scene = try effectScene(##"""
        "effect": "pulse", "name": "p", "bounds": [0, 0, 100, 50], "position": [50, 25], "numPulse": 2,
        "radius": 30, "animationDuration": 2, "pulseInterval": 1, "repeatCount": 2, "multiple": 1,
        "fromValueForRadius": 0, "fromValueForAlpha": 0.6, "keyTimeForHalfOpacity": 0.25, "color": "#FF0000",
        "timingFunction": "linear"
        """##)
        let rings = scene.layers[0].sublayers
        #expect(rings.map(\.name) == ["p.ring0", "p.ring1"])
        #expect(rings[0].properties.bounds == Rect(x: 0, y: 0, width: 60, height: 60))
        #expect(rings[0].properties.position == Point(x: 50, y: 25))
        #expect(rings[0].properties.cornerRadius == 30)
        #expect(rings[0].properties.opacity == 0)
        // Period 3 s, stagger 1.5 s; children last 2 s; linear.
        #expect(rings[1].animations[0].timing.beginTime == 1.5)
        #expect(rings[1].animations[0].timing.duration == 3)
        #expect(rings[1].animations[0].timing.repeatCount == 2)
        let ring0 = try namedLayer("p.ring0", in: scene)
        #expect(close(ring0.presentation(at: 1).transform.scaleX, 0.5))
        // Opacity 0.6 → 0.3 at 0.25 of 2 s → 0 at 2 s; the model 0 in the interval.
        #expect(close(ring0.presentation(at: 0.25).opacity, 0.45))
        #expect(close(ring0.presentation(at: 1).opacity, 0.3 * (1 - 0.5 / 1.5)))
        #expect(ring0.presentation(at: 2.5).opacity == 0)
        // `color` is lightened towards white like the seed's keyframes.
        #expect(PulseEffect.colors(lightening: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
                == [Color(red: 1, green: 0, blue: 0, alpha: 0.5), Color(red: 1, green: 0.385, blue: 0.385, alpha: 0.5),
                    Color(red: 1, green: 0.65, blue: 0.65, alpha: 0.5), Color(red: 1, green: 0.65, blue: 0.65, alpha: 0)])
        #expect(rings[0].properties.borderColor == Color(red: 1, green: 0, blue: 0, alpha: 1))
    }

    @Test func swiftAPIExpandsTheSameLayers() throws {
        var host = Layer()
        host.properties.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        host.properties.position = Point(x: 150, y: 150)
        let scene = try loadExample("pulsing-rings.json")
        #expect(PulseEffect().expand(host) == scene.layers[0])
    }

    @Test func badParameters() {
        let base = ##"{"size": [100, 100], "layers": [{"type": "effect", "effect": "pulse", "bounds": [0, 0, 10, 10], "##
        expectRejected(base + ##""numPulse": 0}]}"##, path: "layers[0].numPulse",
                       message: "numPulse must be in 1…1000 (got 0)", at: "0}")
        expectRejected(base + ##""numPulse": 2.5}]}"##, path: "layers[0].numPulse",
                       message: "expected an integer, found 2.5", at: "2.5")
        expectRejected(base + ##""numPulses": 2}]}"##, path: "layers[0]",
                       message: "unknown key \"numPulses\"; did you mean \"numPulse\"?", at: "\"numPulses\"")
        expectRejected(base + ##""keyTimeForHalfOpacity": 2}]}"##, path: "layers[0].keyTimeForHalfOpacity",
                       message: "keyTimeForHalfOpacity must be in 0…1 (got 2)", at: "2}")
        expectRejected(base + ##""colors": ["#FF0000", "#00FF00"], "keyTimes": [0]}]}"##, path: "layers[0].keyTimes",
                       message: "keyTimes has 1 entries but 2 colors need 2", at: "[0]")
        expectRejected(base + ##""color": "#FF0000", "colors": ["#FF0000"]}]}"##, path: "layers[0].color",
                       message: "give either color or colors, not both", at: "\"#FF0000\", \"colors\"")
        expectRejected(base + ##""animationDuration": "3"}]}"##, path: "layers[0].animationDuration",
                       message: "expected a number, found a string", at: "\"3\"")
    }
}
