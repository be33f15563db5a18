import Foundation
import LayerFXTestSupport
#if canImport(Glibc)
import Glibc
#endif

extension BadInputTests {
    /// Layer `contents` images that cannot be read or decoded, located at the value.
    static let images: [BadInput] = [
        .scene("missing image file named relative to the scene's folder",
               #"{"size":[10,10],"layers":[{"contents":"images/none.png"}]}"#,
               "$DIR/scene.json:1:39: layers[0].contents: image file \"images/none.png\" not found in $DIR"),
        .scene("missing image file (absolute path)", #"{"size":[10,10],"layers":[{"contents":"/no/such/image.png"}]}"#,
               "$DIR/scene.json:1:39: layers[0].contents: image file \"/no/such/image.png\" not found"),
        .scene("a folder as the image", #"{"size":[10,10],"layers":[{"contents":"."}]}"#,
               "$DIR/scene.json:1:39: layers[0].contents: image file \".\" is a folder"),
        BadInput(input: "FIFO as the image (would block reading)", arguments: BadInput.sceneArguments,
                 scene: Array(#"{"size":[10,10],"layers":[{"contents":"fifo.png"}]}"#.utf8),
                 error: "$DIR/scene.json:1:39: layers[0].contents: image file \"fifo.png\" is not a regular file (a device, FIFO or socket)",
                 setup: { dir in
                     mkfifo(dir.appending(path: "fifo.png").path, 0o644)
                     return {}
                 }),
        .scene("unreadable image file (/proc/self/mem)", #"{"size":[10,10],"layers":[{"contents":"/proc/self/mem"}]}"#,
               "$DIR/scene.json:1:39: layers[0].contents: image file \"/proc/self/mem\" could not be read: Input/output error"),
        BadInput(input: "image file over 1 GiB (a sparse 2 GiB file)", arguments: BadInput.sceneArguments,
                 scene: Array(#"{"size":[10,10],"layers":[{"contents":"huge.png"}]}"#.utf8),
                 error: "$DIR/scene.json:1:39: layers[0].contents: image file \"huge.png\" could not be read: larger than 1024 MiB",
                 setup: { dir in
                     let huge = dir.appending(path: "huge.png")
                     try Data().write(to: huge)
                     let handle = try FileHandle(forWritingTo: huge)
                     try handle.truncate(atOffset: 2 << 30)
                     try handle.close()
                     return {}
                 }),
        .scene("image file that is not an image (the scene itself)",
               #"{"size":[10,10],"layers":[{"contents":"scene.json"}]}"#,
               "$DIR/scene.json:1:39: layers[0].contents: image file \"scene.json\" is not a PNG or JPEG image"),
        file("empty image file", "empty.png", [],
             "image file \"empty.png\" is not a PNG or JPEG image"),
        file("corrupt PNG (a header checksum broken)", "bad.png", try? TestImages.badChecksum("rgba.png"),
             "image file \"bad.png\" could not be decoded (IHDR: CRC error)"),
        file("truncated JPEG", "cut.jpg", try? TestImages.truncated("flat.jpg", by: 40),
             "image file \"cut.jpg\" could not be decoded (Premature end of JPEG file)"),
        file("CMYK JPEG", "cmyk.jpg", try? TestImages.bytes("cmyk.jpg"),
             "image file \"cmyk.jpg\" could not be decoded (CMYK JPEG images are not supported)"),
        file("image of 20000 × 1 px (a PNG header)", "wide.png", TestImages.pngHeader(width: 20000, height: 1),
             "image file \"wide.png\" is 20000×1 px, over the limit of 16384 px per side"),
        file("image of 10000 × 10000 px (a PNG header)", "big.png", TestImages.pngHeader(width: 10000, height: 10000),
             "image file \"big.png\" is 10000×10000 px (100000000 pixels), over the limit of 67108864 pixels"),
        .scene("data URI that is not base64", #"{"size":[10,10],"layers":[{"contents":"data:image/png,abc"}]}"#,
               "$DIR/scene.json:1:39: layers[0].contents: image data URI is not base64; expected data:image/png;base64,… or data:image/jpeg;base64,…"),
        .scene("data URI of another media type", #"{"size":[10,10],"layers":[{"contents":"data:image/gif;base64,R0lGODlh"}]}"#,
               "$DIR/scene.json:1:39: layers[0].contents: image data URI has media type \"image/gif\"; expected image/png or image/jpeg"),
        .scene("bad base64 in a data URI", #"{"size":[10,10],"layers":[{"contents":"data:image/png;base64,iVBOR!"}]}"#,
               "$DIR/scene.json:1:39: layers[0].contents: image data URI has invalid base64 at character 28 ('!')"),
        .scene("data URI of bytes that are no image", #"{"size":[10,10],"layers":[{"contents":"data:image/png;base64,SGVsbG8="}]}"#,
               "$DIR/scene.json:1:39: layers[0].contents: image data URI is not a PNG or JPEG image"),
        .scene("empty contents", #"{"size":[10,10],"layers":[{"contents":""}]}"#,
               "$DIR/scene.json:1:39: layers[0].contents: expected an image file path or a data URI, found an empty string"),
    ]

    /// A row whose scene shows `$DIR/name`, a file of `bytes` (no file when nil).
    private static func file(_ input: String, _ name: String, _ bytes: [UInt8]?, _ error: String) -> BadInput {
        BadInput(input: input, arguments: BadInput.sceneArguments,
                 scene: Array(#"{"size":[10,10],"layers":[{"contents":"\#(name)"}]}"#.utf8),
                 error: "$DIR/scene.json:1:39: layers[0].contents: " + error,
                 setup: { dir in
                     try Data(bytes ?? []).write(to: dir.appending(path: name))
                     return {}
                 })
    }
}
