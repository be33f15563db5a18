import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension BadInputTests {
    /// Output names that cannot be written, checked before rendering.
    static let outputs: [BadInput] = [
        .render("`-o out` (no extension)", ["-o", "$DIR/out"],
                "-o $DIR/out: expected a file name ending in .png, .svg, .gif, .mp4 or .webm, or - for standard output"),
        .render("`-o out.pn` (truncated extension)", ["-o", "$DIR/out.pn"],
                "-o $DIR/out.pn: LayerFX does not write .pn files; expected a file name ending in .png, .svg, .gif, .mp4 or .webm, or - for standard output"),
        .render("`-o frame.jpg` (a format LayerFX does not write)", ["-o", "$DIR/frame.jpg"],
                "-o $DIR/frame.jpg: LayerFX does not write .jpg files; expected a file name ending in .png, .svg, .gif, .mp4 or .webm, or - for standard output"),
        .render("`-o .png` (only an extension)", ["-o", "$DIR/.png"],
                "-o $DIR/.png: the file name is only an extension; expected a file name ending in .png, .svg, .gif, .mp4 or .webm, or - for standard output"),
        .render("`-o dir/` (ends in a slash)", ["-o", "$DIR/frames/"],
                "-o $DIR/frames/: ends in '/'; expected a file name ending in .png, .svg, .gif, .mp4 or .webm, or - for standard output"),
        .render("`-o ''` (empty)", ["-o", ""],
                "-o needs a file name (.png, .svg, .gif, .mp4, .webm) or - for standard output"),
        .render("a folder given as the output", ["-o", "$DIR"],
                "-o $DIR: is a folder; expected a file name ending in .png, .svg, .gif, .mp4 or .webm, or - for standard output"),
        .render("output in a missing folder", ["-o", "$DIR/missing/out.png"],
                "cannot write $DIR/missing/out.png: folder $DIR/missing does not exist"),
        .render("GIF in a missing folder", ["--to", "0.1", "-o", "$DIR/missing/out.gif"],
                "cannot write $DIR/missing/out.gif: folder $DIR/missing does not exist"),
        .render("output folder is a file", ["-o", "$DIR/scene.json/out.png"],
                "cannot write $DIR/scene.json/out.png: $DIR/scene.json is not a folder"),
        .render("name longer than NAME_MAX (255)", ["-o", "$DIR/" + String(repeating: "a", count: 300) + ".png"],
                "cannot write $DIR/" + String(repeating: "a", count: 300) + ".png: File name too long"),
        .render("unwritable folder (/proc)", ["-o", "/proc/out.png"],
                "cannot write /proc/out.png: No such file or directory"),
        BadInput(input: "FIFO without a reader as the output",
                 arguments: ["render", "$DIR/scene.json", "--backend", "cpu", "-o", "$DIR/fifo.png"],
                 scene: Array(BadInput.validScene.utf8),
                 error: "cannot write $DIR/fifo.png: No such device or address",
                 setup: { dir in
                     mkfifo(dir.appending(path: "fifo.png").path, 0o644)
                     return {}
                 }),
        BadInput(input: "file size limit (`ulimit -f 0`, EFBIG)",
                 arguments: ["render", "$DIR/scene.json", "--backend", "cpu", "-o", "$DIR/out.png"],
                 scene: Array(BadInput.validScene.utf8),
                 error: "cannot write $DIR/out.png: File too large", shell: "ulimit -f 0"),
    ]

    /// Scene and font files that cannot be read.
    static let files: [BadInput] = [
        BadInput(input: "missing scene file", arguments: ["render", "$DIR/nope.json", "-o", "$DIR/out.png"],
                 error: "$DIR/nope.json: cannot read file: No such file or directory"),
        BadInput(input: "a folder given as the scene", arguments: ["render", "$DIR", "-o", "$DIR/out.png"],
                 error: "$DIR: cannot read file: Is a directory"),
        BadInput(input: "unreadable scene file (/proc/self/mem)", arguments: ["render", "/proc/self/mem", "-o", "$DIR/out.png"],
                 error: "/proc/self/mem: cannot read file: Input/output error"),
        BadInput(input: "scene file over 1 GiB (a sparse 2 GiB file)", arguments: ["render", "$DIR/huge.json", "-o", "$DIR/out.png"],
                 error: "$DIR/huge.json: cannot read file: larger than 1024 MiB, the limit for a scene file",
                 setup: { dir in
                     let huge = dir.appending(path: "huge.json")
                     try Data().write(to: huge)
                     let handle = try FileHandle(forWritingTo: huge)
                     try handle.truncate(atOffset: 2 << 30)
                     try handle.close()
                     return {}
                 }),
        BadInput(input: "/dev/null as the scene (no bytes)", arguments: ["render", "/dev/null", "-o", "$DIR/out.png"],
                 error: "/dev/null:1:1: unexpected end of input; expected a JSON value"),
        .scene("missing font file", #"{"size":[10,10],"layers":[{"type":"text","string":"Hi","font":"/no/such/font.ttf"}]}"#,
               "$DIR/scene.json:1:63: layers[0].font: font file \"/no/such/font.ttf\" not found"),
        .scene("missing font file named relative to the scene's folder",
               #"{"size":[10,10],"layers":[{"type":"text","string":"Hi","font":"fonts/none.ttf"}]}"#,
               "$DIR/scene.json:1:63: layers[0].font: font file \"fonts/none.ttf\" not found in $DIR"),
        .scene("font file that is not a font (the scene itself)",
               #"{"size":[10,10],"layers":[{"type":"text","string":"Hi","font":"$DIR/scene.json"}]}"#,
               "$DIR/scene.json:1:63: layers[0].font: font file \"$DIR/scene.json\" could not be loaded (not a font file: unknown file format, FreeType error 0x02)"),
        BadInput(input: "empty font file", arguments: BadInput.sceneArguments,
                 scene: Array(#"{"size":[10,10],"layers":[{"type":"text","string":"Hi","font":"$DIR/empty.ttf"}]}"#.utf8),
                 error: "$DIR/scene.json:1:63: layers[0].font: font file \"$DIR/empty.ttf\" could not be loaded (not a font file: unknown file format, FreeType error 0x02)",
                 setup: { dir in
                     try Data().write(to: dir.appending(path: "empty.ttf"))
                     return {}
                 }),
        BadInput(input: "FIFO as the font (would block reading)", arguments: BadInput.sceneArguments,
                 scene: Array(#"{"size":[10,10],"layers":[{"type":"text","string":"Hi","font":"$DIR/fifo.ttf"}]}"#.utf8),
                 error: "$DIR/scene.json:1:63: layers[0].font: font file \"$DIR/fifo.ttf\" is not a regular file (a device, FIFO or socket)",
                 setup: { dir in
                     mkfifo(dir.appending(path: "fifo.ttf").path, 0o644)
                     return {}
                 }),
        .scene("a folder as the font", #"{"size":[10,10],"layers":[{"type":"text","string":"Hi","font":"$DIR/"}]}"#,
               "$DIR/scene.json:1:63: layers[0].font: font file \"$DIR\" is a folder"),
    ]
}
