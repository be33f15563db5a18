import Testing
import LayerFXCore
import LayerFXModel
import LayerFXScene

/// `"effect": "ripple"`: seed 000 (effects.md §1, test-vectors.md table 5d).
@Suite struct RippleEffectTests {
    /// Table 5d: t, path radius, opacity (R = 50, d = 1, fadeAfter 0.75).
    static let table5d: [(t: Double, radius: Double, opacity: Double)] = [
        (0, 0.1, 1), (0.25, 18.969093, 1), (0.5, 34.263695, 1), (0.75, 45.336114, 1),
        (0.875, 48.703369, 0.5), (1, 50, 0),
    ]

    @Test func exampleMatchesTable5d() throws {
        let scene = try loadExample("ripple.json")
        let ripple = try namedLayer("button.ripple0", in: scene)
        for row in Self.table5d {
            let p = ripple.presentation(at: row.t)
            let circle = try #require(ellipse(p.path), "t=\(row.t)")
            #expect(abs(circle.size.width / 2 - row.radius) < 1e-6, "t=\(row.t): \(circle)")
            #expect(close(circle.midX, 60) && close(circle.midY, 50) && close(circle.size.height, circle.size.width))
            #expect(abs(p.opacity - row.opacity) < 1e-9, "t=\(row.t)")
            // The fill's effective alpha is 0.2 × opacity (0.1 at 0.875 s).
            #expect(abs(p.fillColor!.alpha * p.opacity - 0.2 * row.opacity) < 1e-9)
        }
    }

    @Test func severalTouchesAtTheirOwnTimes() throws {
        let scene = try loadExample("ripple.json")
        let host = scene.layers[0]
        #expect(host.name == "button" && host.properties.masksToBounds && host.properties.cornerRadius == 16)
        // Generated ripples behind the host's own sublayer, in touch order.
        #expect(host.sublayers.map(\.name) == ["button.ripple0", "button.ripple1", "label"])
        let second = try namedLayer("button.ripple1", in: scene)
        // Before its touch at 0.6 s the second ripple has no path (draws nothing).
        #expect(second.presentation(at: 0.5).path == .empty)
        #expect(second.presentation(at: 0.5).opacity == 1)
        let radius = try #require(ellipse(second.presentation(at: 0.6 + 0.25).path)).size.width / 2
        #expect(abs(radius - 18.969093) < 1e-6)
        #expect(abs(second.presentation(at: 0.6 + 0.875).opacity - 0.5) < 1e-9)
        // After its duration a ripple stays invisible (the seed removes the layer).
        #expect(second.presentation(at: 5).opacity == 0)
    }

    @Test func defaultsAndCorners() throws {
        // No touches: one at the centre; maximumRadius 0: the nearest corner.
        let scene = try effectScene(##""effect": "ripple", "bounds": [0, 0, 200, 100], "position": [100, 50]"##)
        let ripple = try namedLayer("ripple.ripple0", in: scene)
        let end = try #require(ellipse(ripple.presentation(at: 1).path))
        #expect(close(end.size.width / 2, (100.0 * 100 + 50 * 50).squareRoot()))
        #expect(ripple.layer.properties.fillColor == Color(red: 0, green: 0, blue: 0, alpha: 0.2))
        #expect(ripple.layer.animations[1].timing.beginTime == 0.75)
        #expect(ripple.layer.animations[1].timing.duration == 0.25)
        // A touch outside the view starts at the nearest corner's distance.
        let radii = RippleEffect(touches: [.init(point: Point(x: -30, y: -40))])
        var host = Layer()
        host.properties.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        let expanded = radii.expand(host)
        guard case .basic(let from?, let to?, nil) = expanded.sublayers[0].animations[0].kind,
              case .path(let start) = from, case .path(let stop) = to else {
            Issue.record("not a path animation"); return
        }
        #expect(ellipse(start)?.size.width == 100 && ellipse(stop)?.size.width == 100)
        // Unbounded: the host does not clip.
        let unbounded = try effectScene(##""effect": "ripple", "bounds": [0, 0, 10, 10], "bounded": false"##)
        #expect(unbounded.layers[0].properties.masksToBounds == false)
    }

    @Test func badParameters() {
        let base = ##"{"size": [100, 100], "layers": [{"type": "effect", "effect": "ripple", "bounds": [0, 0, 10, 10], "##
        expectRejected(base + ##""touches": [{"point": [1, 2], "tiem": 1}]}]}"##, path: "layers[0].touches[0]",
                       message: "unknown key \"tiem\"; did you mean \"time\"?", at: "\"tiem\"")
        expectRejected(base + ##""touches": [{"time": 1}]}]}"##, path: "layers[0].touches[0]",
                       message: "missing required key \"point\"", at: "{\"time\"")
        expectRejected(base + ##""fadeAfter": 2}]}"##, path: "layers[0].fadeAfter",
                       message: "fadeAfter must be less than duration (2 ≥ 1)", at: "2}")
        expectRejected(base + ##""duration": 0}]}"##, path: "layers[0].duration",
                       message: "must be greater than 0 (got 0)", at: "0}")
        expectRejected(base + ##""color": null}]}"##, path: "layers[0].color",
                       message: "expected a color, found null", at: "null")
        expectRejected(base + ##""maximumRadius": -1}]}"##, path: "layers[0].maximumRadius",
                       message: "must not be negative (got -1)", at: "-1")
    }
}
