import Testing
import LayerFXModel

private let parentTimes: [Double] = [0, 0.5, 1, 2, 2.5, 3, 3.999, 4, 5.5, 7, 10, 13, 100]

private func timing(_ configure: (inout MediaTiming) -> Void) -> MediaTiming {
    var t = MediaTiming()
    t.duration = 3
    t.beginTime = 1
    configure(&t)
    return t
}

/// test-vectors.md table 2 (duration 3, beginTime 1); nil = none.
private let table2: [(name: String, timing: MediaTiming, expected: [Double?])] = [
    ("T1 removed", timing { _ in }, [nil, nil, 0, 1, 1.5, 2, 2.999, nil, nil, nil, nil, nil, nil]),
    ("T2 forwards", timing { $0.fillMode = .forwards }, [nil, nil, 0, 1, 1.5, 2, 2.999, 3, 3, 3, 3, 3, 3]),
    ("T3 backwards", timing { $0.fillMode = .backwards }, [0, 0, 0, 1, 1.5, 2, 2.999, nil, nil, nil, nil, nil, nil]),
    ("T4 both", timing { $0.fillMode = .both }, [0, 0, 0, 1, 1.5, 2, 2.999, 3, 3, 3, 3, 3, 3]),
    ("T5 repeat inf", timing { $0.repeatCount = .infinity }, [nil, nil, 0, 1, 1.5, 2, 2.999, 0, 1.5, 0, 0, 0, 0]),
    ("T6 offset 0.5, both", timing { $0.timeOffset = 0.5; $0.fillMode = .both },
     [0.5, 0.5, 0.5, 1.5, 2, 2.5, 0.499, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]),
    ("T7 speed 2, both", timing { $0.speed = 2; $0.fillMode = .both }, [0, 0, 0, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3]),
    ("T8 autoreverse x2, both", timing { $0.autoreverses = true; $0.repeatCount = 2; $0.fillMode = .both },
     [0, 0, 0, 1, 1.5, 2, 2.999, 3, 1.5, 0, 3, 0, 0]),
    ("T9 repeat 1.5, forwards", timing { $0.repeatCount = 1.5; $0.fillMode = .forwards },
     [nil, nil, 0, 1, 1.5, 2, 2.999, 0, 1.5, 1.5, 1.5, 1.5, 1.5]),
    ("T10 repeatDuration 4, forwards", timing { $0.repeatDuration = 4; $0.fillMode = .forwards },
     [nil, nil, 0, 1, 1.5, 2, 2.999, 0, 1, 1, 1, 1, 1]),
    ("T11 speed 2 + offset 0.5 + autoreverse + repeat inf",
     timing { $0.speed = 2; $0.timeOffset = 0.5; $0.autoreverses = true; $0.repeatCount = .infinity },
     [nil, nil, 0.5, 2.5, 2.5, 1.5, 0.498, 0.5, 2.5, 0.5, 0.5, 0.5, 0.5]),
]

private func matches(_ actual: Double?, _ expected: Double?, tolerance: Double) -> Bool {
    switch (actual, expected) {
    case (nil, nil): true
    case let (a?, e?): abs(a - e) < tolerance
    default: false
    }
}

@Test("Table 2: parent time → basic local time", arguments: table2)
func localTimeTable(_ row: (name: String, timing: MediaTiming, expected: [Double?])) {
    for (tp, expected) in zip(parentTimes, row.expected) {
        let actual = row.timing.localTime(parentTime: tp, removedOnCompletion: false)
        #expect(matches(actual, expected, tolerance: 1e-9), "\(row.name) tp=\(tp): \(String(describing: actual))")
    }
}

@Test("Table 2 through an animation: a linear opacity 0 → 3 reads back the local time", arguments: table2)
func localTimeThroughAnimation(_ row: (name: String, timing: MediaTiming, expected: [Double?])) {
    let model = LayerProperties()  // opacity 1 when the animation contributes nothing
    let animation = Animation(keyPath: .opacity, kind: .basic(from: .scalar(0), to: .scalar(3), by: nil),
                              timing: row.timing, removedOnCompletion: false)
    for (tp, expected) in zip(parentTimes, row.expected) {
        var presentation = model
        animation.apply(at: tp, to: &presentation, model: model)
        #expect(abs(presentation.opacity - (expected ?? 1)) < 1e-9, "\(row.name) tp=\(tp)")
    }
}

@Test("forwards/both fill after the end only when removedOnCompletion is false")
func removedOnCompletionDisablesForwardFill() {
    for fill in [FillMode.forwards, .both] {
        let t = timing { $0.fillMode = fill }
        #expect(t.localTime(parentTime: 5, removedOnCompletion: true) == nil)
        #expect(t.localTime(parentTime: 5, removedOnCompletion: false) == 3)
    }
    // Backwards fill is unaffected: the animation has not finished yet.
    #expect(timing { $0.fillMode = .both }.localTime(parentTime: 0, removedOnCompletion: true) == 0)
}

@Test("Zero duration: 0.25 s, or the group's duration for a group child")
func zeroDuration() {
    var t = MediaTiming()
    t.fillMode = .forwards
    #expect(t.resolvedDuration() == 0.25)
    #expect(t.localTime(parentTime: 0.2, removedOnCompletion: false) == 0.2)
    #expect(t.localTime(parentTime: 0.3, removedOnCompletion: false) == 0.25)
    #expect(t.localTime(parentTime: 0.3, removedOnCompletion: true) == nil)
    #expect(t.resolvedDuration(groupDuration: 4) == 4)
    #expect(t.localTime(parentTime: 3, removedOnCompletion: false, groupDuration: 4) == 3)
}

@Test("Speed 0 freezes local time at timeOffset")
func speedZeroFreezes() {
    var t = MediaTiming()
    t.duration = 2
    t.speed = 0
    t.timeOffset = 0.75
    for tp in [-5.0, 0, 1, 10, 1000] {
        #expect(t.localTime(parentTime: tp, removedOnCompletion: true) == 0.75)
    }
}

@Test("Fractional and FLT_MAX repeat counts")
func repeatCounts() {
    var t = MediaTiming()
    t.duration = 2
    t.repeatCount = Double(Float.greatestFiniteMagnitude)
    #expect(t.localTime(parentTime: 1_000_001, removedOnCompletion: true) == 1)
    t.repeatCount = 2.25
    t.fillMode = .forwards
    #expect(t.localTime(parentTime: 4.25, removedOnCompletion: false) == 0.25)
    #expect(abs(t.localTime(parentTime: 9, removedOnCompletion: false)! - 0.5) < 1e-12)
}
