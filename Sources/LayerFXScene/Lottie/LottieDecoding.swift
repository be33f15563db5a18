import LayerFXCore

extension LottieAnimation {
    /// Whether the parsed document is a Lottie animation: an object with
    /// bodymovin's keys (a version `v`, frame rate `fr`, in or out point
    /// `ip`/`op`, or size `w`/`h`) and not a scene's `size` or `version`.
    static func recognizes(_ document: JSONDocument) -> Bool {
        let root = TreeValue(document: document, node: JSONDocument.root)
        guard root.kind == .object, let object = try? root.object() else { return false }
        return ["v", "fr", "ip", "op", "w", "h"].contains { object.value($0) != nil }
            && object.member("size") == nil && object.member("version") == nil
    }

    /// Reads the animation from the root of `document`.
    init(_ document: JSONDocument) throws {
        let rootValue = TreeValue(document: document, node: JSONDocument.root)
        let root = try rootValue.object()
        width = try root.number("w", or: 0)
        height = try root.number("h", or: 0)
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw (root.value("w") ?? rootValue).issue("expected a width \"w\" and height \"h\" above 0")
        }
        frameRate = try root.number("fr", or: 60)
        guard frameRate.isFinite, frameRate > 0 else {
            throw (root.value("fr") ?? rootValue).issue("expected a frame rate \"fr\" above 0")
        }
        inPoint = wholeFrame(try root.number("ip", or: 0))
        outPoint = wholeFrame(try root.number("op", or: 0))
        guard inPoint.isFinite, outPoint.isFinite, outPoint > inPoint else {
            throw (root.value("op") ?? rootValue).issue("expected an out point \"op\" after the in point \"ip\"")
        }
        precompositions = [:]
        images = [:]
        for asset in try root.elements("assets") ?? [] {
            let members = try asset.object()
            guard let id = try members.text("id") else { continue }
            if let layers = try members.elements("layers") {
                precompositions[id] = try layers.map(LottieLayer.init)
            } else if let name = try members.text("p") {
                images[id] = LottieImageAsset(
                    width: try members.number("w", or: 0), height: try members.number("h", or: 0),
                    folder: try members.text("u") ?? "", name: name,
                    isEmbedded: name.hasPrefix("data:"), node: asset.node)
            }
        }
        guard let layerList = try root.elements("layers") else { throw rootValue.issue("expected \"layers\"") }
        layers = try layerList.map(LottieLayer.init)
        fonts = [:]
        for font in try root.object("fonts")?.elements("list") ?? [] {
            let members = try font.object()
            guard let name = try members.text("fName") else { continue }
            fonts[name] = LottieFont(family: try members.text("fFamily") ?? name, style: try members.text("fStyle") ?? "",
                                     ascent: try members.number("ascent", or: 75))
        }
        glyphs = [:]
        for glyph in try root.elements("chars") ?? [] {
            let members = try glyph.object()
            guard let character = try members.text("ch") else { continue }
            let key = LottieGlyphKey(character: character, family: try members.text("fFamily") ?? "",
                                     style: try members.text("style") ?? "")
            let shapes = try members.object("data")?.elements("shapes") ?? []
            glyphs[key] = LottieGlyph(shapes: try shapes.map(LottieShapeItem.init), size: try members.number("size", or: 100),
                                      advance: try members.number("w", or: 0))
        }
    }
}

