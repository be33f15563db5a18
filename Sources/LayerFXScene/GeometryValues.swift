import LayerFXCore

/// A point `[x, y]`.
struct PointValue: SceneValueDecodable {
    var point: Point

    init<V: SceneValue>(_ value: V) throws {
        let n = try value.numbers(2...2, expected: "a point [x, y]")
        point = Point(x: n[0], y: n[1])
    }
}

/// A size `[width, height]`; negative sides are rejected.
struct SizeValue: SceneValueDecodable {
    var size: Size

    init<V: SceneValue>(_ value: V) throws { try self.init(value, allowNegative: false) }

    init<V: SceneValue>(_ value: V, allowNegative: Bool) throws {
        let n = try value.numbers(2...2, expected: "a size [width, height]")
        if !allowNegative { try Self.checkSides(n, firstIndex: 0, of: value) }
        size = Size(width: n[0], height: n[1])
    }

    /// Rejects a negative width (`n[firstIndex]`) or height (`n[firstIndex + 1]`)
    /// of the array `value`, pointing at the element.
    static func checkSides<V: SceneValue>(_ n: SmallNumbers, firstIndex: Int, of value: V) throws {
        for (offset, side) in ["width", "height"].enumerated() {
            let i = firstIndex + offset
            if let problem = NumberConstraint.nonNegative.violation(n[i]) {
                throw value.issue(atIndex: i, "\(side) \(problem)")
            }
        }
    }
}

/// A rectangle `[x, y, width, height]`; negative sides are rejected.
struct RectValue: SceneValueDecodable {
    var rect: Rect

    init<V: SceneValue>(_ value: V) throws { try self.init(value, allowNegative: false) }

    init<V: SceneValue>(_ value: V, allowNegative: Bool) throws {
        let n = try value.numbers(4...4, expected: "a rect [x, y, width, height]")
        if !allowNegative { try SizeValue.checkSides(n, firstIndex: 2, of: value) }
        rect = Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }
}

extension SceneValue {
    /// An error about element `index` of this array.
    func issue(atIndex index: Int, _ message: String) -> DecodingIssue {
        var found: DecodingIssue? = nil
        try? forEachElement { i, element in if i == index { found = element.issue(message) } }
        return found ?? issue(message)
    }
}
