import Foundation
import LayerFXTestSupport
import Testing

/// `layerfx values`: presentation values read back through the command line.
@Suite(.serialized)
struct ValuesCommandTests {
    /// Parses `TIME v1 v2 …` lines.
    static func rows(_ stdout: String) -> [[Double]] {
        stdout.split(separator: "\n").map { $0.split(separator: " ").map { Double($0) ?? .nan } }
    }

    @Test func pulsingRingsMatchTestVectors5a() throws {
        // test-vectors.md 5a: ring i at t → transform.scale, backgroundColor.
        let expected: [(ring: Int, t: Double, scale: Double, color: [Double]?)] = [
            (0, 0.5, 1.093345, [1, 0.84706, 0.34118, 0.5]),
            (0, 2.25, 1.406274, [1, 0.94510, 0.77255, 0.19771]),
            (1, 0.5, 1, nil),
            (1, 3, 1.391201, [1, 0.94510, 0.77255, 0.37588]),
            (2, 4.5, 1.416010, [1, 0.94510, 0.77255, 0.08263]),
        ]
        for row in expected {
            let args = ["values", Repository.example("pulsing-rings.json"), "--layer", "pulse.ring\(row.ring)", "--times", "\(row.t)"]
            let scale = try CLI.run(args + ["--key-path", "transform.scale"])
            #expect(scale.status == 0, "\(scale.stderr)")
            let values = Self.rows(scale.stdout)
            #expect(values.count == 1 && values[0].count == 2 && values[0][0] == row.t)
            #expect(abs((values.first?.last ?? .nan) - row.scale) < 1e-6, "ring \(row.ring) t=\(row.t)")
            let color = try CLI.run(args + ["--key-path", "backgroundColor"])
            if let c = row.color {
                let got = Array(Self.rows(color.stdout).first?.dropFirst() ?? [])
                #expect(got.count == 4)
                for (a, b) in zip(got, c) { #expect(abs(a - b) < 1e-5, "ring \(row.ring) t=\(row.t)") }
            } else {
                #expect(color.stdout == "\(row.t) none\n")
            }
        }
    }

    /// Random CAMediaTiming configurations, read back through `layerfx values`
    /// and compared with a float64 transcription of the reference algorithm
    /// (core-animation.md §1.2, bisection for the timing function).
    @Test func randomTimingConfigurationsMatchTheReference() throws {
        var rng = SplitMix(seed: 20261122)
        var layers: [String] = []
        var configs: [TimingConfig] = []
        for i in 0..<40 {
            let config = TimingConfig.random(&rng)
            configs.append(config)
            layers.append(#"{"name": "l\#(i)", "animations": [\#(config.json)]}"#)
        }
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let scene = dir.appending(path: "timing.json")
        try Data(#"{"size": [10, 10], "layers": [\#(layers.joined(separator: ","))]}"#.utf8).write(to: scene)
        let times = stride(from: -1.0, through: 12, by: 0.37).map { $0 }
        let timeList = times.map { String($0) }.joined(separator: ",")
        for (i, config) in configs.enumerated() {
            let result = try CLI.run(["values", scene.path, "--layer", "l\(i)", "--key-path", "position.x",
                                      "--times", timeList])
            #expect(result.status == 0, "\(result.stderr)")
            let rows = Self.rows(result.stdout)
            #expect(rows.count == times.count)
            for (row, t) in zip(rows, times) {
                let expected = config.value(at: t)
                #expect(abs(row[1] - expected) < 2e-5, "config \(i) \(config.json) t=\(t): \(row[1]) vs \(expected)")
            }
        }
    }

    @Test func errorsAreOneLineWithExitStatus1() throws {
        let rings = Repository.example("pulsing-rings.json")
        let cases: [([String], String)] = [
            (["--layer", "pulse.ring9", "--key-path", "opacity", "--times", "1"], "no layer named \"pulse.ring9\"; did you mean \"pulse.ring0\"?"),
            (["--layer", "pulse.ring0", "--key-path", "opactiy", "--times", "1"], "unknown key path \"opactiy\"; did you mean \"opacity\"?"),
            (["--layer", "pulse.ring0", "--key-path", "opacity", "--times", "1,x"], "--times: \"x\" in \"x\" is not a finite number of seconds"),
            (["--layer", "pulse.ring0", "--key-path", "opacity", "--times", "3:1:1"], "needs start ≤ end and a positive step"),
            (["--layer", "pulse.ring0", "--key-path", "fillColor", "--times", "1"], "applies to shape layers only"),
        ]
        for (args, message) in cases {
            let result = try CLI.run(["values", rings] + args)
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("layerfx: error: ") && result.stderr.contains(message), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func gradientAndReplicatorKeyPaths() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let scene = dir.appending(path: "lists.json")
        try Data(##"""
        {"size": [10, 10], "layers": [
          {"type": "gradient", "name": "g", "colors": ["#FF0000", "#0000FF"], "locations": [0, 1],
           "animations": [{"keyPath": "locations", "fromValue": [0, 0.5], "toValue": [0.5, 1], "duration": 2},
                          {"keyPath": "colors", "toValue": ["#00FF00", [0, 0, 0, 0]], "duration": 2}]},
          {"type": "replicator", "name": "r", "instanceCount": 3,
           "animations": [{"keyPath": "instanceDelay", "fromValue": 0, "toValue": 1, "duration": 4}]}
        ]}
        """##.utf8).write(to: scene)
        let locations = try CLI.run(["values", scene.path, "--layer", "g", "--key-path", "locations", "--times", "0.5,3"])
        #expect(locations.stdout == "0.5 0.125 0.625\n3 0 1\n", "\(locations.stderr)")
        let colors = try CLI.run(["values", scene.path, "--layer", "g", "--key-path", "colors", "--times", "1"])
        #expect(colors.stdout == "1 0.5 0.5 0 1 0 0 0.5 0.5\n", "\(colors.stderr)")
        let delay = try CLI.run(["values", scene.path, "--layer", "r", "--key-path", "instanceDelay", "--times", "1"])
        #expect(delay.stdout == "1 0.25\n", "\(delay.stderr)")
        let wrongKind = try CLI.run(["values", scene.path, "--layer", "r", "--key-path", "locations", "--times", "1"])
        #expect(wrongKind.status == 1)
        #expect(wrongKind.stderr.contains("key path \"locations\" applies to gradient layers only; layer \"r\" is a replicator layer"))
    }

    @Test func dashAndGeneralPathKeyPaths() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let scene = dir.appending(path: "dashes.json")
        try Data(##"""
        {"size": [10, 10], "layers": [
          {"type": "shape", "name": "s", "path": {"svg": "M 0 0 L 10 0 Q 10 10 0 10 Z"},
           "animations": [{"keyPath": "lineDashPattern", "fromValue": [10, 0], "toValue": [2, 8], "duration": 2},
                          {"keyPath": "lineDashPhase", "fromValue": 0, "toValue": 4, "duration": 2},
                          {"keyPath": "path", "toValue": {"svg": "M 0 0 L 20 0 Q 20 20 0 20 Z"}, "duration": 2}]}
        ]}
        """##.utf8).write(to: scene)
        func values(_ keyPath: String, _ times: String) throws -> String {
            try CLI.run(["values", scene.path, "--layer", "s", "--key-path", keyPath, "--times", times]).stdout
        }
        #expect(try values("lineDashPattern", "1,3") == "1 6 4\n3 none\n")
        #expect(try values("lineDashPhase", "1") == "1 2\n")
        #expect(try values("path", "1") == "1 svg M 0 0 L 15 0 Q 15 15 0 15 Z\n")
    }

    @Test func rangesAndValueShapes() throws {
        let result = try CLI.run(["values", Repository.example("pulsing-rings.json"), "--layer", "pulse.ring0",
                                  "--key-path", "transform", "--times", "0:1:0.5"])
        #expect(result.status == 0)
        let rows = Self.rows(result.stdout)
        #expect(rows.map { $0[0] } == [0, 0.5, 1])
        #expect(rows.allSatisfy { $0.count == 7 })        // time + a b c d tx ty
        #expect(rows[0].dropFirst() == [1, 0, 0, 1, 0, 0])
    }
}

/// One random basic animation on `position.x` (0 → 100) with random timing.
struct TimingConfig {
    var duration, beginTime, speed, timeOffset, repeatCount, repeatDuration: Double
    var autoreverses: Bool
    var fillMode: String
    var removedOnCompletion: Bool
    var curve: (String, [Double])

    static let curves: [(String, [Double])] = [
        ("linear", [0, 0, 1, 1]), ("easeIn", [0.42, 0, 1, 1]), ("easeOut", [0, 0, 0.58, 1]),
        ("easeInEaseOut", [0.42, 0, 0.58, 1]), ("default", [0.25, 0.1, 0.25, 1]),
        ("[0.1, 0.7, 0.3, 1.2]", [0.1, 0.7, 0.3, 1.2]),
    ]

    static func random(_ rng: inout SplitMix) -> TimingConfig {
        let fills = ["removed", "forwards", "backwards", "both"]
        return TimingConfig(
            duration: rng.pick([0, 0.5, 1, 2.5, 3]), beginTime: rng.pick([0, 0.5, 1, 2.25]),
            speed: rng.pick([0, 0.5, 1, 2]), timeOffset: rng.pick([0, 0.3, 1.7]),
            repeatCount: rng.pick([0, 1.5, 2, .infinity]), repeatDuration: rng.pick([0, 0, 0, 4.2]),
            autoreverses: rng.pick([false, true]), fillMode: rng.pick(fills),
            removedOnCompletion: rng.pick([true, false]), curve: rng.pick(curves))
    }

    var json: String {
        let curveJSON = curve.0.hasPrefix("[") ? curve.0 : "\"\(curve.0)\""
        let repeatJSON = repeatCount.isInfinite ? "\"infinity\"" : "\(repeatCount)"
        return #"{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": \#(duration), "beginTime": \#(beginTime), "speed": \#(speed), "timeOffset": \#(timeOffset), "repeatCount": \#(repeatJSON), "repeatDuration": \#(repeatDuration), "autoreverses": \#(autoreverses), "fillMode": "\#(fillMode)", "removedOnCompletion": \#(removedOnCompletion), "timingFunction": \#(curveJSON)}"#
    }

    /// The reference: vectors.py `local_time`, then the eased lerp; the
    /// model value 0 when the animation contributes nothing.
    func value(at tp: Double) -> Double {
        let d = duration <= 0 ? 0.25 : duration
        let cycle = d * (autoreverses ? 2 : 1)
        let active = repeatDuration > 0 ? repeatDuration : repeatCount > 0 ? repeatCount * cycle : cycle
        var t = (tp - beginTime) * speed
        var after = false
        if t < 0 {
            guard fillMode == "backwards" || fillMode == "both" else { return 0 }
            t = 0
        } else if t >= active {
            guard (fillMode == "forwards" || fillMode == "both") && !removedOnCompletion else { return 0 }
            t = active
            after = true
        }
        let ta = t + timeOffset
        guard ta.isFinite else { return 0 }
        let k = (ta / cycle).rounded(.down)
        var c = ta - k * cycle
        if after && c == 0 && ta > 0 { c = cycle }
        if autoreverses && c > d { c = 2 * d - c }
        return 100 * Self.bezier(curve.1, c / d)
    }

    /// y(x) of a timing function by bisection on the curve parameter.
    static func bezier(_ cp: [Double], _ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func b(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            let s = 1 - t
            return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
        }
        var lo = 0.0, hi = 1.0
        while hi - lo > 1e-12 {
            let mid = (lo + hi) / 2
            if b(cp[0], cp[2], mid) < x { lo = mid } else { hi = mid }
        }
        return b(cp[1], cp[3], (lo + hi) / 2)
    }
}
