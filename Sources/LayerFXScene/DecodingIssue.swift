/// A semantic error found while decoding a scene document: the value it
/// concerns and a message. `SceneLoader` turns it into a `SceneError` with the
/// JSON path and the line and column of that value.
struct DecodingIssue: Error {
    /// Where the value is.
    enum Location {
        /// Reached by this coding path (errors from `DecoderValue`).
        case codingPath([any CodingKey])
        /// Node of the parsed document (errors from `TreeValue`).
        case node(Int)
    }

    var location: Location
    var message: String
    /// When set, the error points at this key of the object at `location`
    /// (used for unknown keys, whose path names the object).
    var memberKey: String?

    init(_ codingPath: [any CodingKey], _ message: String, memberKey: String? = nil) {
        location = .codingPath(codingPath)
        self.message = message
        self.memberKey = memberKey
    }

    init(node: Int, _ message: String, memberKey: String? = nil) {
        location = .node(node)
        self.message = message
        self.memberKey = memberKey
    }
}

extension SceneError {
    /// Converts an error thrown while decoding `document` into a `SceneError`
    /// that names the JSON path and the line and column of the value.
    init(decodingError error: any Error, document: JSONDocument, bytes: UnsafeBufferPointer<UInt8>, source: String) {
        var components: [PathComponent] = []
        var memberKey: String? = nil
        let message: String
        switch error {
        case let issue as DecodingIssue:
            switch issue.location {
            case .codingPath(let codingPath): components = codingPath.map(PathComponent.init)
            case .node(let node): components = document.path(to: node)
            }
            memberKey = issue.memberKey
            message = issue.message
        case let decodingError as DecodingError:
            switch decodingError {
            case .typeMismatch(_, let context), .valueNotFound(_, let context),
                 .keyNotFound(_, let context), .dataCorrupted(let context):
                components = context.codingPath.map(PathComponent.init)
                message = context.debugDescription
            @unknown default:
                message = "\(decodingError)"
            }
        default:
            message = "\(error)"
        }

        // Walk down the document as far as the path exists; the deepest value
        // found gives the position, and named layers on the way give `layerName`.
        var node = JSONDocument.root
        var layerName: String? = nil
        var previousKey: String? = nil
        for component in components {
            guard let next = document.child(component, of: node) else { break }
            node = next
            if case .index = component, previousKey == "layers" || previousKey == "sublayers",
               document.kind(node) == .object, let nameKey = document.member("name", in: node),
               document.kind(nameKey + 1) == .string {
                layerName = document.string(nameKey + 1)
            }
            if case .key(let k) = component { previousKey = k } else { previousKey = nil }
        }
        var offset = document.offset(node)
        if let memberKey, document.kind(node) == .object, let keyNode = document.member(memberKey, in: node) {
            offset = document.offset(keyNode)
        }
        let location = SourceLocation(offset: offset, in: bytes)
        self.init(source: source, path: PathComponent.format(components), line: location.line,
                  column: location.column, message: message, layerName: layerName)
    }

    /// Converts a parser error into a `SceneError`.
    init(syntaxError error: JSONSyntaxError, bytes: UnsafeBufferPointer<UInt8>, source: String) {
        let location = SourceLocation(offset: error.offset, in: bytes)
        self.init(source: source, path: PathComponent.format(error.path), line: location.line,
                  column: location.column, message: error.message)
    }
}
