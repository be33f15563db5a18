import Foundation

/// Reads the example scheduler files in `Examples/` as a scheduler would:
/// only the few fields the tests need, and refusing anything fancier than
/// the simple forms the files are written in (so a file that grows more
/// complex fails loudly here instead of being misread).
enum SchedulerFiles {
    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    /// What a Kubernetes Indexed Job manifest says about its one container.
    struct IndexedJob {
        var completionMode = ""
        var completions = 0
        var parallelism = 0
        var command: [String] = []
        var environment: [String: String] = [:]
        var mountPath = ""
    }

    /// Parses the block-style YAML of `Examples/kubernetes/render-job.yaml`:
    /// `key: value` lines, the `command:` list of plain or double-quoted
    /// scalars, `env:` items of `- name:` / `value:` lines.
    static func indexedJob(_ text: String) throws -> IndexedJob {
        var job = IndexedJob()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
        var i = 0
        while i < lines.count {
            let line = lines[i]
            let indent = line.prefix { $0 == " " }.count
            let body = line.trimmingCharacters(in: .whitespaces)
            i += 1
            func value(_ key: String) -> String? {
                guard body.hasPrefix(key + ":") else { return nil }
                return body.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
            }
            if let v = value("completionMode") { job.completionMode = v }
            if let v = value("completions") { job.completions = try integer(v, "completions") }
            if let v = value("parallelism") { job.parallelism = try integer(v, "parallelism") }
            if let v = value("mountPath") { job.mountPath = try scalar(v) }
            // An env item: "- name: N" directly followed by "value: V".
            if let name = value("- name"), i < lines.count {
                let next = lines[i].trimmingCharacters(in: .whitespaces)
                if next.hasPrefix("value:") {
                    job.environment[try scalar(name)] = try scalar(next.dropFirst(6).trimmingCharacters(in: .whitespaces))
                }
            }
            if body == "command:" {
                while i < lines.count {
                    let item = lines[i]
                    let itemBody = item.trimmingCharacters(in: .whitespaces)
                    guard item.prefix(while: { $0 == " " }).count > indent, itemBody.hasPrefix("- ") else { break }
                    job.command.append(try scalar(String(itemBody.dropFirst(2))))
                    i += 1
                }
            }
        }
        return job
    }

    /// What a Slurm batch script holds: its `#SBATCH --array=A-B[%M]` task ids
    /// and its one `layerfx render …` line, split into words.
    struct ArrayScript {
        var taskIDs: [Int] = []
        var command: [String] = []
    }

    static func arrayScript(_ text: String) throws -> ArrayScript {
        var script = ArrayScript()
        for line in text.split(separator: "\n").map(String.init) {
            if line.hasPrefix("#SBATCH --array=") {
                let spec = line.dropFirst("#SBATCH --array=".count).split(separator: "%")[0]
                let bounds = spec.split(separator: "-").compactMap { Int($0) }
                guard bounds.count == 2, bounds[0] <= bounds[1] else {
                    throw ParseError(description: "#SBATCH --array: expected A-B, got \(spec)")
                }
                script.taskIDs = Array(bounds[0]...bounds[1])
            }
            if line.hasPrefix("layerfx ") {
                guard script.command.isEmpty else { throw ParseError(description: "more than one layerfx line") }
                script.command = try line.split(separator: " ").map { word in
                    let unquoted = word.count > 1 && word.hasPrefix("\"") && word.hasSuffix("\"")
                        ? String(word.dropFirst().dropLast()) : String(word)
                    guard unquoted.allSatisfy({ $0.isLetter || $0.isNumber || "-_./%$".contains($0) }) else {
                        throw ParseError(description: "shell syntax the test does not read in \(word)")
                    }
                    return unquoted
                }
            }
        }
        return script
    }

    private static func integer(_ text: String, _ key: String) throws -> Int {
        guard let n = Int(text) else { throw ParseError(description: "\(key): not a whole number: \(text)") }
        return n
    }

    /// A plain or double-quoted YAML scalar without escapes or comments.
    private static func scalar(_ text: String) throws -> String {
        guard !text.contains("\\"), !text.contains(" #"), !text.contains("'") else {
            throw ParseError(description: "YAML the test does not read: \(text)")
        }
        if text.count > 1, text.hasPrefix("\""), text.hasSuffix("\"") { return String(text.dropFirst().dropLast()) }
        guard !text.contains("\"") else { throw ParseError(description: "YAML the test does not read: \(text)") }
        return text
    }
}
