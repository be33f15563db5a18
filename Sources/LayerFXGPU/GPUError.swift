/// Why the GPU backend could not render.
public struct GPUError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong, in one line.
    public let description: String
    /// Creates an error with a one-line description.
    public init(_ description: String) { self.description = description }
}
