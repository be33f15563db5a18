import LayerFXCore

extension LottieText {
    /// Reads a text layer's `t`: the first document keyframe (`d.k[0].s`),
    /// and whether more keyframes or animators follow.
    init(_ layer: TreeObject) throws {
        let data = try layer.object("t")
        let keyframes = try data?.object("d")?.elements("k") ?? []
        let document = try keyframes.first.map { try $0.object().object("s") } ?? nil
        func color(_ key: String) throws -> Color? {
            guard let numbers = try document?.value(key)?.lottieNumbers(), numbers.count >= 3 else { return nil }
            return Color(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: 1).clamped
        }
        text = try document?.text("t") ?? ""
        font = try document?.text("f") ?? ""
        size = try document?.number("s") ?? 36
        justification = try document?.integer("j") ?? 0
        tracking = try document?.number("tr") ?? 0
        lineHeight = try document?.number("lh") ?? size * 1.2
        baselineShift = try document?.number("ls") ?? 0
        fillColor = try color("fc")
        strokeColor = try color("sc")
        strokeWidth = try document?.number("sw") ?? 0
        isAnimated = keyframes.count > 1
        hasAnimators = !(try data?.elements("a") ?? []).isEmpty
    }
}
