import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LayerFXCore
import LayerFXModel
import LayerFXTestSupport
import Testing
@testable import LayerFXScene

/// A layer's `contents`: a PNG or JPEG file (relative to the scene file's
/// folder) or a data URI, decoded once into the layer's image when the scene
/// is read; anything that cannot be read or decoded is a located error.
@Suite struct ContentsDecodingTests {
    /// A fresh folder holding `scene.json` with `json` and `images/` with
    /// copies of the test images `images`; its canonical path.
    static func sceneFolder(_ json: String, images: [String] = []) throws -> String {
        let url = try TemporaryDirectory.make("layerfx-contents")
        try FileManager.default.createDirectory(at: url.appending(path: "images"), withIntermediateDirectories: true)
        for name in images { try Data(TestImages.bytes(name)).write(to: url.appending(path: "images/\(name)")) }
        try json.write(to: url.appending(path: "scene.json"), atomically: true, encoding: .utf8)
        return url.resolvingSymlinksInPath().path
    }

    @Test func aDataURIIsDecodedIntoTheLayersContents() throws {
        let png = try TestImages.dataURI("rgba.png"), jpeg = try TestImages.dataURI("flat.jpg", type: "image/jpeg")
        let scene = try decodeScene(sceneWithLayers(#"{"contents": "\#(png)"}, {"type": "text", "contents": "\#(jpeg)"}"#))
        let image = try #require(scene.layers[0].properties.contents)
        #expect(image.width == 2 && image.height == 2 && image.source == png)
        #expect(image[1, 0] == SIMD4(0, 128, 0, 128))   // premultiplied
        #expect(scene.layers[1].properties.contents?[3, 3] == SIMD4(200, 100, 50, 255))
        // The media type may be written in any case; the format is told by the bytes.
        let mislabelled = try decodeScene(sceneWithLayers(#"{"contents": "\#(try TestImages.dataURI("flat.jpg", type: "IMAGE/PNG"))"}"#))
        #expect(mislabelled.layers[0].properties.contents?.width == 8)
    }

    @Test func aRelativePathIsTakenInTheScenesFolderAndReadOnce() throws {
        let json = sceneWithLayers(#"""
            {"contents": "images/rgb.png", "mask": {"contents": "./images/rgb.png"},
             "sublayers": [{"type": "gradient", "contents": "images/grey.png"}, {"contents": "images/rgb.png"}]}
            """#)
        let folder = try Self.sceneFolder(json, images: ["rgb.png", "grey.png"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let layer = try SceneLoader.load(contentsOfFile: folder + "/scene.json").layers[0]
        let image = try #require(layer.properties.contents)
        #expect(image.width == 3 && image[0, 0] == SIMD4(10, 20, 30, 255))
        #expect(image.source == "images/rgb.png")   // kept as written
        // One file, one image, however it is named and wherever it is used.
        #expect(layer.mask?.properties.contents === image)
        #expect(layer.sublayers[1].properties.contents === image)
        #expect(layer.sublayers[0].properties.contents?[1, 0] == SIMD4(128, 128, 128, 255))
    }

    @Test func nullContentsShowNothing() throws {
        #expect(try decodeScene(sceneWithLayers(#"{"contents": null}"#)).layers[0].properties.contents == nil)
    }

    @Test func aSceneFromMemoryTakesRelativePathsInTheWorkingDirectory() {
        expectRejected(sceneWithLayers(#"{"contents": "images/none.png"}"#), path: "layers[0].contents",
                       message: "image file \"images/none.png\" not found", at: "\"images")
    }

    /// Values that are no image, each rejected at its `contents` value.
    static let rejected: [(contents: String, message: String)] = [
        (#""""#, "expected an image file path or a data URI, found an empty string"),
        ("5", "expected a string, found a number"),
        (#""/no/such/image.png""#, "image file \"/no/such/image.png\" not found"),
        (#""data:image/png,abc""#,
         "image data URI is not base64; expected data:image/png;base64,… or data:image/jpeg;base64,…"),
        (#""data:image/png;base64""#,
         "image data URI has no ',' before its data; expected data:image/png;base64,… or data:image/jpeg;base64,…"),
        (#""data:image/gif;base64,R0lGODlh""#, "image data URI has media type \"image/gif\"; expected image/png or image/jpeg"),
        (#""data:image/png;base64,iVBOR!""#, "image data URI has invalid base64 at character 28 ('!')"),
        (#""data:image/png;base64,iVBORw0KGg=A""#, "image data URI has invalid base64 at character 34 ('A')"),
        (#""data:image/png;base64,iVBORw0K=""#, "image data URI has invalid base64 at character 31 ('=')"),
        (#""data:image/png;base64,iVBORw0Ka""#, "image data URI has invalid base64 at character 32 (the end)"),
        (#""data:image/png;base64,SGVsbG8=""#, "image data URI is not a PNG or JPEG image"),
    ]

    @Test(arguments: 0..<rejected.count)
    func badContentsAreLocatedErrors(_ index: Int) {
        let (contents, message) = Self.rejected[index]
        expectRejected(sceneWithLayers(#"{"name": "a", "contents": \#(contents)}"#), path: "layers[0].contents",
                       message: message, at: contents)
    }

    @Test func decodingErrorsNameTheImage() throws {
        func uri(_ bytes: [UInt8]) -> String { "data:image/png;base64," + Data(bytes).base64EncodedString() }
        let cases: [(uri: String, message: String)] = [
            (uri(try TestImages.badChecksum("rgba.png")), "could not be decoded (IHDR: CRC error)"),
            (uri(try TestImages.truncated("flat.jpg", by: 40)), "could not be decoded (Premature end of JPEG file)"),
            (uri(try TestImages.bytes("cmyk.jpg")), "could not be decoded (CMYK JPEG images are not supported)"),
            (uri(TestImages.pngHeader(width: 20000, height: 1)), "is 20000×1 px, over the limit of 16384 px per side"),
        ]
        for (uri, message) in cases {
            expectRejected(sceneWithLayers(#"{"contents": "\#(uri)"}"#), path: "layers[0].contents",
                           message: "image data URI " + message, at: "\"data:")
        }
    }

    @Test func fileErrorsNameTheFileAsWritten() throws {
        let folder = try Self.sceneFolder("{}", images: ["rgba.png"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: folder + "/images/text.png"))
        mkfifo(folder + "/images/fifo.png", 0o644)
        let cases: [(contents: String, message: String)] = [
            ("images/none.png", "image file \"images/none.png\" not found in \(folder)"),
            ("images", "image file \"images\" is a folder"),
            ("images/fifo.png", "image file \"images/fifo.png\" is not a regular file (a device, FIFO or socket)"),
            ("images/text.png", "image file \"images/text.png\" is not a PNG or JPEG image"),
            ("images/rgba.png/x.png", "image file \"images/rgba.png/x.png\" not found in \(folder)"),
        ]
        for (contents, message) in cases {
            let json = sceneWithLayers(#"{"contents": "\#(contents)"}"#)
            try json.write(toFile: folder + "/scene.json", atomically: true, encoding: .utf8)
            #expect(throws: SceneError(source: folder + "/scene.json", path: "layers[0].contents", line: 1,
                                       column: column(of: "\"\(contents)", in: json), message: message)) {
                try SceneLoader.load(contentsOfFile: folder + "/scene.json")
            }
        }
    }

    /// All of a scene's images together are limited (a lower limit here):
    /// the image that would go over it is refused from its header.
    @Test func theScenesImagesHoldAtMostTheirPixelLimit() throws {
        var loader = ContentsLoader(directory: nil, pixelLimit: 10)
        let use = { (source: String) in ContentsUse(source: source, issue: { DecodingIssue([], $0) }) }
        let first = try loader.image(for: use(try TestImages.dataURI("rgba.png")))   // 4 pixels
        #expect(try loader.image(for: use(try TestImages.dataURI("rgba.png"))) === first)   // read once, counted once
        _ = try loader.image(for: use(try TestImages.dataURI("rgb.png")))   // 3 more
        _ = try loader.image(for: use(try TestImages.dataURI("rgb16.png")))   // 2 more: 9
        #expect {
            _ = try loader.image(for: use(try TestImages.dataURI("palette.png")))   // 4 more: 13
        } throws: { error in
            (error as? DecodingIssue)?.message
                == "image data URI (4 pixels) brings the scene's images over the limit of 10 pixels"
        }
        #expect(ContentsLoader.maximumTotalPixels == 268_435_456)
    }

    /// `layerfx expand` writes `contents` as the scene wrote it; an image
    /// made from pixels becomes a PNG data URI that decodes to the same pixels.
    @Test func theEncoderWritesContentsBack() throws {
        let uri = try TestImages.dataURI("grey-alpha.png")
        let scene = try decodeScene(sceneWithLayers(#"{"contents": "\#(uri)"}"#))
        let text = SceneEncoder.encode(scene)
        #expect(text.contains(#""contents": "\#(uri)""#))
        #expect(try decodeScene(text) == scene)

        var made = scene
        made.layers[0].properties.contents = ContentsImage(width: 2, height: 1,
                                                           premultipliedBytes: [10, 20, 30, 40, 200, 100, 0, 255])
        let written = SceneEncoder.encode(made)
        #expect(written.contains(#""contents": "data:image/png;base64,"#))
        #expect(try decodeScene(written) == made)
    }
}
