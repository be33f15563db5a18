import LayerFXCore
import LayerFXModel

/// `colors` and `locations` of a gradient layer (and of animations on them):
/// at most `LayerProperties.maximumGradientColors` colours, locations never decreasing.
enum GradientStops {
    static func colors<V: SceneValue>(_ value: V) throws -> [Color] {
        let colors = try value.array { try LayerDocument.color($0) }
        if colors.count > LayerProperties.maximumGradientColors {
            throw value.issue("a gradient takes at most \(LayerProperties.maximumGradientColors) colors in this version of LayerFX (got \(colors.count))")
        }
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
        return NumberList(locations)
    }
}
