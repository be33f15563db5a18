import LayerFXCore
import LayerFXModel

/// `timingFunction`: a preset name or `[c1x, c1y, c2x, c2y]` with x in 0…1.
struct TimingFunctionValue: SceneValueDecodable {
    var function: TimingFunction

    /// Preset names in the contract's order.
    static let names = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]

    init<V: SceneValue>(_ value: V) throws {
        if value.kind == .string {
            let name = try value.string()
            guard let preset = TimingFunction.named[name] else {
                throw value.issue(StrictKeys.unknownName("timing function", name, options: Self.names)
                                  + " or [c1x, c1y, c2x, c2y]")
            }
            function = preset
            return
        }
        let n = try value.numbers(4...4, expected: "a timing function name or [c1x, c1y, c2x, c2y]")
        for i in [0, 2] where !(0...1).contains(n[i]) {
            throw value.issue(atIndex: i, "control point x must be in 0…1 (got \(n[i].numberText))")
        }
        function = TimingFunction(n[0], n[1], n[2], n[3])
    }
}

/// `repeatCount` / `repeatDuration`: a number ≥ 0, or `"infinity"` / `"HUGE"` for forever.
struct RepeatValue: SceneValueDecodable {
    var value: Double

    static let infinityNames: Set<String> = ["infinity", "HUGE"]

    init<V: SceneValue>(_ value: V) throws {
        switch value.kind {
        case .string:
            let name = try value.string()
            guard Self.infinityNames.contains(name) else {
                throw value.issue("expected a number, \"infinity\" or \"HUGE\", found \"\(name)\"")
            }
            self.value = .infinity
        case .number:
            self.value = try value.number(.nonNegative)
        default:
            throw value.mismatch("a number, \"infinity\" or \"HUGE\"")
        }
    }
}
