import LayerFXCore

extension LottieText {
    /// Reads a text layer's `t`: its document keyframes (`d.k[].s` at
    /// `d.k[].t`), the first as the text itself, and whether animators follow.
    init(_ layer: TreeObject) throws {
        let data = try layer.object("t")
        let keyframes = try data?.object("d")?.elements("k") ?? []
        var documents: [(time: Double, text: LottieText)] = []
        for keyframe in keyframes {
            let members = try keyframe.object()
            documents.append((try members.number("t", or: 0), try LottieText(document: try members.object("s"))))
        }
        self = try documents.first?.text ?? LottieText(document: nil)
        changes = Array(documents.dropFirst())
        hasAnimators = !(try data?.elements("a") ?? []).isEmpty
    }

    /// One document (`s` of a keyframe).
    private init(document: TreeObject?) throws {
        func color(_ key: String) throws -> Color? {
            guard let numbers = try document?.value(key)?.lottieNumbers(), numbers.count >= 3 else { return nil }
            return Color(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: 1).clamped
        }
        func point(_ key: String) throws -> Point? {
            guard let numbers = try document?.value(key)?.lottieNumbers(), numbers.count >= 2,
                  numbers[0].isFinite, numbers[1].isFinite else { return nil }
            return Point(x: numbers[0], y: numbers[1])
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
        strokeOverFill = try document?.value("of") == nil || document?.flag("of") == true
        boxSize = try point("sz")
        boxPosition = try point("ps")
        changes = []
        hasAnimators = false
    }
}
