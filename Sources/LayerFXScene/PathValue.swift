import LayerFXModel

/// A shape path: one path object, an array of them (subpaths), or `null` (no path).
struct PathValue: SceneValueDecodable {
    var path: ShapePath

    init<V: SceneValue>(_ value: V) throws {
        switch value.kind {
        case .null: path = .empty
        case .array: path = ShapePath(try value.array { try SubpathValue($0).subpath })
        default: path = ShapePath([try SubpathValue(value).subpath])
        }
    }
}

/// One path object: exactly one of `ellipseIn`, `rect` (+ `cornerRadius`),
/// `arcCenter` (+ `radius`, `startAngle`, `endAngle`, `clockwise`), `star`, `svg`.
struct SubpathValue: SceneValueDecodable {
    var subpath: Subpath

    /// The keys of path objects: each form's main key, then the keys that go with one.
    enum Key: String, CaseIterable {
        case ellipseIn, rect, arcCenter, star, svg
        case cornerRadius, radius, startAngle, endAngle, clockwise

        /// The main key a companion key goes with; `nil` for main keys.
        var companionOf: Key? {
            switch self {
            case .cornerRadius: .rect
            case .radius, .startAngle, .endAngle, .clockwise: .arcCenter
            default: nil
            }
        }

        static let table = KeyTable<Key>()
    }

    static let expected = "a path object with one of ellipseIn, rect, arcCenter, star, svg"

    init<V: SceneValue>(_ value: V) throws {
        guard value.kind == .object else {
            throw value.issue("expected \(Self.expected), or an array of them")
        }
        let object = try value.object()
        // Find the main key; every other key must go with it.
        var main: (key: MemberKey, form: Key, value: V)? = nil
        try object.forEachMember { key, member in
            guard let known = Key.table(key.name) else {
                throw StrictKeys.unknownKey(key, in: object, allowed: Key.allCases.map(\.rawValue))
            }
            guard known.companionOf == nil else { return }
            if let first = main {
                throw object.issue(aboutKey: key,
                                   "a path object takes one of ellipseIn, rect, arcCenter, star, svg; found both \(first.key.name) and \(key.name) (use an array for several subpaths)")
            }
            main = (key, known, member)
        }
        guard let main else { throw value.issue("expected \(Self.expected)") }
        try object.forEachMember { key, _ in
            if let owner = Key.table(key.name)?.companionOf, owner != main.form {
                throw StrictKeys.unknownKey(key, in: object, allowed: [main.form.rawValue] + Key.allCases
                    .filter { $0.companionOf == main.form }.map(\.rawValue))
            }
        }

        switch main.form {
        case .ellipseIn:
            subpath = .ellipse(in: try RectValue(main.value).rect)
        case .rect:
            let rect = try RectValue(main.value).rect
            subpath = .roundedRect(rect, cornerRadius: try object.member("cornerRadius")?.number(.nonNegative) ?? 0)
        case .arcCenter:
            subpath = try Self.decodeArc(object, center: main.value)
        case .star:
            subpath = try StarValue(main.value).subpath
        default:  // svg (a companion key is never the main one)
            let data = try main.value.string()
            do {
                subpath = .elements(try SVGPathParser.parse(data))
            } catch {
                throw main.value.issue(error.message)
            }
        }
    }

    /// `Subpath.arc`'s UIBezierPath semantics: a full circle becomes the
    /// circle's ellipse, a partial arc cubic curves; `clockwise` defaults to true.
    private static func decodeArc<O: SceneObject>(_ object: O, center value: O.Value) throws -> Subpath {
        let center = try PointValue(value).point
        let radius = try object.required("radius").number(.nonNegative)
        let start = try object.required("startAngle").number()
        let end = try object.required("endAngle").number()
        let clockwise = try object.member("clockwise")?.bool() ?? true
        guard (center.x - radius).isFinite, (center.y - radius).isFinite, (2 * radius).isFinite else {
            throw value.issue("the circle's bounding rect is out of range")
        }
        return .arc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: clockwise)
    }
}

/// `{"center": point, "points": n, "outerRadius": R, "innerRadius": r, "rotation": a}`.
struct StarValue: SceneValueDecodable {
    var subpath: Subpath

    /// Most points a star may have.
    static let maximumPoints = 10_000
    static let keys = ["center", "points", "outerRadius", "innerRadius", "rotation"]

    init<V: SceneValue>(_ value: V) throws {
        let object = try value.object()
        try object.forEachMember { key, _ in
            if !Self.keys.contains(key.name) { throw StrictKeys.unknownKey(key, in: object, allowed: Self.keys) }
        }
        let center = try PointValue(object.required("center")).point
        let pointsValue = try object.required("points")
        let points = try pointsValue.integer()
        if points < 2 || points > Self.maximumPoints {
            throw pointsValue.issue("a star needs 2 to \(Self.maximumPoints) points (got \(points))")
        }
        let outer = try object.required("outerRadius").number(.nonNegative)
        let inner = try object.required("innerRadius").number(.nonNegative)
        let rotation = try object.member("rotation")?.number() ?? 0
        subpath = .star(center: center, points: points, outerRadius: outer, innerRadius: inner, rotation: rotation)
    }
}
