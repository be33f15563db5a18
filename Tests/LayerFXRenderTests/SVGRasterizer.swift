import CPNG
import Foundation
import LayerFX

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
        let folder = FileManager.default.temporaryDirectory.appending(path: "layerfx-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appending(path: "frame.svg"), output = folder.appending(path: "frame.png")
        try Data(svg.bytes).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? "rsvg-convert")
        process.arguments = ["-f", "png", "-o", output.path, input.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RasterizerError(description: "rsvg-convert failed: \(String(decoding: message, as: UTF8.self))")
        }
        return try decodePNG(output.path)
    }

    /// A PNG file's pixels, premultiplied as the backends produce them.
    static func decodePNG(_ path: String) throws -> PixelBuffer {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw RasterizerError(description: "cannot read \(path)")
        }
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // RGBA, 8 bits
        let width = Int(image.width), height = Int(image.height)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        guard png_image_finish_read(&image, nil, &bytes, 0, nil) != 0 else {
            png_image_free(&image)
            throw RasterizerError(description: "cannot decode \(path)")
        }
        for i in stride(from: 0, to: bytes.count, by: 4) {
            let alpha = UInt32(bytes[i + 3])
            for c in 0..<3 { bytes[i + c] = UInt8((UInt32(bytes[i + c]) * alpha + 127) / 255) }
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }
}

struct RasterizerError: Error, CustomStringConvertible {
    let description: String
}
