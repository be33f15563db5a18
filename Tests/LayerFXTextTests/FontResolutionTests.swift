import Foundation
import Testing
@testable import LayerFXText

@Test func noFontIsDejaVuSansWithItsMetrics() throws {
    let font = try Font.resolve(nil)
    #expect(font.path == dejaVu("DejaVuSans"))
    #expect(font.familyName == "DejaVu Sans")
    #expect(font.unitsPerEm == 2048)
    #expect(font.ascender == 1901.0 / 2048)
    #expect(font.descender == -483.0 / 2048)
    #expect(font.lineHeight == 2384.0 / 2048)
    #expect(try Font.resolve("  ") === font)
}

@Test("family and face names resolve to the closest DejaVu face", arguments: [
    ("DejaVu Sans", "DejaVuSans"),
    ("DejaVu Sans Bold", "DejaVuSans-Bold"),
    ("DejaVuSans-Bold", "DejaVuSans-Bold"),
    ("dejavu sans oblique", "DejaVuSans-Oblique"),
    ("DejaVu Sans Book", "DejaVuSans"),
    ("DejaVu Sans Mono Bold", "DejaVuSansMono-Bold"),
    ("DejaVu Serif Italic", "DejaVuSerif-Italic"),
    ("Helvetica", "DejaVuSans"),
    ("Helvetica-Bold", "DejaVuSans-Bold"),
    ("HelveticaNeue-Medium", "DejaVuSans"),
    ("Helvetica Neue Light", "DejaVuSans-ExtraLight"),
    (".SFUI-Heavy", "DejaVuSans-Bold"),
    (".SFUIDisplay-Semibold", "DejaVuSans-Bold"),
    ("system-heavy", "DejaVuSans-Bold"),
    ("Arial BoldItalic", "DejaVuSans-BoldOblique"),
    ("Menlo-Italic", "DejaVuSansMono-Oblique"),
    ("Courier", "DejaVuSansMono"),
    ("Times-BoldItalic", "DejaVuSerif-BoldItalic"),
    ("Georgia", "DejaVuSerif"),
])
func namedFont(name: String, file: String) throws {
    #expect(try Font.resolve(name).path == dejaVu(file))
}

@Test func aPathLoadsThatFileOnceWhateverItIsCalled() throws {
    let byPath = try Font.resolve(dejaVu("DejaVuSerif"))
    #expect(byPath.path == dejaVu("DejaVuSerif"))
    #expect(byPath.familyName == "DejaVu Serif")
    #expect(try Font.resolve("DejaVu Serif") === byPath)
    #expect(try Font.resolve("/usr/share/fonts/truetype/../truetype/dejavu/DejaVuSerif.ttf") === byPath)
}

@Test func aMissingFileIsNamedInTheError() {
    #expect(throws: FontError.self) { try Font.resolve("/nonexistent/Font.ttf") }
    #expect(errorText { try Font.resolve("/nonexistent/Font.ttf") } == #"font file "/nonexistent/Font.ttf" not found"#)
    #expect(errorText { try Font.resolve("Missing.otf") } == #"font file "Missing.otf" not found"#)
}

@Test func anUnknownNameListsTheSearchedDirectories() {
    #expect(errorText { try Font.resolve("Foo", searchDirectories: ["/usr/share/fonts"]) }
            == #"no font named "Foo" (searched: /usr/share/fonts); install fonts-dejavu-core or give a .ttf path"#)
    #expect(errorText { try Font.resolve("Helvetica-Fancy", searchDirectories: ["/usr/share/fonts"]) }
            == #"no font named "Helvetica-Fancy" (searched: /usr/share/fonts); install fonts-dejavu-core or give a .ttf path"#)
    #expect(errorText { try Font.resolve(nil, searchDirectories: ["/nonexistent"]) }
            == #"no font named "DejaVu Sans" (searched: /nonexistent); install fonts-dejavu-core or give a .ttf path"#)
}

@Test func aFileThatIsNotAFontGivesFreeTypesError() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("layerfx-not-a-font-\(getpid()).ttf").path
    try "not a font".write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let resolved = try #require(realpath(file, nil))
    defer { free(resolved) }
    let canonical = String(cString: resolved)
    #expect(errorText { try Font.resolve(file) } == "font file \"\(canonical)\" could not be loaded (not a font file: unknown file format, FreeType error 0x02)")
}

@Test func earlierSearchDirectoriesWin() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layerfx-fonts-\(getpid())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // A "DejaVuSans.ttf" that is really DejaVu Serif: the name finds it first, the path is canonical.
    try FileManager.default.createSymbolicLink(atPath: directory + "/DejaVuSans.ttf", withDestinationPath: dejaVu("DejaVuSerif"))
    #expect(try Font.resolve("DejaVu Sans", searchDirectories: [directory, "/usr/share/fonts"]).path == dejaVu("DejaVuSerif"))
    #expect(try Font.resolve("DejaVu Sans", searchDirectories: ["/usr/share/fonts", directory]).path == dejaVu("DejaVuSans"))
}

@Test func layerfxFontPathDirectoriesComeFirst() {
    #expect(Font.searchDirectories(fontPath: "/a::/b/c") == ["/a", "/b/c", "/usr/share/fonts"])
    #expect(Font.searchDirectories(fontPath: nil) == ["/usr/share/fonts"])
}

/// The description of the FontError `body` throws, or "" when it throws none.
private func errorText(_ body: () throws -> Font) -> String {
    do { _ = try body(); return "" } catch { return (error as? FontError)?.description ?? "\(error)" }
}
