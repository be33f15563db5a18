import LayerFXCore
import LayerFXModel

/// A text layer's first document: with the file's glyph outlines (`chars`)
/// as shapes, placed as ThorVG places them (the first line's baseline at
/// the layer's origin, each glyph's outline for size 100 scaled by the
/// size, the cursor advancing by the glyph's width plus the tracking, lines
/// `lh` apart, right or centre justification shifting each line by its
/// width or half of it); without outlines, as a text layer in the file's
/// font family (or LayerFX's stand-in), reported.
extension LottieConverter {
    /// The layers of `text`; `label` names its layer in the report.
    mutating func textLayers(_ text: LottieText, label: String) -> [Layer] {
        if text.hasAnimators { report.note("text animators", layer: label) }
        guard !text.changes.isEmpty else { return documentLayers(text, label: label) }
        // Each document held from its keyframe until the next one's.
        let documents = [(time: -Double.infinity, text: text)] + text.changes
        var result: [Layer] = []
        for (index, document) in documents.enumerated() {
            var held = Layer(name: "text document \(index)")
            held.sublayers = documentLayers(document.text, label: label)
            let next = index + 1 < documents.count ? documents[index + 1].time : nil
            held.animations.append(clock.visibility(from: index == 0 ? nil : document.time, to: next))
            result.append(held)
        }
        return result
    }

    /// Where a document's first baseline starts: the layer's origin for
    /// point text; for box text the box's left edge, and its top plus the
    /// font's ascent (at most the box's height), as ThorVG lays it out.
    private func origin(_ text: LottieText) -> Point {
        guard let box = text.boxSize, let corner = text.boxPosition else { return Point(x: 0, y: 0) }
        let ascent = min((animation.fonts[text.font]?.ascent ?? 75) / 100 * text.size, box.y)
        return Point(x: corner.x, y: corner.y + ascent)
    }

    /// The layers of one document.
    private mutating func documentLayers(_ text: LottieText, label: String) -> [Layer] {
        let origin = origin(text), boxWidth = text.boxSize?.x ?? 0
        let font = animation.fonts[text.font]
        let family = font?.family ?? text.font, style = font?.style ?? ""
        let lines = text.text.split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }
        let scale = text.size / 100
        // With outlines for the font, characters without one are skipped (not advancing), as ThorVG skips them.
        guard animation.glyphs.keys.contains(where: { $0.family == family }) else {
            return standInText(text, family: family, label: label)
        }
        var items: [LottieShapeItem] = []
        for (row, line) in lines.enumerated() {
            var placed: [(glyph: LottieGlyph, x: Double)] = []
            var x = 0.0
            for character in line {
                guard let glyph = animation.glyphs[LottieGlyphKey(character: String(character), family: family, style: style)]
                    ?? animation.glyphs.first(where: { $0.key.character == String(character) && $0.key.family == family })?.value
                else { continue }
                placed.append((glyph, x))
                x += (glyph.advance + text.tracking / 10) * scale
            }
            let shift = origin.x + (text.justification == 1 ? boxWidth - x : text.justification == 2 ? (boxWidth - x) / 2 : 0)
            for (glyph, left) in placed where !glyph.shapes.isEmpty {
                var transform = LottieTransform.identity
                transform.position = LottieProperty([left + shift, origin.y + Double(row) * text.lineHeight - text.baselineShift])
                transform.scale = LottieProperty([text.size, text.size])
                items.append(.group(LottieShapeGroup(name: "", items: glyph.shapes + [.transform(transform)])))
            }
        }
        // Of the paints, the one listed first is drawn on top.
        var paints: [LottieShapeItem] = []
        if let stroke = text.strokeColor, text.strokeWidth > 0 {
            paints.append(.paint(LottiePaint(source: .color(LottieProperty([stroke.red, stroke.green, stroke.blue])),
                                             opacity: LottieProperty(100),
                                             stroke: LottieStroke(width: LottieProperty(text.strokeWidth), cap: 2, join: 2,
                                                                  miterLimit: 4, dashes: [], dashOffset: nil),
                                             evenOdd: false)))
        }
        if let fill = text.fillColor {
            paints.append(.paint(LottiePaint(source: .color(LottieProperty([fill.red, fill.green, fill.blue])),
                                             opacity: LottieProperty(100), stroke: nil, evenOdd: false)))
        }
        items += text.strokeOverFill ? paints : paints.reversed()
        var shapes = LottieShapeConverter(clock: clock)
        let layers = shapes.layers(items)
        for feature in shapes.unsupported { report.note(feature, layer: label) }
        return layers
    }

    /// The text as a text layer, when the file has no outline for one of
    /// its characters: in the font family named, if LayerFX finds it, else
    /// in its default face; its first baseline on the layer's origin.
    private mutating func standInText(_ text: LottieText, family: String, label: String) -> [Layer] {
        report.note("text without glyph outlines (drawn with a font LayerFX has)", layer: label)
        var layer = Layer(kind: .text)
        layer.properties.string = String(text.text.map { $0 == "\r" ? "\n" : $0 })
        layer.properties.font = fontResolves(family) ? family : nil
        layer.properties.fontSize = max(text.size, 0)
        layer.properties.foregroundColor = text.fillColor ?? .black
        let width = 100_000.0, ascent = (animation.fonts[text.font]?.ascent ?? 75) / 100 * text.size
        layer.properties.alignmentMode = text.justification == 1 ? .right : text.justification == 2 ? .center : .left
        layer.properties.bounds = Rect(x: 0, y: 0, width: width, height: max(text.lineHeight, text.size) * 1000)
        layer.properties.anchorPoint = .zero
        let left = text.justification == 1 ? -width : text.justification == 2 ? -width / 2 : 0
        let origin = origin(text), boxWidth = text.boxSize?.x ?? 0
        let boxShift = text.justification == 1 ? boxWidth : text.justification == 2 ? boxWidth / 2 : 0
        layer.properties.position = Point(x: origin.x + boxShift + left, y: origin.y - ascent - text.baselineShift)
        return [layer]
    }
}
