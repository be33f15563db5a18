import Foundation

/// The small PNG and JPEG files of `Tests/LayerFXImageIOTests/Images`
/// (written by its `generate.py`), and images made on the spot.
public enum TestImages {
    /// The bytes of the test image `name`, e.g. `rgba.png`.
    public static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Repository.url("Tests/LayerFXImageIOTests/Images/\(name)")))
    }

    /// `data:TYPE;base64,…` of the test image `name`.
    public static func dataURI(_ name: String, type: String = "image/png") throws -> String {
        "data:\(type);base64," + Data(try bytes(name)).base64EncodedString()
    }

    /// A PNG signature, an IHDR chunk of `width × height` (8-bit RGBA) and
    /// an empty IDAT chunk, with their checksums: a header, and no pixels.
    public static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func be(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }
        func chunk(_ body: [UInt8]) -> [UInt8] { be(body.count - 4) + body + be(Int(crc32(body))) }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk(Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0]) + chunk(Array("IDAT".utf8))
    }

    /// PNG's CRC-32 of `bytes`.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// The test image `name` with its IHDR chunk's checksum broken (libpng: "IHDR: CRC error").
    public static func badChecksum(_ name: String) throws -> [UInt8] {
        var png = try bytes(name)
        png[29] ^= 0xFF
        return png
    }

    /// The test image `name` without its last `count` bytes.
    public static func truncated(_ name: String, by count: Int) throws -> [UInt8] {
        let all = try bytes(name)
        return Array(all.prefix(all.count - count))
    }
}
