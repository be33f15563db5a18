import LayerFXModel
import LayerFXText

/// A font a text layer of the document draws with, and where an error about
/// it points (its `font` member, else the layer or effect object). Fonts are
/// checked after decoding, by `SceneLoader`, which knows the scene file's
/// folder and the `TextContext` to resolve them in.
struct FontUse {
    /// The `font` value as written; nil for the default face.
    var name: String?
    /// An error about this use, located at its value.
    var issue: (String) -> DecodingIssue
}

extension FontUse {
    /// The use of `object`'s font by a text layer decoded from it.
    init<O: SceneObject>(font name: String?, in object: O) {
        let member = object.member("font")
        self.init(name: name, issue: { member?.issue($0) ?? object.issue($0) })
    }
}

extension DecodedLayer {
    /// The fonts of this layer's tree: its own, then its inline mask's, then
    /// its sublayers' (depth first).
    var allFontUses: [FontUse] {
        var uses = fontUses
        if case .inline(let mask) = mask { uses += mask.allFontUses }
        return uses + sublayers.flatMap(\.allFontUses)
    }
}

extension Layer {
    /// The fonts of the text layers in this layer's tree (itself, its
    /// sublayers and its mask): what layers an effect generates draw with.
    var textFonts: [String?] {
        (kind == .text ? [properties.font] : []) + (mask?.textFonts ?? []) + sublayers.flatMap(\.textFonts)
    }
}

enum FontCheck {
    /// Resolves every font of `uses` in `context`, relative paths in
    /// `directory`: a missing or unreadable font is an error of the scene
    /// (at its first use), not a blank render.
    static func check(_ uses: [FontUse], in context: TextContext, relativeTo directory: String?) throws {
        for use in uses {
            do { _ = try context.font(named: use.name, relativeTo: directory) } catch { throw use.issue("\(error)") }
        }
    }
}
