import Foundation
import LayerFXTestSupport

/// The built `layerfx` executable, run the way a user runs it.
enum CLI {
    /// The `layerfx` binary in the build folder.
    static var executable: URL {
        BuildProducts.find("layerfx") ?? Bundle.main.bundleURL.appending(path: "layerfx")
    }

    /// Runs `layerfx` with `arguments` (and `environment` added to this
    /// process's) and captures what it printed.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
        try ProcessRunner.run(executable, arguments, environment: environment)
    }
}
