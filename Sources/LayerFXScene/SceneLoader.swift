#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import LayerFXModel

/// Reads scene files (JSON, format version 1) into `Scene` values.
///
/// Every rejection is a `SceneError` naming the JSON path and the line and
/// column of the offending value: syntax errors, unknown keys, values of the
/// wrong shape, out-of-range numbers and features not supported yet.
///
/// How: a strict JSON parser (`JSONParser`) builds a flat `JSONDocument`
/// that remembers byte offsets; the `Decodable` document types
/// (`SceneDocument` and below) decode from it through `TreeDecoder`, reading
/// the parsed nodes directly (see `SceneValue`).
public enum SceneLoader {
    /// Reads and decodes the scene file at `path`. Errors name the file by `path`.
    public static func load(contentsOfFile path: String) throws(SceneError) -> Scene {
        try decode(FileReader.read(path), source: path)
    }

    /// Decodes scene JSON from `bytes`; `source` names the input in error messages.
    public static func decode(_ bytes: [UInt8], source: String) throws(SceneError) -> Scene {
        let result: Result<Scene, SceneError> = bytes.withUnsafeBufferPointer { buffer in
            let document: JSONDocument
            do throws(JSONSyntaxError) {
                document = try JSONParser.parse(buffer)
            } catch {
                return .failure(SceneError(syntaxError: error, bytes: buffer, source: source))
            }
            do {
                return .success(try SceneDocument(from: TreeDecoder(document: document)).scene)
            } catch {
                return .failure(SceneError(decodingError: error, document: document, bytes: buffer, source: source))
            }
        }
        return try result.get()
    }

    /// Decodes scene JSON text, e.g. a string literal or a network payload;
    /// `source` names the input in error messages (`<string>:3:17: …`).
    public static func decode(_ json: String, source: String = "<string>") throws(SceneError) -> Scene {
        try decode(Array(json.utf8), source: source)
    }

    /// Decodes scene JSON from `data`; `source` names the input in error messages.
    public static func decode(_ data: Data, source: String) throws(SceneError) -> Scene {
        try decode([UInt8](data), source: source)
    }
}