extension LottieLayer {
    /// Reads one layer object.
    init(_ value: TreeValue) throws {
        let members = try value.object()
        node = value.node
        name = try members.text("nm") ?? ""
        index = try members.integer("ind")
        parent = try members.integer("parent")
        inPoint = wholeFrame(try members.number("ip", or: 0))
        outPoint = wholeFrame(try members.number("op", or: 0))
        startTime = try members.number("st", or: 0)
        stretch = try members.number("sr", or: 1)
        guard inPoint.isFinite, outPoint.isFinite, startTime.isFinite, stretch.isFinite, stretch != 0 else {
            throw value.issue("expected finite in and out points, start time and a stretch other than 0")
        }
        matteMode = try members.integer("tt")
        matteParent = try members.integer("tp")
        isMatteSource = try members.flag("td")
        isHidden = try members.flag("hd")
        autoOrients = try members.flag("ao")
        unsupported = []
        let is3D = try members.flag("ddd")
        transform = try members.value("ks").map { try LottieTransform($0, isLayer: true, is3D: is3D) } ?? .identity
        masks = try (members.elements("masksProperties") ?? []).map(LottieMask.init)
        let type = try members.integer("ty") ?? -1
        switch type {
        case 0:
            guard let id = try members.text("refId") else { throw value.issue("expected a precomposition \"refId\"") }
            content = .precomposition(id: id, width: try members.number("w"), height: try members.number("h"),
                                      timeRemap: try members.value("tm").map { try .scalar($0, or: 0) })
        case 1:
            content = .solid(color: try Self.solidColor(members), width: try members.number("sw", or: 0),
                             height: try members.number("sh", or: 0))
        case 2:
            guard let id = try members.text("refId") else { throw value.issue("expected an image \"refId\"") }
            content = .image(id: id)
        case 3:
            content = .null
        case 4:
            content = .shapes(try (members.elements("shapes") ?? []).map(LottieShapeItem.init))
        case 5:
            content = .text(try LottieText(members))
        default:
            content = .null
            unsupported.append(type == 13 ? "camera layer" : type == 6 ? "audio layer" : "layer of type \(type)")
        }
        if is3D { unsupported.append("3D layer") }
        if let effects = try members.elements("ef"), !effects.isEmpty { unsupported.append("effects") }
        if let styles = try members.elements("sy"), !styles.isEmpty { unsupported.append("layer styles") }
        if let blend = try members.integer("bm"), blend != 0 { unsupported.append("blend mode \(blend)") }
        if value.containsExpression { unsupported.append("expressions") }
        for mask in masks where !["a", "s", "i", "n"].contains(mask.mode) {
            unsupported.append("mask mode \"\(mask.mode)\"")
        }
        if masks.contains(where: { $0.expansion.isAnimated || $0.expansion.initialValue != 0 }) {
            unsupported.append("mask expansion")
        }
        if let mode = matteMode, !(1...4).contains(mode) { unsupported.append("matte mode \(mode)") }
    }

    /// A solid layer's colour (`sc`, `#rrggbb`); black when it is not in that form.
    private static func solidColor(_ members: TreeObject) throws -> Color {
        guard let text = try members.text("sc"), text.hasPrefix("#"), text.count == 7,
              let rgb = UInt32(text.dropFirst(), radix: 16) else { return .black }
        return Color(red: Double((rgb >> 16) & 255) / 255, green: Double((rgb >> 8) & 255) / 255,
                     blue: Double(rgb & 255) / 255, alpha: 1)
    }
}

extension TreeValue {
    /// Whether a property anywhere in this value has an expression (a
    /// string member `x` of an object with a value `k`).
    var containsExpression: Bool {
        switch kind {
        case .object:
            guard let members = try? object() else { return false }
            if members.value("x")?.kind == .string && members.value("k") != nil { return true }
            var found = false
            try? members.forEachMember { _, value in found = found || value.containsExpression }
            return found
        case .array:
            var found = false
            try? forEachElement { _, element in found = found || element.containsExpression }
            return found
        default:
            return false
        }
    }
}

extension LottieTransform {
    /// Reads a transform object (`ks`, `tr`, a repeater's `tr`).
    init(_ value: TreeValue, isLayer: Bool, is3D: Bool = false) throws {
        let members = try value.object()
        anchor = try .vector(members.value("a"), or: [0, 0])
        if let p = members.value("p"), let split = try? p.object(), try split.flag("s") {
            positionX = try .scalar(split.value("x"), or: 0)
            positionY = try .scalar(split.value("y"), or: 0)
            position = LottieProperty([0, 0])
        } else {
            position = try .vector(members.value("p"), or: [0, 0])
            positionX = nil; positionY = nil
        }
        scale = try .vector(members.value("s"), or: [100, 100])
        // A 3D layer's rotation about z is its 2D rotation; a 2D layer's `rz` is not read
        // (ThorVG and lottie-web ignore it there).
        rotation = try .scalar(members.value("r") ?? (is3D ? members.value("rz") : nil), or: 0)
        skew = try .scalar(members.value("sk"), or: 0)
        skewAxis = try .scalar(members.value("sa"), or: 0)
        opacity = try .scalar(members.value("o"), or: 100)
    }
}

extension LottieMask {
    /// Reads one mask.
    init(_ value: TreeValue) throws {
        let members = try value.object()
        mode = try members.text("mode") ?? "a"
        inverted = try members.flag("inv")
        guard let pathValue = members.value("pt") else { throw value.issue("expected a mask path \"pt\"") }
        path = try .read(pathValue, LottieBezier.read)
        opacity = try .scalar(members.value("o"), or: 100)
        expansion = try .scalar(members.value("x"), or: 0)
    }
}

/// An in or out point as After Effects meant it: within 1/1000 of a frame
/// of a whole frame, that frame (exporters write frame 90 at 29.97 fps as
/// 90.0000037, which would otherwise keep a layer on at frame 90; ThorVG and
/// rlottie end it there too).
private func wholeFrame(_ frame: Double) -> Double {
    let whole = frame.rounded()
    return abs(frame - whole) < 1e-3 ? whole : frame
}
