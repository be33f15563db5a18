/// The one place that lists what the contract describes but this version of
/// LayerFX does not implement yet. Lifting a restriction means removing its
/// entry here and adding the decoding elsewhere.
enum Unsupported {
    /// Appended to every "not supported" message.
    static let suffix = "not supported yet by this version of LayerFX"

    /// Layer `type`s of the contract that are rejected.
    static let layerTypes: Set<String> = []

    /// The message for a rejected layer type.
    static func layerType(_ type: String) -> String {
        "\"\(type)\" layers are \(suffix)"
    }

    /// Keys of the contract's layer subclasses that are not implemented, by subclass.
    static let subclassKeys: [String: String] = [:]

    /// The note for a key of an unimplemented layer subclass, if `key` is one.
    static func subclassKeyNote(_ key: String) -> String? {
        subclassKeys[key].map { "\(key) belongs to \($0) layers, which are \(suffix)" }
    }

    /// A `speed` below zero (playing backwards).
    static let negativeSpeed = "negative speeds (playing backwards) are \(suffix)"
}
