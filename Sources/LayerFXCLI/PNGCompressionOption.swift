import ArgumentParser
import LayerFX

/// The `--png-compression` option of `render`: `fast` or a zlib level.
enum PNGCompressionOption {
    /// The option's help.
    static let help = ArgumentHelp(
        "How PNG files are compressed: fast (LayerFX's own deflater), or a zlib level from 0 (none) to 9 (smallest, slowest).",
        valueName: "fast|0-9")

    /// The compression `text` names.
    /// - Throws: `ValidationError` saying what the option accepts (the
    ///   parser names the option and the value).
    static func parse(_ text: String) throws -> PNGCompression {
        if text == "fast" { return .fast }
        guard let level = Int32(text), (0...9).contains(level) else {
            throw ValidationError("expected fast or a zlib level 0…9")
        }
        return .zlib(level: level)
    }
}
