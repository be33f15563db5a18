/// `Scenes/parity.json`: the instants (seconds) and pixel scales (pixels per
/// point) each scene is rendered at. A scene without an entry, or an entry
/// without `times` or `scales`, takes `default`; `default` has no scales, so
/// such a scene renders at the scale its own file sets.
struct RenderSettings: Decodable {
    /// One scene's times and scales; a key left out takes the default.
    struct Entry: Decodable {
        var times: [Double]?
        var scales: [Double]?
    }

    /// The times of every scene that lists none.
    var `default`: Entry
    /// The entries by scene file name.
    var scenes: [String: Entry]

    /// The times the scene `name` is rendered at.
    func times(for name: String) -> [Double] {
        scenes[name]?.times ?? `default`.times ?? []
    }

    /// The scales the scene `name` is rendered at, or nil for its own.
    func scales(for name: String) -> [Double]? {
        scenes[name]?.scales ?? `default`.scales
    }
}
