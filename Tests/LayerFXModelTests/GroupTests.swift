import Testing
import LayerFXModel

private let groupTimes: [Double] = [0, 1.5, 2.999, 3, 4, 4.5, 6, 7.5, 9]

private func child(duration: Double, fill: FillMode) -> MediaTiming {
    var t = MediaTiming()
    t.duration = duration
    t.fillMode = fill
    return t
}

/// test-vectors.md table 3 (group duration 4.5, repeat inf; nil = none).
private let table3: [(name: String, child: MediaTiming, expected: [Double?])] = [
    ("child fill removed", child(duration: 3, fill: .removed), [0, 1.5, 2.999, nil, nil, 0, 1.5, nil, 0]),
    ("child fill forwards", child(duration: 3, fill: .forwards), [0, 1.5, 2.999, 3, 3, 0, 1.5, 3, 0]),
    ("child duration 10 (clipped)", child(duration: 10, fill: .removed), [0, 1.5, 2.999, 3, 4, 0, 1.5, 3, 0]),
]

private var repeatingGroup: MediaTiming {
    var t = MediaTiming()
    t.duration = 4.5
    t.repeatCount = .infinity
    return t
}

@Test("Table 3: group children, via the timing functions", arguments: table3)
func groupChildTiming(_ row: (name: String, child: MediaTiming, expected: [Double?])) {
    for (tp, expected) in zip(groupTimes, row.expected) {
        let g = repeatingGroup.localTime(parentTime: tp, removedOnCompletion: true)
        let c = g.flatMap { row.child.localTime(parentTime: $0, removedOnCompletion: false, groupDuration: 4.5) }
        #expect(c == expected || (c != nil && expected != nil && abs(c! - expected!) < 1e-9),
                "\(row.name) tp=\(tp): \(String(describing: c))")
    }
}

@Test("Table 3: group children, through a layer (opacity 0 → duration reads the child's local time)",
      arguments: table3)
func groupChildThroughLayer(_ row: (name: String, child: MediaTiming, expected: [Double?])) {
    let d = row.child.duration
    // The child keeps the default removedOnCompletion (true): groups ignore it.
    let childAnimation = Animation(keyPath: .opacity, kind: .basic(from: .scalar(0), to: .scalar(d), by: nil),
                                   timing: row.child)
    let group = Animation(keyPath: nil, kind: .group([childAnimation]), timing: repeatingGroup)
    var model = LayerProperties()
    model.opacity = -1
    let layer = Layer(properties: model, animations: [group])
    for (tp, expected) in zip(groupTimes, row.expected) {
        #expect(abs(layer.presentationProperties(at: tp).opacity - (expected ?? -1)) < 1e-9, "\(row.name) tp=\(tp)")
    }
}

@Test("Group timing function warps the children's time: tf(g/D)·D")
func groupTimingFunction() {
    var groupTiming = MediaTiming()
    groupTiming.duration = 2
    let child = Animation(keyPath: .opacity, kind: .basic(from: .scalar(0), to: .scalar(2), by: nil))
    let group = Animation(keyPath: nil, kind: .group([child]), timing: groupTiming, timingFunction: .easeIn)
    let layer = Layer(animations: [group])
    for t in [0.2, 0.5, 1, 1.5, 1.9] {
        let expected = TimingFunction.easeIn.value(at: t / 2) * 2
        #expect(abs(layer.presentationProperties(at: t).opacity - expected) < 1e-12)
    }
}

@Test("Inactive group: no child contributes, even children that fill backwards")
func inactiveGroup() {
    var groupTiming = MediaTiming()
    groupTiming.beginTime = 1
    groupTiming.duration = 2
    var childTiming = MediaTiming()
    childTiming.fillMode = .both
    let child = Animation(keyPath: .opacity, kind: .basic(from: .scalar(0.2), to: .scalar(0.4), by: nil),
                          timing: childTiming)
    let layer = Layer(animations: [Animation(keyPath: nil, kind: .group([child]), timing: groupTiming)])
    #expect(layer.presentationProperties(at: 0.5).opacity == 1)
    #expect(abs(layer.presentationProperties(at: 2).opacity - 0.3) < 1e-12)
    #expect(layer.presentationProperties(at: 3.5).opacity == 1)
}

@Test("Children apply in order: a later non-additive child overrides, an additive one adds")
func childrenInOrder() {
    var timing = MediaTiming()
    timing.duration = 1
    let first = Animation(keyPath: .positionX, kind: .basic(from: .scalar(0), to: .scalar(10), by: nil))
    let second = Animation(keyPath: .positionX, kind: .basic(from: .scalar(100), to: .scalar(200), by: nil))
    let additive = Animation(keyPath: .positionX, kind: .basic(from: .scalar(0), to: .scalar(2), by: nil),
                             isAdditive: true)
    let layer = Layer(animations: [Animation(keyPath: nil, kind: .group([first, second, additive]), timing: timing)])
    #expect(abs(layer.presentationProperties(at: 0.5).position.x - 151) < 1e-12)
}
