import Foundation
import LayerFXTestSupport
import Testing

/// `render` takes a scene's relative font paths in the scene file's folder,
/// whatever folder it is run from.
@Suite struct RelativeFontTests {
    static func scene(font: String) -> String {
        #"{"size": [40, 40], "layers": [{"type": "text", "bounds": [0, 0, 40, 40], "position": [20, 20], "#
            + #""string": "Hi", "font": "\#(font)", "fontSize": 24}]}"#
    }

    @Test func aFontBesideTheSceneIsFoundFromAnotherFolder() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appending(path: "scenes/fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
                                         toPath: dir.appending(path: "scenes/fonts/Title.ttf").path)
        try Self.scene(font: "fonts/Title.ttf").write(to: dir.appending(path: "scenes/relative.json"), atomically: true, encoding: .utf8)
        try Self.scene(font: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
            .write(to: dir.appending(path: "absolute.json"), atomically: true, encoding: .utf8)
        // Run from / : the relative path means nothing there.
        let fromRoot = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"),
                                   ["-c", #"cd / && exec "$0" "$@""#, CLI.executable.path, "render", "--backend", "cpu",
                                    dir.appending(path: "scenes/relative.json").path, "-o", dir.appending(path: "relative.png").path])
        #expect(fromRoot.status == 0 && fromRoot.stderr.isEmpty, "\(fromRoot.stderr)")
        let absolute = try CLI.run(["render", "--backend", "cpu", dir.appending(path: "absolute.json").path,
                                    "-o", dir.appending(path: "absolute.png").path])
        #expect(absolute.status == 0, "\(absolute.stderr)")
        let relativePNG = try Data(contentsOf: dir.appending(path: "relative.png"))
        #expect(relativePNG == (try Data(contentsOf: dir.appending(path: "absolute.png"))))
        // And the font matters: DejaVu Sans draws another picture.
        try Self.scene(font: "DejaVu Sans").write(to: dir.appending(path: "sans.json"), atomically: true, encoding: .utf8)
        let sans = try CLI.run(["render", "--backend", "cpu", dir.appending(path: "sans.json").path,
                                "-o", dir.appending(path: "sans.png").path])
        #expect(sans.status == 0, "\(sans.stderr)")
        #expect(relativePNG != (try Data(contentsOf: dir.appending(path: "sans.png"))))
    }
}
