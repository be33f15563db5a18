import Foundation
import LayerFX
import LayerFXTestSupport

/// `rsvg-convert` (librsvg, Debian's `librsvg2-bin`, installed by
/// scripts/install-deps): an SVG renderer independent of LayerFX, which the
/// SVG output tests draw documents with.
enum SVGRasterizer {
    /// The `rsvg-convert` executable on `PATH`, if any.
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/rsvg-convert" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Why the SVG comparisons cannot run, printed when they are skipped.
    static let missingReason = "rsvg-convert not found on PATH: install librsvg2-bin (scripts/install-deps) to compare SVG output with the CPU renderer"

    /// Draws `svg` with rsvg-convert into premultiplied pixels.
    static func render(_ svg: SVGDocument) throws -> PixelBuffer {
        let folder = try TemporaryDirectory.make("layerfx-svg")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appending(path: "frame.svg"), output = folder.appending(path: "frame.png")
        try Data(svg.bytes).write(to: input)
        let result = try ProcessRunner.run(URL(fileURLWithPath: executable ?? "rsvg-convert"),
                                           ["-f", "png", "-o", output.path, input.path])
        guard result.status == 0 else { throw RasterizerError(description: "rsvg-convert failed: \(result.stderr)") }
        return try DecodedPNG(contentsOfFile: output.path).premultiplied
    }
}

struct RasterizerError: Error, CustomStringConvertible {
    let description: String
}
