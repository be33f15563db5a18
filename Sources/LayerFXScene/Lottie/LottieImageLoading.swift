import LayerFXCore

/// Where a Lottie animation's image assets are: files beside it (`u + p`,
/// taken in the animation's folder) or the entries of the `.lottie`
/// archive it came from.
enum LottieImageStore {
    /// Files, relative paths in this folder (nil: the working directory).
    case folder(String?)
    /// The entries of a `.lottie` archive.
    case archive(DotLottieArchive)
}

/// The images of an animation's image assets, and the assets left undrawn.
struct LottieImages {
    /// Decoded images by asset id.
    var images: [String: ContentsImage] = [:]
    /// Assets in a format LayerFX does not decode (WebP, GIF, SVG data
    /// URIs), by asset id: what the report calls them.
    var notDrawn: [String: String] = [:]
}

extension LottieAnimation {
    /// The images of the assets image layers use (in any composition), by
    /// asset id, each decoded once; a data URI asset is decoded in place.
    /// - Throws: a `DecodingIssue` at the asset whose image cannot be found,
    ///   read or decoded.
    func loadImages(from store: LottieImageStore) throws -> LottieImages {
        var used: Set<String> = []
        for layer in layers + precompositions.values.joined() {
            if case .image(let id) = layer.content { used.insert(id) }
        }
        var directory: String? = nil
        if case .folder(let folder) = store { directory = folder }
        var loader = ContentsLoader(directory: directory)
        var result = LottieImages()
        for id in used.sorted() {
            guard let asset = images[id] else { continue }
            let node = asset.node
            if asset.isEmbedded {
                let type = Self.mediaType(ofDataURI: asset.name)
                guard ["image/png", "image/jpeg", "image/jpg"].contains(type) else {
                    result.notDrawn[id] = "images of type \(type)"
                    continue
                }
                // Exporters write image/jpg, which is not a registered type.
                let uri = type == "image/jpg" ? "data:image/jpeg" + asset.name.dropFirst("data:image/jpg".count) : asset.name
                result.images[id] = try loader.image(for: ContentsUse(source: uri, issue: { DecodingIssue(node: node, $0) }))
                continue
            }
            switch store {
            case .folder:
                // The path is made absolute, so a converted scene finds it from any folder.
                var path = asset.folder + asset.name
                if !path.hasPrefix("/"), let directory { path = (directory.hasSuffix("/") ? directory : directory + "/") + path }
                result.images[id] = try loader.image(for: ContentsUse(source: path, issue: { DecodingIssue(node: node, $0) }))
            case .archive(let archive):
                result.images[id] = try Self.image(asset, in: archive, loader: &loader)
            }
        }
        return result
    }

    /// The image of `asset` from `archive`: at `u + p` (without a leading
    /// `/`), or by its name in `images/` (dotLottie 1) or `i/` (dotLottie 2).
    private static func image(_ asset: LottieImageAsset, in archive: DotLottieArchive,
                              loader: inout ContentsLoader) throws -> ContentsImage {
        let node = asset.node
        let use = ContentsUse(source: asset.name, issue: { DecodingIssue(node: node, $0) })
        var path = asset.folder + asset.name
        if path.hasPrefix("/") { path.removeFirst() }
        guard let found = [path, "images/" + asset.name, "i/" + asset.name].first(where: archive.names.contains) else {
            throw use.issue("image \"\(path)\" is not in the archive")
        }
        let bytes: [UInt8]?
        do throws(DotLottieArchive.Failure) { bytes = try archive.read(found) } catch { throw use.issue(error.reason) }
        guard let bytes else { throw use.issue("image \"\(path)\" is not in the archive") }
        return try loader.image(bytes, named: found, use: use)
    }

    /// The media type of a `data:` URI, lowercased (`image/webp`).
    static func mediaType(ofDataURI uri: String) -> String {
        let header = uri.dropFirst("data:".count).prefix { $0 != ";" && $0 != "," }
        return header.lowercased()
    }
}
