#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore
import LayerFXImageIO
import LayerFXModel

/// A layer's `contents` as the document writes it, and where an error about
/// it points. Images are loaded after decoding, by `SceneLoader`, which
/// knows the scene file's folder (as fonts are checked).
struct ContentsUse {
    /// The value as written: a file path or a `data:` URI.
    var source: String
    /// An error about this value, located at it.
    var issue: (String) -> DecodingIssue
}

/// Reads the images of a document's `contents` values, each file or data
/// URI once: a path is taken in the scene file's folder (the working
/// directory for a scene read from memory), a `data:image/png;base64,…` or
/// `data:image/jpeg;base64,…` URI decoded in place. All of a scene's images
/// together hold at most ``maximumTotalPixels``.
struct ContentsLoader {
    /// Most pixels all the images of one scene may hold: 2²⁸ (268,435,456; 1 GiB decoded).
    static let maximumTotalPixels = 1 << 28

    /// The folder relative paths are taken in; nil for the working directory.
    let directory: String?
    /// Most pixels the images may hold together (``maximumTotalPixels``, less in tests).
    let pixelLimit: Int
    /// The images read so far, by canonical file path or by data URI.
    private var images: [String: ContentsImage] = [:]
    /// The pixels they hold.
    private var totalPixels = 0

    init(directory: String?, pixelLimit: Int = Self.maximumTotalPixels) {
        self.directory = directory
        self.pixelLimit = pixelLimit
    }

    /// The image `use` names.
    /// - Throws: a `DecodingIssue` at the value when it cannot be read or decoded.
    mutating func image(for use: ContentsUse) throws -> ContentsImage {
        let source = use.source
        if source.hasPrefix("data:") {
            if let image = images[source] { return image }
            let subject = "image data URI"
            let image = try decode(try Self.dataURIBytes(source, use: use), subject: subject, use: use)
            images[source] = image
            return image
        }
        let subject = "image file \"\(source)\""
        let path = try canonicalPath(of: source, subject: subject, use: use)
        if let image = images[path] { return image }
        let bytes: [UInt8]
        do throws(FileReader.Failure) { bytes = try FileReader.bytes(of: path) } catch {
            throw use.issue("\(subject) could not be read: \(error.reason)")
        }
        let image = try decode(bytes, subject: subject, use: use)
        images[path] = image
        return image
    }

    /// The image in `bytes`, read from a container (a `.lottie` archive) as
    /// `name`, which also names it in errors and keeps it from being decoded
    /// twice. It has no ``ContentsImage/source`` (no file holds it), so a
    /// scene written from it carries it as a data URI.
    mutating func image(_ bytes: [UInt8], named name: String, use: ContentsUse) throws -> ContentsImage {
        if let image = images[name] { return image }
        let image = try decode(bytes, subject: "image \"\(name)\"", use: use, keepingSource: false)
        images[name] = image
        return image
    }

    /// Decodes `bytes` once their header shows the image fits the scene's total.
    private mutating func decode(_ bytes: [UInt8], subject: String, use: ContentsUse,
                                 keepingSource: Bool = true) throws -> ContentsImage {
        let pixels: Int
        do throws(ImageDecodingError) {
            let size = try ImageDecoder.size(of: bytes)
            pixels = size.width * size.height
        } catch {
            throw use.issue("\(subject) \(error)")
        }
        guard totalPixels + pixels <= pixelLimit else {
            throw use.issue("\(subject) (\(pixels) pixels) brings the scene's images over the limit of \(pixelLimit) pixels")
        }
        do throws(ImageDecodingError) {
            let image = try ImageDecoder.decode(bytes, source: keepingSource ? use.source : nil)
            totalPixels += pixels
            return image
        } catch {
            throw use.issue("\(subject) \(error)")
        }
    }

    /// The absolute path of the file `name` means, symbolic links resolved;
    /// it must be a regular file (reading a FIFO would wait forever).
    private func canonicalPath(of name: String, subject: String, use: ContentsUse) throws -> String {
        let file = directory.map { !name.hasPrefix("/") ? ($0.hasSuffix("/") ? $0 + name : $0 + "/" + name) : name } ?? name
        guard let resolved = realpath(file, nil) else {
            let code = errno
            guard code == ENOENT || code == ENOTDIR else {
                throw use.issue("\(subject) could not be read: \(String(cString: strerror(code)))")
            }
            let folder = name.hasPrefix("/") ? "" : directory.map { " in \($0)" } ?? ""
            throw use.issue("\(subject) not found\(folder)")
        }
        defer { free(resolved) }
        let path = String(cString: resolved)
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw use.issue("\(subject) is \(info.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file (a device, FIFO or socket)")")
        }
        return path
    }

    /// The bytes of a `data:` URI: `data:MEDIA-TYPE[;PARAMETER…];base64,DATA`
    /// with media type `image/png` or `image/jpeg` (in any case).
    static func dataURIBytes(_ uri: String, use: ContentsUse) throws -> [UInt8] {
        let scalars = uri.unicodeScalars
        let expected = "expected data:image/png;base64,… or data:image/jpeg;base64,…"
        guard let comma = scalars.firstIndex(of: ",") else {
            throw use.issue("image data URI has no ',' before its data; \(expected)")
        }
        let header = String(scalars[scalars.index(scalars.startIndex, offsetBy: 5)..<comma])
        let parts = header.split(separator: ";", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.last?.lowercased() == "base64" else {
            throw use.issue("image data URI is not base64; \(expected)")
        }
        let mediaType = parts[0].lowercased()
        guard mediaType == "image/png" || mediaType == "image/jpeg" else {
            throw use.issue("image data URI has media type \"\(parts[0])\"; expected image/png or image/jpeg")
        }
        let data = scalars[scalars.index(after: comma)...]
        do throws(Base64.Failure) {
            return try Base64.decode(data)
        } catch {
            // 1-based, in the whole URI.
            let position = scalars.distance(from: scalars.startIndex, to: comma) + 2 + error.index
            let found = error.scalar.map { "'\($0.escaped(asASCII: false))'" } ?? "the end"
            throw use.issue("image data URI has invalid base64 at character \(position) (\(found))")
        }
    }
}

extension DecodedLayer {
    /// Loads the images of this layer's tree (itself, its inline mask, its
    /// sublayers, depth first) into their layers' `contents`.
    mutating func loadContents(_ loader: inout ContentsLoader) throws {
        if let use = contentsUse { layer.properties.contents = try loader.image(for: use) }
        if case .inline(var mask) = mask {
            try mask.loadContents(&loader)
            self.mask = .inline(mask)
        }
        for i in sublayers.indices { try sublayers[i].loadContents(&loader) }
    }

    /// Whether a layer of this tree has `contents`.
    var hasContents: Bool {
        if contentsUse != nil { return true }
        if case .inline(let mask) = mask, mask.hasContents { return true }
        return sublayers.contains(where: \.hasContents)
    }
}
