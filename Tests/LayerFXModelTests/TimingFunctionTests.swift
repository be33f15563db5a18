import Testing
import LayerFXModel

/// test-vectors.md table 1: y(x) of the named presets (reference: bisection to 1e-12).
private let table1: [(name: String, y: [Double])] = [
    ("linear", [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1]),
    ("easeIn", [0, 0.0170266097, 0.0934646507, 0.3153568126, 0.6218618692, 0.8394278458, 1]),
    ("easeOut", [0, 0.1605721542, 0.3781381308, 0.6846431874, 0.9065353493, 0.9829733903, 1]),
    ("easeInEaseOut", [0, 0.0197224535, 0.1291619310, 0.5, 0.8708380690, 0.9802775465, 1]),
    ("default", [0, 0.0947963057, 0.4085105914, 0.8024033876, 0.9604589783, 0.9943164775, 1]),
]
private let table1X: [Double] = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1]

@Test("Table 1: named timing functions", arguments: table1)
func namedTimingFunction(_ row: (name: String, y: [Double])) throws {
    let function = try #require(TimingFunction.named[row.name])
    for (x, y) in zip(table1X, row.y) {
        #expect(abs(function.value(at: x) - y) < 1e-6, "\(row.name)(\(x))")
        #expect(abs(function(x) - y) < 1e-6, "\(row.name)(\(x)) via callAsFunction")
    }
}

@Test("Input outside 0…1 is clamped")
func timingFunctionClampsInput() {
    #expect(TimingFunction.default.value(at: -0.5) == 0)
    #expect(TimingFunction.default.value(at: 1.5) == 1)
    #expect(TimingFunction.easeIn.value(at: .nan) == 0)
}

@Test("Solver is tight and monotonic over a dense grid")
func timingFunctionDenseGrid() {
    let curves = [TimingFunction.easeIn, .easeOut, .easeInEaseOut, .default, TimingFunction(0.9, 0.1, 0.1, 0.9)]
    for curve in curves {
        var previous = 0.0
        for i in 0...2000 {
            let x = Double(i) / 2000
            let y = curve.value(at: x)
            #expect(y >= previous - 1e-12)
            previous = y
            // Self-consistency: easeOut mirrors easeIn.
            if curve == .easeOut {
                #expect(abs(y - (1 - TimingFunction.easeIn.value(at: 1 - x))) < 1e-9)
            }
        }
    }
}
