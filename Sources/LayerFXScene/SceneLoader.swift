#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import FoundationEssentials
import LayerFXModel
import LayerFXText

/// Reads scene files (JSON, format version 1) and Lottie animations
/// (bodymovin JSON, recognised by their keys whatever the file's name; see
/// `LottieAnimation`) into `Scene` values.
///
/// Every rejection is a `SceneError` naming the JSON path and the line and
/// column of the offending value: syntax errors, unknown keys, values of the
/// wrong shape, out-of-range numbers, features not supported yet, fonts
/// that cannot be found or loaded, and `contents` images that cannot be
/// read or decoded. Fonts are resolved in a `TextContext` (pass the one the
/// scene will be evaluated with, so that each is found and loaded once);
/// images are decoded here, once per file or data URI, into the layers'
/// `contents`. A relative font or image path is taken in the scene file's
/// folder, or in the working directory for a scene read from memory.
///
/// How: a strict JSON parser (`JSONParser`) builds a flat `JSONDocument`
/// that remembers byte offsets; the `Decodable` document types
/// (`SceneDocument` and below) decode from it through `TreeDecoder`, reading
/// the parsed nodes directly (see `SceneValue`).
public enum SceneLoader {
    /// Reads and decodes the scene file at `path`, checking its fonts in
    /// `textContext` (by default one made for this call). Errors name the file
    /// by `path`; the scene's `baseDirectory` is the file's folder.
    public static func load(contentsOfFile path: String,
                            textContext: TextContext = TextContext()) throws(SceneError) -> Scene {
        try read(contentsOfFile: path, textContext: textContext).scene
    }

    /// Reads the scene file or Lottie animation at `path` as ``load(contentsOfFile:textContext:)``
    /// does, with what was read: the file's format and what of a Lottie
    /// animation is not drawn.
    public static func read(contentsOfFile path: String,
                            textContext: TextContext = TextContext()) throws(SceneError) -> LoadedScene {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        return try read(FileReader.read(path), source: path, baseDirectory: directory, textContext: textContext)
    }

    /// Reads scene JSON or a Lottie animation from `bytes` (`source` names it
    /// in errors), relative paths taken in the working directory.
    public static func read(_ bytes: [UInt8], source: String,
                            textContext: TextContext = TextContext()) throws(SceneError) -> LoadedScene {
        try read(bytes, source: source, baseDirectory: nil, textContext: textContext)
    }

    /// Decodes scene JSON from `bytes`; `source` names the input in error
    /// messages. Fonts are checked in `textContext` (by default one made for
    /// this call), relative font paths in the working directory.
    public static func decode(_ bytes: [UInt8], source: String,
                              textContext: TextContext = TextContext()) throws(SceneError) -> Scene {
        try read(bytes, source: source, baseDirectory: nil, textContext: textContext).scene
    }

    /// Decodes scene JSON text, e.g. a string literal or a network payload;
    /// `source` names the input in error messages (`<string>:3:17: …`).
    /// Fonts are checked as by the `[UInt8]` form.
    public static func decode(_ json: String, source: String = "<string>",
                              textContext: TextContext = TextContext()) throws(SceneError) -> Scene {
        try decode(Array(json.utf8), source: source, textContext: textContext)
    }

    /// Decodes scene JSON from `data`; `source` names the input in error
    /// messages. Fonts are checked as by the `[UInt8]` form.
    public static func decode(_ data: Data, source: String,
                              textContext: TextContext = TextContext()) throws(SceneError) -> Scene {
        try decode([UInt8](data), source: source, textContext: textContext)
    }

    /// Decodes `bytes` (scene JSON, Lottie JSON or a `.lottie` archive) into
    /// a scene whose relative paths are taken in `baseDirectory`, checking
    /// its fonts there in `textContext`.
    private static func read(_ bytes: [UInt8], source: String, baseDirectory: String?,
                             textContext: TextContext) throws(SceneError) -> LoadedScene {
        guard DotLottieArchive.recognizes(bytes) else {
            return try read(json: bytes, source: source, baseDirectory: baseDirectory, images: nil, textContext: textContext)
        }
        // A .lottie archive: its animation, named in errors as a path inside it.
        let archive: DotLottieArchive, entry: String, json: [UInt8]
        do throws(DotLottieArchive.Failure) {
            archive = try DotLottieArchive(bytes)
            entry = try archive.animationEntry()
            guard let read = try archive.read(entry) else { throw DotLottieArchive.Failure(reason: "\(entry) cannot be read") }
            json = read
        } catch {
            throw SceneError(source: source, path: "", message: error.reason)
        }
        let loaded = try read(json: json, source: source + "/" + entry, baseDirectory: baseDirectory,
                              images: .archive(archive), textContext: textContext)
        guard loaded.format == .lottie else {
            throw SceneError(source: source + "/" + entry, path: "", message: "not a Lottie animation")
        }
        return loaded
    }

    /// Decodes JSON `bytes`: a Lottie animation (its images from `images`,
    /// or files beside it) or a scene file.
    private static func read(json bytes: [UInt8], source: String, baseDirectory: String?, images: LottieImageStore?,
                             textContext: TextContext) throws(SceneError) -> LoadedScene {
        let result: Result<LoadedScene, SceneError> = bytes.withUnsafeBufferPointer { buffer in
            let document: JSONDocument
            do throws(JSONSyntaxError) {
                document = try JSONParser.parse(buffer)
            } catch {
                return .failure(SceneError(syntaxError: error, bytes: buffer, source: source))
            }
            do {
                if LottieAnimation.recognizes(document) {
                    var loaded = try LottieImport.scene(document, textContext: textContext, relativeTo: baseDirectory,
                                                        images: images ?? .folder(baseDirectory))
                    loaded.scene.baseDirectory = baseDirectory
                    return .success(loaded)
                }
                let decoded = try SceneDocument(from: TreeDecoder(document: document))
                try FontCheck.check(decoded.fontUses, in: textContext, relativeTo: baseDirectory)
                var scene = try decoded.withContents(relativeTo: baseDirectory)
                scene.baseDirectory = baseDirectory
                return .success(LoadedScene(scene: scene, format: .scene))
            } catch {
                return .failure(SceneError(decodingError: error, document: document, bytes: buffer, source: source))
            }
        }
        return try result.get()
    }
}
