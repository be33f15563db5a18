import ArgumentParser
import LayerFX

/// `--budget KEY=N`: the limits on one frame's work, for the commands that render.
struct BudgetOptions: ParsableArguments {
    @Option(name: .customLong("budget"),
            help: ArgumentHelp(
                "Set a limit on one frame's work, KEY=N (repeatable): instances, primitives, pixels, vertices, stroke-pieces, band-edges, edge-tests, offscreen-layers, offscreen-pixels, glyphs, text-length, gradient-stops.",
                valueName: "KEY=N"))
    var limits: [String] = []

    func validate() throws {
        _ = try budget()
    }

    /// The default budget with the given limits set.
    func budget() throws -> WorkBudget {
        var budget = WorkBudget()
        for text in limits {
            do {
                try budget.set(parsing: text)
            } catch {
                throw ValidationError("--budget \(error.description)")
            }
        }
        return budget
    }
}

/// A frame over its budget, or one the GPU failed to draw, reported with the
/// scene file it came from: `scene.json: at t=1.25 s: layers[0]: …`.
func locatingFrameErrors<T>(in file: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as WorkBudgetExceeded {
        throw CLIError("\(file): \(error)")
    } catch let error as GPUError where error.description.hasPrefix("at t=") {
        throw CLIError("\(file): \(error)")
    }
}
