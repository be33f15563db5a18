import LayerFXPrimitives
import Testing

/// One pixel check written once for any backend, named in the test report.
/// A suite lists its checks and runs them as two parameterized tests, one on
/// the CPU and one on the GPU (`.requiresGPU`, so it is reported skipped where
/// no GPU renderer opens).
public struct BackendCheck: Sendable, CustomTestStringConvertible {
    /// The check's name in the report.
    public let name: String
    /// Renders on the backend given and records expectations.
    public let run: @Sendable (any RenderBackend) throws -> Void

    /// A check called `name` that `run` performs on a backend.
    public init(_ name: String, _ run: @escaping @Sendable (any RenderBackend) throws -> Void) {
        self.name = name
        self.run = run
    }

    /// The name, as the report shows the argument.
    public var testDescription: String { name }
}
