import CZip

/// A `.lottie` file: a zip archive (read with libzip, from memory) holding
/// a `manifest.json`, animations as Lottie JSON (`animations/ID.json` in
/// dotLottie 1, `a/ID.json` in dotLottie 2) and their images (`images/`,
/// `i/`). Entries are read when asked for, each at most
/// ``maximumEntrySize`` bytes whatever the archive claims, so an archive
/// that inflates without end stops at the limit.
final class DotLottieArchive {
    /// Most bytes one entry may inflate to: 256 MiB.
    static let maximumEntrySize = 1 << 28

    /// Why an archive, or an entry of it, cannot be read.
    struct Failure: Error {
        /// What went wrong, as a sentence fragment.
        var reason: String
    }

    /// The entries' names, in the archive's order.
    let names: [String]
    private let archive: OpaquePointer
    /// The archive's bytes, which libzip reads in place while it is open.
    private let buffer: UnsafeMutableRawBufferPointer

    /// Whether `bytes` start as a zip archive does (a local file header, or
    /// the end record of an empty archive).
    static func recognizes(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B
            && ((bytes[2] == 3 && bytes[3] == 4) || (bytes[2] == 5 && bytes[3] == 6))
    }

    /// Opens the archive in `bytes`.
    init(_ bytes: [UInt8]) throws(Failure) {
        buffer = .allocate(byteCount: max(bytes.count, 1), alignment: 1)
        buffer.copyBytes(from: bytes)
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = zip_source_buffer_create(buffer.baseAddress, zip_uint64_t(bytes.count), 0, &error) else {
            buffer.deallocate()
            throw Failure(reason: "not a valid zip archive (libzip: \(String(cString: zip_error_strerror(&error))))")
        }
        guard let opened = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error) else {
            zip_source_free(source)
            buffer.deallocate()
            throw Failure(reason: "not a valid zip archive (libzip: \(String(cString: zip_error_strerror(&error))))")
        }
        archive = opened
        let count = max(zip_get_num_entries(opened, 0), 0)
        names = (0..<count).compactMap { index in zip_get_name(opened, zip_uint64_t(index), 0).map { String(cString: $0) } }
    }

    deinit {
        zip_discard(archive)
        buffer.deallocate()
    }

    /// The bytes of entry `name`; nil when the archive has no such entry.
    func read(_ name: String) throws(Failure) -> [UInt8]? {
        let index = zip_name_locate(archive, name, 0)
        guard index >= 0 else { return nil }
        guard let file = zip_fopen_index(archive, zip_uint64_t(index), 0) else {
            throw Failure(reason: "\(name) cannot be opened: \(String(cString: zip_strerror(archive)))")
        }
        defer { zip_fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress!, zip_uint64_t($0.count)) }
            if count < 0 {
                throw Failure(reason: "\(name) cannot be read: \(String(cString: zip_file_strerror(file)))")
            }
            if count == 0 { return bytes }
            guard bytes.count + Int(count) <= Self.maximumEntrySize else {
                throw Failure(reason: "\(name) inflates to over \(Self.maximumEntrySize >> 20) MiB, the limit for an entry")
            }
            bytes.append(contentsOf: chunk[0..<Int(count)])
        }
    }

    /// The entry holding the animation to play: the manifest's initial (or
    /// active) animation, else its first, else the first JSON file under
    /// `animations/` or `a/`.
    func animationEntry() throws(Failure) -> String {
        let candidates = try manifestAnimations().flatMap { ["animations/\($0).json", "a/\($0).json"] }
            + names.filter { ($0.hasPrefix("animations/") || $0.hasPrefix("a/")) && $0.hasSuffix(".json") }.sorted()
        guard let entry = candidates.first(where: names.contains) else {
            throw Failure(reason: "no animation in the archive (expected animations/ID.json or a/ID.json)")
        }
        return entry
    }

    /// The animation ids `manifest.json` names, the one to play first; none
    /// when there is no readable manifest (players then take the first file).
    private func manifestAnimations() throws(Failure) -> [String] {
        guard let bytes = try read("manifest.json") else { return [] }
        let document: JSONDocument
        do throws(JSONSyntaxError) {
            document = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try JSONParser.parse(buffer) }
        } catch {
            return []
        }
        let root = TreeValue(document: document, node: JSONDocument.root)
        guard let manifest = try? root.object() else { return [] }
        let ids = ((try? manifest.elements("animations")) ?? []).compactMap { try? $0.object().text("id") }
        let first = (try? manifest.object("initial")?.text("animation")) ?? (try? manifest.text("activeAnimationId"))
        return (first.map { [$0] } ?? []) + ids
    }
}
