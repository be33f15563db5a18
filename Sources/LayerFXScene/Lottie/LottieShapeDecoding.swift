import LayerFXCore

extension LottieShapeItem {
    /// Reads one shape item by its type `ty`; hidden items (`hd`) and types
    /// LayerFX does not draw become `.unsupported` (hidden ones with an
    /// empty feature, which is not reported).
    init(_ value: TreeValue) throws {
        let members = try value.object()
        let type = try members.text("ty") ?? ""
        if try members.flag("hd") {
            self = .unsupported(type: type, feature: "")
            return
        }
        // A path's direction (`d`; a stroke's `d` is its dashes).
        let direction = ["rc", "el", "sr"].contains(type) && members.value("d")?.kind == .number ? try members.number("d") : nil
        let reversed = direction == 3
        switch type {
        case "gr":
            self = .group(LottieShapeGroup(name: try members.text("nm") ?? "",
                                           items: try (members.elements("it") ?? []).map(LottieShapeItem.init)))
        case "rc":
            self = .path(LottieShapePath(geometry: .rectangle(
                position: try .vector(members.value("p"), or: [0, 0]), size: try .vector(members.value("s"), or: [0, 0]),
                roundness: try .scalar(members.value("r"), or: 0)), reversed: reversed))
        case "el":
            self = .path(LottieShapePath(geometry: .ellipse(
                position: try .vector(members.value("p"), or: [0, 0]), size: try .vector(members.value("s"), or: [0, 0])),
                reversed: reversed))
        case "sr":
            self = .path(LottieShapePath(geometry: .polystar(LottiePolystar(
                isStar: try members.integer("sy") != 2, position: try .vector(members.value("p"), or: [0, 0]),
                points: try .scalar(members.value("pt"), or: 5), rotation: try .scalar(members.value("r"), or: 0),
                outerRadius: try .scalar(members.value("or"), or: 0), innerRadius: try .scalar(members.value("ir"), or: 0),
                outerRoundness: try .scalar(members.value("os"), or: 0),
                innerRoundness: try .scalar(members.value("is"), or: 0))), reversed: reversed))
        case "sh":
            guard let path = members.value("ks") else { throw value.issue("expected a path \"ks\"") }
            // Early exporters wrote the path's closing flag on the item (`closed`).
            let closed = try members.flag("closed")
            self = .path(LottieShapePath(geometry: .bezier(try .read(path) { value in
                var bezier = try LottieBezier.read(value)
                bezier.closed = bezier.closed || closed
                return bezier
            }), reversed: false))
        case "fl", "gf":
            self = .paint(LottiePaint(source: try Self.source(members, gradient: type == "gf"),
                                      opacity: try .scalar(members.value("o"), or: 100), stroke: nil,
                                      evenOdd: try members.integer("r") == 2))
        case "st", "gs":
            self = .paint(LottiePaint(source: try Self.source(members, gradient: type == "gs"),
                                      opacity: try .scalar(members.value("o"), or: 100),
                                      stroke: try LottieStroke(members), evenOdd: false))
        case "tm":
            self = .trim(LottieTrim(start: try .scalar(members.value("s"), or: 0), end: try .scalar(members.value("e"), or: 100),
                                    offset: try .scalar(members.value("o"), or: 0), individually: try members.integer("m") == 2))
        case "rp":
            let transform = try members.value("tr")
            self = .repeater(LottieRepeater(
                copies: try .scalar(members.value("c"), or: 1), offset: try .scalar(members.value("o"), or: 0),
                newerAbove: try members.integer("m") == 2,
                transform: try transform.map { try LottieTransform($0, isLayer: false) } ?? .identity,
                startOpacity: try .scalar(try transform?.object().value("so"), or: 100),
                endOpacity: try .scalar(try transform?.object().value("eo"), or: 100)))
        case "rd":
            self = .roundedCorners(radius: try .scalar(members.value("r"), or: 0))
        case "tr":
            self = .transform(try LottieTransform(value, isLayer: false))
        case "mm": self = .unsupported(type: type, feature: "merge paths")
        case "op": self = .unsupported(type: type, feature: "offset path")
        case "pb": self = .unsupported(type: type, feature: "pucker and bloat")
        case "zz": self = .unsupported(type: type, feature: "zig zag")
        case "tw": self = .unsupported(type: type, feature: "twist")
        default: self = .unsupported(type: type, feature: "shape item \"\(type)\"")
        }
    }

    /// A paint's colour (`c`) or gradient.
    private static func source(_ members: TreeObject, gradient: Bool) throws -> LottiePaint.Source {
        guard gradient else { return .color(try .vector(members.value("c"), or: [0, 0, 0])) }
        guard let stops = try members.object("g"), let stopsValue = stops.value("k") else {
            throw members.issue("expected gradient stops \"g\" with their values \"k\"")
        }
        return .gradient(LottieGradient(
            isRadial: try members.integer("t") == 2, start: try .vector(members.value("s"), or: [0, 0]),
            end: try .vector(members.value("e"), or: [0, 0]), highlightLength: try .scalar(members.value("h"), or: 0),
            highlightAngle: try .scalar(members.value("a"), or: 0), colorStops: try stops.integer("p") ?? 0,
            stops: try .vector(stopsValue, or: [])))
    }
}

extension LottieStroke {
    /// Reads a stroke's pen: width, cap, join, miter limit and dashes.
    init(_ members: TreeObject) throws {
        width = try .scalar(members.value("w"), or: 1)
        cap = try members.integer("lc") ?? 2
        join = try members.integer("lj") ?? 2
        miterLimit = try members.number("ml", or: 0)
        dashes = []
        dashOffset = nil
        for dash in try members.elements("d") ?? [] {
            let entry = try dash.object()
            let length = try LottieProperty.scalar(entry.value("v"), or: 0)
            if try entry.text("n") == "o" { dashOffset = length } else { dashes.append(length) }
        }
    }
}
