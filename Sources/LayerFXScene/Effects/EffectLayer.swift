import LayerFXModel

/// An effect that the scene decoder can read from an effect layer's parameters.
protocol DecodableEffect: LayerEffect {
    /// The parameter keys, in the order docs/effects.md lists them.
    static var parameterNames: [String] { get }
    /// Reads the parameters (absent ones take their defaults).
    init<O: SceneObject>(parameters: EffectParameters<O>) throws
}

/// `"type": "effect"` layers: the registry of effects and the decoding of an
/// effect layer into the layers it expands to.
///
/// An effect layer is a plain container layer: its CALayer keys (`name`,
/// `bounds`, `position`, `transform`, `opacity`, `backgroundColor`,
/// `sublayers`, `animations`, …) work as on any layer, and `bounds` is the
/// view the effect fills. The effect's generated layers go inside it, behind
/// its own `sublayers`. A parameter that shares a CALayer key's name (waves'
/// and shimmer's `speed`, shimmer's `opacity`) is the effect's parameter on
/// that effect.
enum EffectLayer {
    static let typeName = "effect"

    /// Every effect, in the order docs/effects.md lists them.
    static let effects: [any DecodableEffect.Type] = [
        RippleEffect.self, WavesEffect.self, ShimmerEffect.self, TypingDotsEffect.self, PulseEffect.self,
    ]

    static var effectNames: [String] { effects.map { $0.effectName } }

    /// The expanded layer for an effect layer's `object`.
    static func decode<O: SceneObject>(_ object: O) throws -> DecodedLayer {
        let nameValue = try object.required("effect")
        let name = try nameValue.string()
        guard let effect = effects.first(where: { $0.effectName == name }) else {
            throw nameValue.issue(unknownEffectMessage(name))
        }
        let parameters = effect.parameterNames
        let layerKeys = LayerDocument.Key.keys(of: .plain)
        try object.forEachMember { key, _ in
            if key.name == "effect" || parameters.contains(key.name) || layerKeys.contains(key.name) { return }
            throw StrictKeys.unknownKey(key, in: object, allowed: parameters + layerKeys + ["effect"],
                                        note: note(forKey: key.name, on: effect, parameters: parameters + layerKeys))
        }
        var host = try LayerDocument(object, kind: .plain, skipping: Set(parameters + ["type", "effect"])).decoded
        let preset = try effect.init(parameters: EffectParameters(object: object, effect: name))
        let size = host.layer.properties.bounds.size
        guard size.width > 0, size.height > 0 else {
            let message = "a \(name) effect needs \"bounds\" with a positive width and height (the view it fills)"
            throw object.member("bounds")?.issue(message) ?? object.issue(message)
        }
        let generated = preset.makeLayers(for: &host.layer)
        host.sublayers = generated.map(DecodedLayer.init(built:)) + host.sublayers
        host.fontUses = generated.flatMap(\.textFonts).map { FontUse(font: $0, in: object) }
        return host
    }

    /// `unknown effect "pluse"; did you mean "pulse"?`, or the list of effects.
    static func unknownEffectMessage(_ name: String) -> String {
        if let suggestion = KeySuggestion.closest(to: name, in: effectNames) {
            return "unknown effect \"\(name)\"; did you mean \"\(suggestion)\"?"
        }
        return StrictKeys.unknownName("effect", name, options: effectNames)
    }

    /// Why `key` is not accepted on an effect layer of `effect`, when it
    /// belongs elsewhere; nil to let a "did you mean" suggestion speak.
    private static func note(forKey key: String, on effect: any DecodableEffect.Type,
                             parameters: [String]) -> String? {
        if KeySuggestion.closest(to: key, in: parameters) != nil { return nil }
        if let owner = LayerDocument.Key.table(key)?.owner {
            return "\(key) belongs to \(owner.typeName) layers, not to \(effect.effectName) effects"
        }
        if let other = effects.first(where: { $0.parameterNames.contains(key) }) {
            return "\(key) is a parameter of \(other.effectName) effects, not of \(effect.effectName) effects"
        }
        return nil
    }

    /// The note for an effect parameter written on a layer of another type.
    static func note(forForeignKey key: String) -> String? {
        if key == "effect" { return "effect belongs to effect layers; add \"type\": \"effect\"" }
        return nil
    }
}

extension DecodedLayer {
    /// A built layer tree as a decoded one (sublayers and mask inline), to
    /// go through mask resolution with the rest of the document.
    init(built layer: Layer) {
        var node = layer
        let sublayers = node.sublayers
        let mask = node.mask
        node.sublayers = []
        node.mask = nil
        self.init(layer: node, sublayers: sublayers.map(DecodedLayer.init(built:)),
                  mask: mask.map { .inline(DecodedLayer(built: $0)) })
    }
}
