import Foundation
import LayerFXText
import LayerFXTestSupport
import Testing
@testable import LayerFXScene

/// Fonts named by relative paths are taken in the scene file's folder, and
/// fonts that do not load are located errors of the scene.
@Suite struct FontPathTests {
    /// A fresh folder holding `fonts/Title.ttf` (a copy of DejaVu Serif) and
    /// `scene.json` with `json`; its canonical path.
    static func sceneFolder(_ json: String) throws -> String {
        let url = try TemporaryDirectory.make("layerfx-fontpath")
        try FileManager.default.createDirectory(at: url.appending(path: "fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
                                         toPath: url.appending(path: "fonts/Title.ttf").path)
        try json.write(to: url.appending(path: "scene.json"), atomically: true, encoding: .utf8)
        return url.resolvingSymlinksInPath().path
    }

    @Test func aRelativeFontIsTakenInTheScenesFolder() throws {
        let folder = try Self.sceneFolder(sceneWithLayers(#"{"type": "text", "string": "Hi", "font": "fonts/Title.ttf"}"#))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(!FileManager.default.fileExists(atPath: "fonts/Title.ttf"))  // not in the working directory
        let context = TextContext()
        let scene = try SceneLoader.load(contentsOfFile: folder + "/scene.json", textContext: context)
        #expect(scene.baseDirectory == folder)
        #expect(scene.layers[0].properties.font == "fonts/Title.ttf")  // kept as written
        // Resolved at load, in the context passed: the same font later, even with the file gone.
        try FileManager.default.removeItem(atPath: folder + "/fonts/Title.ttf")
        #expect(try context.font(named: "fonts/Title.ttf", relativeTo: scene.baseDirectory).familyName == "DejaVu Serif")
    }

    @Test func aMissingRelativeFontIsALocatedError() throws {
        let json = sceneWithLayers(#"{"sublayers": [{}, {"type": "text", "string": "Hi", "font": "fonts/None.ttf"}]}"#)
        let folder = try Self.sceneFolder(json)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fontColumn = column(of: "\"fonts/None", in: json)
        #expect(throws: SceneError(source: folder + "/scene.json", path: "layers[0].sublayers[1].font", line: 1,
                                   column: fontColumn, message: "font file \"fonts/None.ttf\" not found in \(folder)")) {
            try SceneLoader.load(contentsOfFile: folder + "/scene.json")
        }
    }

    @Test func aSceneFromMemoryTakesRelativeFontsInTheWorkingDirectory() throws {
        let json = sceneWithLayers(#"{"type": "text", "font": "fonts/Title.ttf"}"#)
        #expect(sceneError(json)?.description
                == "scene.json:1:\(column(of: "\"fonts", in: json) ?? 0): layers[0].font: font file \"fonts/Title.ttf\" not found")
        let scene = try decodeScene(sceneWithLayers(#"{"type": "text", "font": "DejaVu Sans"}"#))
        #expect(scene.baseDirectory == nil)
    }

    @Test func anEffectsFontIsCheckedAtItsFontKey() {
        let json = sceneWithLayers(#"{"type": "effect", "effect": "shimmer", "bounds": [0, 0, 50, 20], "font": "/no/such.ttf"}"#)
        expectRejected(json, path: "layers[0].font", message: "font file \"/no/such.ttf\" not found", at: "\"/no/such")
    }
}
