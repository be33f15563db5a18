import LayerFXCore

/// Lenient reading of a Lottie file's JSON, as the players read it: a
/// number may come as a one-element array (`"o": [100]`), a flag as a
/// number (`"c": 1`), integers as floats (`"ty": 4.0`), and keys a player
/// does not know are skipped. What is read and is not of a usable kind is an
/// error at its node, which `SceneError` turns into one located line.
extension TreeObject {
    /// The value of member `key`, nil when absent or `null`.
    func value(_ key: String) -> TreeValue? {
        guard let value = member(key), value.kind != .null else { return nil }
        return value
    }

    /// Member `key` as a number (or the first number of an array); nil when absent.
    func number(_ key: String) throws -> Double? {
        try value(key).map { try $0.lottieNumber() }
    }

    /// Member `key` as a finite number, or `fallback` when absent.
    func number(_ key: String, or fallback: Double) throws -> Double {
        try number(key) ?? fallback
    }

    /// Member `key` as an integer (a number with no fraction, within ±2³¹); nil when absent.
    func integer(_ key: String) throws -> Int? {
        guard let value = value(key) else { return nil }
        let number = try value.lottieNumber()
        guard number == number.rounded(), abs(number) < 2_147_483_648 else {
            throw value.issue("expected an integer, found \(number.numberText)")
        }
        return Int(number)
    }

    /// Member `key` as a flag: `true`/`false`, or a number (not 0 is true); false when absent.
    func flag(_ key: String) throws -> Bool {
        guard let value = value(key) else { return false }
        switch value.kind {
        case .bool: return try value.bool()
        case .number: return try value.number() != 0
        default: throw value.mismatch("true, false or a number")
        }
    }

    /// Member `key` as a string; nil when absent.
    func text(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        if value.kind == .number { return try value.number().numberText }
        return try value.string()
    }

    /// Member `key` as an object; nil when absent.
    func object(_ key: String) throws -> TreeObject? {
        try value(key).map { try $0.object() }
    }

    /// Member `key`'s elements; nil when absent.
    func elements(_ key: String) throws -> [TreeValue]? {
        try value(key).map { try $0.elements() }
    }
}

extension TreeValue {
    /// The value as a finite number: a number, or the first element of an
    /// array of numbers (Lottie writes `[50]` for 50 in places).
    func lottieNumber() throws -> Double {
        switch kind {
        case .number:
            return try number()
        case .array:
            guard let first = try elements().first else { throw issue("expected a number, found an empty array") }
            guard first.kind == .number else { throw first.mismatch("a number") }
            return try first.number()
        case .bool:
            return try bool() ? 1 : 0
        default:
            throw mismatch("a number")
        }
    }

    /// The value as a list of numbers: an array of numbers, or one number.
    func lottieNumbers() throws -> [Double] {
        switch kind {
        case .number: return [try number()]
        case .array:
            return try elements().map { element in
                guard element.kind == .number else { throw element.mismatch("a number") }
                return try element.number()
            }
        default: throw mismatch("a number or an array of numbers")
        }
    }

    /// The elements of an array.
    func elements() throws -> [TreeValue] {
        var result: [TreeValue] = []
        result.reserveCapacity(try elementCount())
        try forEachElement { _, element in result.append(element) }
        return result
    }
}
