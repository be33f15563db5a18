import Testing
import LayerFXModel

private let springTimes: [Double] = [0, 0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2]

/// test-vectors.md table 4: spring progress x(t).
private let table4: [(name: String, spring: SpringParameters, x: [Double])] = [
    ("S1 defaults", SpringParameters(),
     [0, 0.10440547, 0.34029985, 1.02335958, 1.07459057, 0.97415171, 1.00217012, 0.99936452, 1.00002429]),
    ("S2 critical", SpringParameters(damping: 20),
     [0, 0.09020401, 0.26424112, 0.71270250, 0.95957232, 0.99529878, 0.99950060, 0.99999511, 0.99999996]),
    ("S3 over (zeta 1.5)", SpringParameters(damping: 30, allowsOverdamping: true),
     [0, 0.07886678, 0.21335440, 0.54966130, 0.82659535, 0.93326598, 0.97431776, 0.99619632, 0.99943665]),
    ("S3 clamped to critical (CA default)", SpringParameters(damping: 30),
     [0, 0.09020401, 0.26424112, 0.71270250, 0.95957232, 0.99529878, 0.99950060, 0.99999511, 0.99999996]),
    ("S4 light+velocity", SpringParameters(mass: 2, stiffness: 300, damping: 6, initialVelocity: 5),
     [0, 0.39093261, 0.93296375, 1.70396674, 0.50981563, 1.33771073, 0.76978657, 0.89646363, 0.95561267]),
]

@Test("Table 4: spring progress", arguments: table4)
func springProgress(_ row: (name: String, spring: SpringParameters, x: [Double])) {
    for (t, x) in zip(springTimes, row.x) {
        #expect(abs(row.spring.progress(at: t) - x) < 1e-7, "\(row.name) t=\(t)")
    }
}

/// test-vectors.md table 4, settling criterion A (eps 1e-3).
private let settling: [(name: String, spring: SpringParameters, duration: Double)] = [
    ("S1 defaults", SpringParameters(), 1.270165),
    ("S2 critical", SpringParameters(damping: 20), 0.923341),
    ("S3 over (zeta 1.5)", SpringParameters(damping: 30, allowsOverdamping: true), 1.849761),
    ("S3 clamped to critical", SpringParameters(damping: 30), 0.923341),
    ("S4 light+velocity", SpringParameters(mass: 2, stiffness: 300, damping: 6, initialVelocity: 5), 4.631456),
    ("Apple doc example, damping 5", SpringParameters(damping: 5), 2.687869),
    ("Apple doc example, damping 15", SpringParameters(damping: 15), 0.799866),
]

@Test("Table 4: settlingDuration (criterion A, eps 1e-3)", arguments: settling)
func settlingDuration(_ row: (name: String, spring: SpringParameters, duration: Double)) {
    let settled = row.spring.settlingDuration
    #expect(abs(settled - row.duration) < 1e-6, "\(row.name): \(settled)")
    // The definition itself: |1 − x| reaches eps just before, never after.
    #expect(abs(1 - row.spring.progress(at: settled - 1e-9)) >= 1e-3 - 1e-9)
    for i in 0..<2000 {
        let t = settled + 1e-9 + Double(i) * 0.005
        #expect(abs(1 - row.spring.progress(at: t)) < 1e-3)
    }
}

@Test("Spring settling edge cases")
func settlingEdgeCases() {
    #expect(SpringParameters(damping: 0).settlingDuration == .infinity)
    #expect(SpringParameters().settlingDuration(epsilon: 1) == 0)
    #expect(SpringParameters(stiffness: 0).progress(at: 0.3) == 1)
    // Light damping needs many oscillations: still exact.
    let light = SpringParameters(damping: 0.5)
    let settled = light.settlingDuration
    #expect(abs(1 - light.progress(at: settled - 1e-9)) >= 1e-3 - 1e-9)
    // Within the last half period (π/ωd ≈ 0.314 s) before the envelope bound ln(1000)/(ζ·ω0) ≈ 27.63 s.
    #expect(settled > 27.3 && settled < 27.64)
    for i in 0..<5000 {
        #expect(abs(1 - light.progress(at: settled + 1e-9 + Double(i) * 0.001)) < 1e-3)
    }
}

@Test("CASpringAnimation: unstretched time, duration 0 = settlingDuration")
func springAnimation() {
    let kind = AnimationKind.spring(from: .scalar(0), to: .scalar(640), by: nil, parameters: SpringParameters())
    var timing = MediaTiming()
    timing.duration = 0.5
    timing.fillMode = .forwards
    let truncated = Layer(animations: [Animation(keyPath: .positionX, kind: kind, timing: timing,
                                                 removedOnCompletion: false)])
    #expect(abs(truncated.presentationProperties(at: 0.25).position.x - 640 * 1.02335958) < 1e-4)
    // Frozen at x(0.5), 7.5 % past the target.
    #expect(abs(truncated.presentationProperties(at: 3).position.x - 640 * 1.07459057) < 1e-4)

    let settling = Layer(animations: [Animation(keyPath: .positionX, kind: kind)])
    #expect(abs(settling.presentationProperties(at: 1).position.x - 640 * 1.00217012) < 1e-4)
    #expect(settling.presentationProperties(at: 1.2701).position.x != 0)
    #expect(settling.presentationProperties(at: 1.2702).position.x == 0)  // removed after 1.270165 s
}
