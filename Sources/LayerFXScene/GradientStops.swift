import LayerFXCore
import LayerFXModel

/// `colors` and `locations` of a gradient layer (and of animations on them):
/// at most `LayerProperties.maximumGradientColors` of each, locations never decreasing.
enum GradientStops {
    static func colors<V: SceneValue>(_ value: V) throws -> [Color] {
        let colors = try value.array { try LayerDocument.color($0) }
        try checkCount(colors.count, of: "colors", in: value)
        return colors
    }

    static func locations<V: SceneValue>(_ value: V) throws -> NumberList {
        var locations: [Double] = []
        try value.forEachElement { _, element in
            let location = try element.number()
            if let previous = locations.last, location < previous {
                throw element.issue("locations must not decrease (\(location.numberText) follows \(previous.numberText))")
            }
            locations.append(location)
        }
        try checkCount(locations.count, of: "locations", in: value)
        return NumberList(locations)
    }

    /// Throws when a list of `count` `what` is longer than a gradient may have.
    private static func checkCount<V: SceneValue>(_ count: Int, of what: String, in value: V) throws {
        let limit = LayerProperties.maximumGradientColors
        if count > limit { throw value.issue("a gradient takes at most \(limit) \(what) (got \(count))") }
    }
}
