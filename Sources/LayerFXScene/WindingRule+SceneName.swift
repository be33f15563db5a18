import LayerFXCore

extension WindingRule {
    /// How a shape layer's `fillRule` names the rule in scene files.
    var sceneName: String {
        switch self {
        case .nonZero: "nonZero"
        case .evenOdd: "evenOdd"
        }
    }
}
