import LayerFXCore
import LayerFXModel

/// A preset: one of the seed effects as a value that expands into ordinary
/// layers and animations (no special rendering path).
///
/// In a scene file an effect is a layer of `"type": "effect"` with
/// `"effect": NAME` and the effect's parameters; the decoder expands it (see
/// `layerfx expand`). From Swift, build the effect and call `expand(_:)` on
/// the host layer it fills:
///
/// ```swift
/// var host = Layer(name: "rings")
/// host.properties.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
/// host.properties.position = Point(x: 150, y: 150)
/// let rings = PulseEffect().expand(host)   // rings.sublayers: "rings.ring0" …
/// ```
public protocol LayerEffect: Sendable {
    /// The effect's name in scene files (`"effect": "pulse"`).
    static var effectName: String { get }

    /// The effect's layers for `host`, the effect layer with its CALayer
    /// properties (its `bounds` is the view the effect fills, its `name`
    /// prefixes the generated layers' names). Also sets the host properties
    /// the effect owns (for instance `masksToBounds`). The returned layers draw
    /// behind the host's own sublayers.
    func makeLayers(for host: inout Layer) -> [Layer]
}

extension LayerEffect {
    /// `host` with the effect applied: its generated layers inserted behind
    /// its own sublayers.
    public func expand(_ host: Layer) -> Layer {
        var expanded = host
        let generated = makeLayers(for: &expanded)
        expanded.sublayers = generated + expanded.sublayers
        return expanded
    }

    /// The name of a generated layer: `"NAME.part"`, with NAME the host's
    /// name or, for an unnamed host, the effect's name.
    static func partName(_ part: String, of host: Layer) -> String {
        "\(host.name ?? effectName).\(part)"
    }
}

// MARK: - Building blocks shared by the effects

extension MediaTiming {
    /// A timing with the given fields, the others at Core Animation's defaults.
    static func make(beginTime: Double = 0, duration: Double = 0, timeOffset: Double = 0,
                     repeatCount: Double = 0, autoreverses: Bool = false,
                     fillMode: FillMode = .removed) -> MediaTiming {
        var timing = MediaTiming()
        timing.beginTime = beginTime
        timing.duration = duration
        timing.timeOffset = timeOffset
        timing.repeatCount = repeatCount
        timing.autoreverses = autoreverses
        timing.fillMode = fillMode
        return timing
    }
}

extension Rect {
    /// The square of side 2·`radius` centred on `center`.
    static func circle(center: Point, radius: Double) -> Rect {
        Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }

    /// The centre.
    var center: Point { Point(x: midX, y: midY) }
}

extension Color {
    /// `self` moved `fraction` of the way towards `other`, alpha included.
    func mixed(with other: Color, _ fraction: Double) -> Color {
        Color(red: red + (other.red - red) * fraction, green: green + (other.green - green) * fraction,
              blue: blue + (other.blue - blue) * fraction, alpha: alpha + (other.alpha - alpha) * fraction)
    }

    /// The same colour with alpha `alpha`.
    func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }
}
