import ArgumentParser
import FoundationEssentials
import LayerFX
#if canImport(Glibc)
import Glibc
#endif

/// `layerfx`: renders Core Animation-style scenes headlessly.
@main
struct LayerFXCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layerfx",
        abstract: "Render Core Animation-style layer scenes to images, on the GPU (EGL) or the CPU.",
        discussion: """
            Scenes are JSON files that use Core Animation's own property and key-path
            names (docs/scene-format.md in the repository lists every key), or
            Lottie animations (bodymovin JSON), which are converted to such scenes.

            Examples:
              layerfx render Examples/pulsing-rings.json -o rings.png --time 1.5
              layerfx render Examples/ripple.json -o ripple.png --backend cpu --scale 3
              layerfx values Examples/pulsing-rings.json --layer pulse.ring0 \\
                  --key-path opacity --times 0:3:0.5
              layerfx expand Examples/waves.json
              layerfx convert animation.json -o scene.json
              layerfx info animation.json
              layerfx info
              layerfx bench ripples --count 100000 --backend cpu
            """,
        version: LayerFXVersion.string,
        subcommands: [RenderCommand.self, ValuesCommand.self, ExpandCommand.self, ConvertCommand.self, InfoCommand.self,
                      BenchCommand.self])

    /// Parses the command line and runs the command. A usage error (unknown
    /// option, malformed or invalid value) becomes one line
    /// `layerfx: error: …` with exit status 1, like every other error;
    /// `--help` and `--version` print as usual.
    static func main() {
        // Past a file size limit (`ulimit -f`), writes fail with EFBIG and are
        // reported, instead of SIGXFSZ killing the process mid-file.
        signal(SIGXFSZ, SIG_IGN)
        MemoryReuse.keepFreedBlocks()
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exitReporting(error)
        }
        do {
            try command.run()
        } catch {
            exitReporting(error)
        }
    }

    /// Exits for an error: help and version as ArgumentParser prints them, an
    /// `ExitCode` (its line already printed) with its status, anything else as
    /// one error line with status 1.
    private static func exitReporting(_ error: Error) -> Never {
        guard exitCode(for: error) != .success, !(error is ExitCode) else { exit(withError: error) }
        let lines = message(for: error).split(separator: "\n").map { $0.trimmingWhitespace() }
        var text = lines.filter { !$0.isEmpty && !$0.hasPrefix("Help:") && !$0.hasPrefix("Usage:") }
            .joined(separator: "; ")
        if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
        printError("layerfx: error: \(text)")
        exit(withError: ExitCode(1))
    }
}
