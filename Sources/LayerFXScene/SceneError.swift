/// Why a scene file was rejected: which file, where in it, and what is wrong.
///
/// `description` is one line in the compiler style,
/// `scene.json:12:5: layers[2].animations[0].keyPath: unknown key path "opacit"; expected one of …`,
/// followed by ` (in layer "ring")` when the error lies inside a layer that has a `name`.
public struct SceneError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The input's name, as passed to `SceneLoader` (a file path for `load(contentsOfFile:)`).
    public var source: String
    /// JSON path of the offending value, like `layers[2].animations[0].keyPath`;
    /// `""` for the document root (and for errors reading the file).
    public var path: String
    /// 1-based line of the offending value or character, when known.
    public var line: Int?
    /// 1-based column (in Unicode scalars) of the offending value or character, when known.
    public var column: Int?
    /// What was expected, or what is wrong.
    public var message: String
    /// The `name` of the innermost named layer that contains the error, if any.
    public var layerName: String?

    /// Creates an error; normally only `SceneLoader` does.
    public init(source: String, path: String, line: Int? = nil, column: Int? = nil,
                message: String, layerName: String? = nil) {
        self.source = source
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.layerName = layerName
    }

    /// One line: `source:line:column: path: message`, leaving out what is unknown.
    public var description: String {
        var location = source
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        var parts = [location]
        if !path.isEmpty { parts.append(path) }
        parts.append(message)
        var text = parts.joined(separator: ": ")
        if let layerName { text += " (in layer \"\(layerName)\")" }
        return text
    }
}
