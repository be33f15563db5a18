/// Which backend renders a frame.
public enum BackendChoice: String, CaseIterable, Sendable {
    /// The GPU when an EGL display opens, otherwise the CPU.
    case auto
    /// OpenGL ES 3 through EGL; fails when no display can be made.
    case gpu
    /// The CPU reference rasterizer.
    case cpu
}

/// Renders scenes with the backend a ``BackendChoice`` resolves to.
///
/// ```swift
/// let scene = try SceneLoader.load(contentsOfFile: "rings.json")
/// let renderer = try Renderer(.auto)
/// let pixels = try renderer.render(scene, at: 1.5)
/// try PNGEncoder.write(pixels, to: "rings.png")
/// ```
public final class Renderer: @unchecked Sendable {
    private let backend: any RenderBackend
    /// "gpu" or "cpu": the backend actually used.
    public let backendName: String
    /// Set when `.auto` fell back to the CPU: why the GPU was not used.
    public let fallbackReason: String?

    /// Resolves `choice` to a backend. `.gpu` throws when no EGL display or
    /// context can be made; `.auto` then falls back to the CPU.
    public init(_ choice: BackendChoice) throws {
        switch choice {
        case .cpu:
            backend = CPURenderer(); backendName = "cpu"; fallbackReason = nil
        case .gpu:
            backend = try GPURenderer(); backendName = "gpu"; fallbackReason = nil
        case .auto:
            do {
                backend = try GPURenderer(); backendName = "gpu"; fallbackReason = nil
            } catch {
                backend = CPURenderer(); backendName = "cpu"; fallbackReason = "\(error)"
            }
        }
    }

    /// Evaluates `scene` at `time` seconds and draws it.
    public func render(_ scene: Scene, at time: Double) throws -> PixelBuffer {
        try backend.render(SceneEvaluator.frame(for: scene, at: time))
    }

    /// Draws an already evaluated frame.
    public func render(_ frame: Frame) throws -> PixelBuffer {
        try backend.render(frame)
    }
}
