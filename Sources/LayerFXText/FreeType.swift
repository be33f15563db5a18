import CFreeType
import LayerFXCore

/// One FreeType library, behind one lock; each `TextContext` has its own,
/// and each `Font` keeps the one that loaded it.
///
/// FreeType is not thread-safe: a library may be shared between threads only
/// if face creation and destruction are serialized, and a face (with its glyph
/// slot) may be used by one thread at a time. LayerFX calls FreeType for
/// metric look-ups during layout and once per new glyph to rasterize its
/// coverage, so one lock around every call on a library and its faces is
/// cheap, and obviously correct. (The distance transform, the expensive part
/// of a new glyph, runs outside it.) Separate contexts never wait for each
/// other.
final class FreeType: @unchecked Sendable {
    private let library = LockedValue<FT_Library?>(nil)

    /// A library that FreeType initializes on first use.
    init() {}

    deinit {
        // Every face was made by this library and holds it, so none is left.
        library.withLock { library in
            if let library { FT_Done_FreeType(library) }
        }
    }

    /// Runs `body` with the library (created on first use) while holding its
    /// lock; every FreeType call on it or its faces must be made inside.
    func withLibrary<Result>(_ body: (FT_Library) throws -> Result) throws -> Result {
        try library.withLock { library in
            if let library { return try body(library) }
            var created: FT_Library?
            let error = FT_Init_FreeType(&created)
            guard error == 0, let created else {
                throw FontError("FreeType could not be initialized (\(Self.describe(error)))")
            }
            library = created
            return try body(created)
        }
    }

    /// "not a font file: unknown file format, FreeType error 0x02": Debian's
    /// FreeType is built without error strings, so the usual ones are named here.
    static func describe(_ error: FT_Error) -> String {
        let hex = String(UInt32(bitPattern: error), radix: 16)
        let code = "FreeType error 0x" + String(repeating: "0", count: max(0, 2 - hex.count)) + hex
        return reasons[error].map { "\($0), \(code)" } ?? code
    }

    /// What FreeType's common errors mean (`fterrdef.h`).
    private static let reasons: [FT_Error: String] = [
        0x01: "cannot open the file",
        0x02: "not a font file: unknown file format",
        0x03: "broken font file",
        0x08: "broken font file: a table is damaged",
        0x09: "broken font file: an offset within a table is wrong",
        0x40: "out of memory",
    ]
}
