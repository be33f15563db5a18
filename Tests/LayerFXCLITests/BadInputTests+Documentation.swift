import Foundation
import LayerFXTestSupport
import Testing

extension BadInputTests {
    /// docs/bad-inputs.md in the repository.
    static let documentURL = Repository.url("docs/bad-inputs.md")

    static let tableStart = "<!-- table generated from Tests/LayerFXCLITests/BadInputTests*.swift -->"
    static let tableEnd = "<!-- end of generated table -->"

    /// The table's rows, numbered in order: every checked row, then the interrupted runs.
    static var table: String {
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
        var lines = ["| # | input | exact error line (`$DIR`: the test's folder) | exit status | output left |",
                     "|---|---|---|---|---|"]
        for (i, row) in all.enumerated() {
            lines.append("| \(i + 1) | \(cell(row.input)): \(cell(detail(row))) | `layerfx: error: \(cell(row.error))` | 1 | none |")
        }
        for (i, row) in interrupts.enumerated() {
            lines.append("| \(all.count + i + 1) | \(row.input) | (none: the signal ends the process) "
                         + "| killed by signal \(row.signal) (\(128 + row.signal) in a shell) | none |")
        }
        return lines.joined(separator: "\n")
    }

    /// The command of a row unless it is the usual `BadInput.sceneArguments`,
    /// and its scene file unless it is the small valid one (the JSON text
    /// when it is one line of up to 120 bytes).
    static func detail(_ row: BadInput) -> String {
        let words = row.arguments.map { $0.isEmpty ? "''" : $0 }
        var parts: [String] = []
        if row.arguments != BadInput.sceneArguments || !row.shell.isEmpty {
            parts.append("`" + (row.shell.isEmpty ? "" : row.shell + "; ") + "layerfx " + words.joined(separator: " ") + "`")
        }
        if let scene = row.scene, scene != Array(BadInput.validScene.utf8) {
            if scene.isEmpty {
                parts.append("an empty scene.json")
            } else if let text = String(validating: scene, as: UTF8.self), scene.count <= 120, !text.contains("\n"),
               !text.contains("`"), !text.hasPrefix("\u{FEFF}") {
                parts.append("scene.json `\(text)`")
            } else {
                parts.append("scene.json of \(scene.count) bytes")
            }
        }
        return parts.joined(separator: ", ")
    }

    /// The documented table is the one the tests check; `LAYERFX_UPDATE_DOCS=1`
    /// rewrites it.
    @Test func documentedTableMatchesTheTests() throws {
        let text = try String(contentsOf: Self.documentURL, encoding: .utf8)
        let start = try #require(text.range(of: Self.tableStart))
        let end = try #require(text.range(of: Self.tableEnd))
        let current = String(text[start.upperBound..<end.lowerBound])
        let expected = "\n" + Self.table + "\n"
        if ProcessInfo.processInfo.environment["LAYERFX_UPDATE_DOCS"] == "1", current != expected {
            try (String(text[..<start.upperBound]) + expected + String(text[end.lowerBound...]))
                .write(to: Self.documentURL, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == expected, "run LAYERFX_UPDATE_DOCS=1 swift test --filter BadInputTests to regenerate")
    }
}
