import LayerFXCore

extension PNGEncoder {
    /// `image` as a `data:image/png;base64,…` URI (a scene's `contents` when
    /// it has no source of its own, an SVG `image`); nil when it cannot be
    /// encoded. Its pixels decode back to the same premultiplied bytes.
    public static func dataURI(_ image: ContentsImage) -> String? {
        guard let png = try? encode(PixelBuffer(image)) else { return nil }
        return "data:image/png;base64," + base64(png)
    }

    /// RFC 4648 base64, padded.
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let n = min(bytes.count - i, 3)
            let group = (0..<3).reduce(UInt32(0)) { $0 << 8 | UInt32($1 < n ? bytes[i + $1] : 0) }
            for k in 0..<4 {
                out.append(k <= n ? alphabet[Int(group >> (18 - 6 * k) & 63)] : UInt8(ascii: "="))
            }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
