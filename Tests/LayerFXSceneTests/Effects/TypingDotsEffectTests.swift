import Testing
import LayerFXCore
import LayerFXModel
import LayerFXScene

/// `"effect": "typingDots"`: seed 003 (effects.md §4, test-vectors.md table 5c).
@Suite struct TypingDotsEffectTests {
    /// Table 5c (view height 100, dotSize 10): instance, t, dy, opacity (unclamped), scale.
    static let table5c: [(k: Int, t: Double, dy: Double, opacity: Double, scale: Double)] = [
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

    @Test func exampleMatchesTable5c() throws {
        let scene = try loadExample("typing-dots.json")
        let dots = try namedLayer("typing.dots", in: scene)
        let delay = dots.layer.properties.instanceDelay
        #expect(delay == 0.1 && dots.layer.properties.instanceCount == 3)
        let dot = try namedLayer("typing.dot", in: scene)
        let y = dot.layer.properties.position.y
        #expect(dot.layer.properties.position == Point(x: 84, y: 52))
        for row in Self.table5c {
            let p = dot.presentation(at: row.t, lag: Double(row.k) * delay)
            #expect(abs(p.position.y - y - row.dy) < 1e-5, "instance \(row.k) t=\(row.t): dy \(p.position.y - y)")
            #expect(abs(p.opacity - row.opacity) < 1e-6, "instance \(row.k) t=\(row.t): opacity \(p.opacity)")
            #expect(abs(p.transform.scaleX - row.scale) < 1e-6, "instance \(row.k) t=\(row.t): scale \(p.transform.scaleX)")
        }
    }

    @Test func structure() throws {
        let scene = try loadExample("typing-dots.json")
        let host = scene.layers[0]
        #expect(host.sublayers.map(\.name) == ["typing.balloon", "typing.dots"])
        let balloon = host.sublayers[0]
        #expect(balloon.kind == .shape && balloon.properties.lineJoin == .round && balloon.properties.lineWidth == 2)
        #expect(balloon.properties.path != .empty)
        let dots = host.sublayers[1]
        #expect(dots.kind == .replicator && dots.properties.instanceTransform == LayerTransform(translationX: 16))
        let dot = dots.sublayers[0]
        #expect(dot.properties.bounds == Rect(x: 0, y: 0, width: 10, height: 10) && dot.properties.cornerRadius == 5)
        // One 1.2 s group, forever, holding "up" at 0 and "down" at 0.5.
        let cycle = dot.animations[0]
        #expect(dot.animations.count == 1 && cycle.timing.duration == 1.2 && cycle.timing.repeatCount == .infinity)
        guard case .group(let phases) = cycle.kind else { Issue.record("not a group"); return }
        #expect(phases.map(\.timing.beginTime) == [0, 0.5] && phases.map(\.timing.duration) == [0.5, 0.7])
        #expect(phases.allSatisfy { $0.timing.fillMode == .forwards && !$0.removedOnCompletion })
    }

    @Test func balloonIsTheSeedsBezierFittedToTheFrame() {
        // 200 × 100: the bounding box (72.4…140.12 × 15.92…84.85) scales by 100 / 68.93, centred.
        let svg = TypingDotsEffect.balloonPath(in: Rect(x: 0, y: 0, width: 200, height: 100)).subpaths
            .map { subpath -> String in
                guard case .elements(let elements) = subpath else { return "" }
                return PathElement.svgPathData(elements)
            }.joined()
        #expect(svg.hasPrefix("M ") && svg.hasSuffix(" Z"))
        let numbers = svg.split(separator: " ").compactMap { Double($0) }
        #expect(numbers.count == 2 + 7 * 6)
        let xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
        let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
        #expect(abs(ys.min()! - 0) < 1e-9 && abs(ys.max()! - 100) < 1e-9)
        #expect(abs((xs.min()! + xs.max()!) / 2 - 100) < 1e-9)
        #expect(abs(numbers[1] - (28.23 - 15.92) * 100 / 68.93) < 1e-9)
    }

    @Test func parametersAndDefaults() throws {
        let scene = try effectScene(##"""
        "effect": "typingDots", "bounds": [0, 0, 300, 200], "position": [150, 100], "balloon": false,
        "dotSize": 12, "instanceCount": 4, "instanceDelay": 0.2, "dotColor": "#FF0000"
        """##)
        let host = scene.layers[0]
        #expect(host.sublayers.map(\.name) == ["typingDots.dots"])
        let dots = host.sublayers[0]
        #expect(dots.properties.instanceCount == 4 && dots.properties.instanceDelay == 0.2)
        let dot = dots.sublayers[0]
        #expect(dot.properties.position == Point(x: 150 - 1.6 * 12, y: 100 + 0.2 * 12))
        #expect(dot.properties.backgroundColor == Color(red: 1, green: 0, blue: 0))
        // Default dot size: a tenth of the height.
        let plain = try effectScene(##""effect": "typingDots", "bounds": [0, 0, 300, 200]"##)
        #expect(plain.layers[0].sublayers[1].sublayers[0].properties.bounds.size == Size(width: 20, height: 20))
        #expect(plain.layers[0].sublayers[0].properties.lineWidth == 5)
        #expect(plain.layers[0].sublayers[0].properties.fillColor == nil)
    }

    @Test func badParameters() {
        let base = ##"{"size": [100, 100], "layers": [{"type": "effect", "effect": "typingDots", "bounds": [0, 0, 10, 10], "##
        expectRejected(base + ##""balloon": "yes"}]}"##, path: "layers[0].balloon",
                       message: "expected true or false, found a string", at: "\"yes\"")
        expectRejected(base + ##""dotColour": "#000000"}]}"##, path: "layers[0]",
                       message: "unknown key \"dotColour\"; did you mean \"dotColor\"?", at: "\"dotColour\"")
        expectRejected(base + ##""dotSize": 0}]}"##, path: "layers[0].dotSize",
                       message: "must be greater than 0 (got 0)", at: "0}")
    }
}
