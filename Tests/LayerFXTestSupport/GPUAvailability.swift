import Foundation
import LayerFXGPU
import Testing

/// Whether this machine can render on the GPU backend (a real GPU, or Mesa's
/// llvmpipe through EGL), decided once per test process.
public enum GPUAvailability {
    /// One GPU renderer shared by the tests, or why none opens here.
    public static let renderer: Result<GPURenderer, any Error> = Result { try GPURenderer() }

    /// Whether a GPU renderer opens here.
    public static var isAvailable: Bool {
        if case .success = renderer { return true }
        return false
    }

    /// Why GPU tests are skipped here: the error opening a renderer gave, or
    /// "" where one opens.
    public static var unavailableReason: String {
        if case .failure(let error) = renderer { return "no GPU renderer opens here: \(error)" }
        return ""
    }

    /// Whether the machine has a DRM render-node folder (`/dev/dri`), which
    /// the tests of what happens without one cannot run beside.
    public static let hasRenderNode = FileManager.default.fileExists(atPath: "/dev/dri")
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where a GPU renderer opens; elsewhere Swift Testing
    /// reports it skipped, with ``GPUAvailability/unavailableReason``.
    public static var requiresGPU: Self {
        .enabled(if: GPUAvailability.isAvailable, Comment(rawValue: GPUAvailability.unavailableReason))
    }

    /// Runs the test only on a machine without `/dev/dri`, where opening a
    /// GBM display must fail; elsewhere it is reported skipped.
    public static var requiresNoRenderNode: Self {
        .disabled(if: GPUAvailability.hasRenderNode, "this machine has /dev/dri, so a GBM display may open")
    }
}
