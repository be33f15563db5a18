/// Why the GPU backend could not render.
public struct GPUError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
