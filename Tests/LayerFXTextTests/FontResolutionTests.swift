import Foundation
import Testing
@testable import LayerFXText

@Test func noFontIsDejaVuSansWithItsMetrics() throws {
    let context = TextContext()
    let font = try context.font(named: nil)
    #expect(font.path == dejaVu("DejaVuSans"))
    #expect(font.familyName == "DejaVu Sans")
    #expect(font.unitsPerEm == 2048)
    #expect(font.ascender == 1901.0 / 2048)
    #expect(font.descender == -483.0 / 2048)
    #expect(font.lineHeight == 2384.0 / 2048)
    #expect(try context.font(named: "  ") === font)
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
    #expect(try TextContext().font(named: name).path == dejaVu(file))
}

@Test func aPathLoadsThatFileOnceWhateverItIsCalled() throws {
    let context = TextContext()
    let byPath = try context.font(named: dejaVu("DejaVuSerif"))
    #expect(byPath.path == dejaVu("DejaVuSerif"))
    #expect(byPath.familyName == "DejaVu Serif")
    #expect(try context.font(named: "DejaVu Serif") === byPath)
    #expect(try context.font(named: "/usr/share/fonts/truetype/../truetype/dejavu/DejaVuSerif.ttf") === byPath)
    // An absolute path means the same file whatever the directory.
    #expect(try context.font(named: dejaVu("DejaVuSerif"), relativeTo: "/tmp") === byPath)
}

@Test func contextsShareNoFonts() throws {
    let first = TextContext(), second = TextContext()
    let font = try first.font(named: nil)
    #expect(try second.font(named: nil) !== font)
    #expect(try second.font(named: nil).path == font.path)
}

@Test func aRelativePathIsTakenInTheGivenDirectoryOnce() throws {
    let directory = try temporaryDirectory("relative")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: directory + "/fonts", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: dejaVu("DejaVuSerif"), toPath: directory + "/fonts/Title.ttf")
    let context = TextContext()
    let font = try context.font(named: "fonts/Title.ttf", relativeTo: directory)
    #expect(font.familyName == "DejaVu Serif")
    #expect(font.path.hasSuffix("/fonts/Title.ttf"))
    // Resolved once: the file's removal does not change the answer.
    try FileManager.default.removeItem(atPath: directory + "/fonts/Title.ttf")
    #expect(try context.font(named: "fonts/Title.ttf", relativeTo: directory) === font)
    // Another directory is another file, and the error names the directory.
    #expect(errorText { try context.font(named: "fonts/Title.ttf", relativeTo: "/nonexistent") }
            == #"font file "fonts/Title.ttf" not found in /nonexistent"#)
    // Without a directory, the working directory.
    #expect(errorText { try context.font(named: "fonts/Title.ttf") } == #"font file "fonts/Title.ttf" not found"#)
}

@Test func aFailureIsResolvedOnceToo() throws {
    let directory = try temporaryDirectory("late")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let context = TextContext()
    #expect(errorText { try context.font(named: "Late.ttf", relativeTo: directory) }
            == "font file \"Late.ttf\" not found in \(directory)")
    try FileManager.default.copyItem(atPath: dejaVu("DejaVuSans"), toPath: directory + "/Late.ttf")
    #expect(errorText { try context.font(named: "Late.ttf", relativeTo: directory) }
            == "font file \"Late.ttf\" not found in \(directory)")
    #expect(try TextContext().font(named: "Late.ttf", relativeTo: directory).familyName == "DejaVu Sans")
}

@Test func aMissingFileIsNamedInTheError() {
    let context = TextContext()
    #expect(throws: FontError.self) { try context.font(named: "/nonexistent/Font.ttf") }
    #expect(errorText { try context.font(named: "/nonexistent/Font.ttf") } == #"font file "/nonexistent/Font.ttf" not found"#)
    #expect(errorText { try context.font(named: "Missing.otf") } == #"font file "Missing.otf" not found"#)
}

@Test func anUnknownNameListsTheSearchedDirectories() {
    let context = TextContext(searchDirectories: ["/usr/share/fonts"])
    #expect(errorText { try context.font(named: "Foo") }
            == #"no font named "Foo" (searched: /usr/share/fonts); install fonts-dejavu-core or give a .ttf path"#)
    #expect(errorText { try context.font(named: "Helvetica-Fancy") }
            == #"no font named "Helvetica-Fancy" (searched: /usr/share/fonts); install fonts-dejavu-core or give a .ttf path"#)
    #expect(errorText { try TextContext(searchDirectories: ["/nonexistent"]).font(named: nil) }
            == #"no font named "DejaVu Sans" (searched: /nonexistent); install fonts-dejavu-core or give a .ttf path"#)
}

@Test func aFileThatIsNotAFontGivesFreeTypesError() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("layerfx-not-a-font-\(getpid()).ttf").path
    try "not a font".write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let resolved = try #require(realpath(file, nil))
    defer { free(resolved) }
    let canonical = String(cString: resolved)
    #expect(errorText { try TextContext().font(named: file) } == "font file \"\(canonical)\" could not be loaded (not a font file: unknown file format, FreeType error 0x02)")
}

@Test func earlierSearchDirectoriesWin() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layerfx-fonts-\(getpid())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // A "DejaVuSans.ttf" that is really DejaVu Serif: the name finds it first, the path is canonical.
    try FileManager.default.createSymbolicLink(atPath: directory + "/DejaVuSans.ttf", withDestinationPath: dejaVu("DejaVuSerif"))
    #expect(try TextContext(searchDirectories: [directory, "/usr/share/fonts"]).font(named: "DejaVu Sans").path
            == dejaVu("DejaVuSerif"))
    #expect(try TextContext(searchDirectories: ["/usr/share/fonts", directory]).font(named: "DejaVu Sans").path
            == dejaVu("DejaVuSans"))
}

@Test func layerfxFontPathDirectoriesComeFirst() {
    #expect(FontResolution.searchDirectories(fontPath: "/a::/b/c") == ["/a", "/b/c", "/usr/share/fonts"])
    #expect(FontResolution.searchDirectories(fontPath: nil) == ["/usr/share/fonts"])
}

/// A new empty folder under the temporary directory, its path canonical.
private func temporaryDirectory(_ name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("layerfx-\(name)-\(getpid())").path
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let resolved = try #require(realpath(path, nil))
    defer { free(resolved) }
    return String(cString: resolved)
}

/// The description of the FontError `body` throws, or "" when it throws none.
private func errorText(_ body: () throws -> Font) -> String {
    do { _ = try body(); return "" } catch { return (error as? FontError)?.description ?? "\(error)" }
}
