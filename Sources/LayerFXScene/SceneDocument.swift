#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore
import LayerFXModel

/// The top-level object of a scene file: `version`, `size`, `scale`,
/// `backgroundColor` and `layers`.
struct SceneDocument: SceneValueDecodable {
    /// The scene, its layers' `contents` not loaded yet (see ``withContents(relativeTo:)``).
    var scene: Scene
    /// The fonts of its text layers, in document order, for `FontCheck`.
    var fontUses: [FontUse]
    /// The decoded layers, kept when some layer has `contents`.
    private var layersWithContents: [DecodedLayer]?

    static let keys = ["version", "size", "scale", "backgroundColor", "timeline", "layers"]

    init<V: SceneValue>(_ value: V) throws {
        let object = try value.object()
        var size: Size? = nil
        var sizeValue: V? = nil
        var scale = 1.0
        var background = Color.clear
        var layers: [DecodedLayer] = []
        var timeline: SceneTimeline? = nil
        try object.forEachMember { key, member in
            switch key.name {
            case "version":
                let version = try member.number()
                if version != 1 {
                    throw member.issue("unsupported version \(version.numberText); this LayerFX reads version 1")
                }
            case "size":
                size = try SizeValue(member).size
                sizeValue = member
            case "scale": scale = try member.number(.positive)
            case "backgroundColor": background = try ColorValue(member).color ?? .clear
            case "timeline": timeline = try Self.timeline(member)
            case "layers": layers = try member.array { try LayerDocument($0).decoded }
            default: throw StrictKeys.unknownKey(key, in: object, allowed: Self.keys)
            }
        }
        guard let size, let sizeValue else {
            throw object.issue("missing required key \"size\"")
        }
        try Self.checkFrame(size: size, scale: scale, sizeValue: sizeValue)
        fontUses = layers.flatMap(\.allFontUses)
        layersWithContents = layers.contains(where: \.hasContents) ? layers : nil
        scene = Scene(size: size, scale: scale, backgroundColor: background, layers: try MaskResolver.resolve(layers))
        scene.timeline = timeline
    }

    static let timelineKeys = ["frameRate", "start", "end"]

    /// `{"frameRate": F, "start": A, "end": B}`: F above 0, B after A.
    private static func timeline<V: SceneValue>(_ value: V) throws -> SceneTimeline {
        let object = try value.object()
        var frameRate: Double? = nil, start = 0.0, end: Double? = nil
        try object.forEachMember { key, member in
            switch key.name {
            case "frameRate": frameRate = try member.number(.positive)
            case "start": start = try member.number()
            case "end": end = try member.number()
            default: throw StrictKeys.unknownKey(key, in: object, allowed: timelineKeys)
            }
        }
        guard let frameRate, let end else { throw object.issue("expected \"frameRate\" and \"end\"") }
        guard end > start else { throw object.issue("end (\(end.numberText)) must come after start (\(start.numberText))") }
        return SceneTimeline(frameRate: frameRate, start: start, end: end)
    }

    /// The scene with its layers' `contents` images read (``ContentsLoader``,
    /// relative paths in `directory`, nil for the working directory), in
    /// document order.
    /// - Throws: a `DecodingIssue` at the first `contents` value that cannot be read.
    func withContents(relativeTo directory: String?) throws -> Scene {
        guard var layers = layersWithContents else { return scene }
        var loader = ContentsLoader(directory: directory)
        for i in layers.indices { try layers[i].loadContents(&loader) }
        var scene = self.scene
        scene.layers = try MaskResolver.resolve(layers)
        return scene
    }

    /// The output frame (size × scale, rounded up) must be 1…16384 px per side.
    private static func checkFrame<V: SceneValue>(size: Size, scale: Double, sizeValue: V) throws {
        let limit = FrameSize.maximumSide
        let width = FrameSize.extent(size.width, scale: scale), height = FrameSize.extent(size.height, scale: scale)
        if !(width <= Double(limit) && height <= Double(limit)) {
            throw sizeValue.issue("frame of \(width.numberText)×\(height.numberText) px exceeds the \(limit) px limit per side")
        }
        if FrameSize.isEmpty(size.width, scale: scale) || FrameSize.isEmpty(size.height, scale: scale) {
            let roundedWidth = (size.width * scale).rounded(), roundedHeight = (size.height * scale).rounded()
            throw sizeValue.issue(
                "frame of \(roundedWidth.numberText)×\(roundedHeight.numberText) px is empty; size × scale must be at least 1 px per side")
        }
    }
}
