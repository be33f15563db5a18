import ArgumentParser
import LayerFX

/// `layerfx info`: what the GPU backend would run on.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show the EGL platform, OpenGL ES renderer and version, and CPU threads.",
        discussion: """
            Set LAYERFX_EGL_PLATFORM to gbm, device or surfaceless to try only that platform.

            Example:
              layerfx info
            """)

    func run() throws {
        do {
            let gpu = try GPURenderer()
            let info = gpu.info!
            print("egl platform: \(info.platform?.rawValue ?? "host context")")
            print("gl renderer:  \(info.renderer)")
            print("gl version:   \(info.version)")
            print("gl vendor:    \(info.vendor)")
            for skipped in info.skippedPlatforms { print("skipped:      \(skipped)") }
        } catch {
            print("egl platform: none (\(error))")
        }
        print("cpu threads:  \(CPURenderer.defaultThreadCount)")
    }
}
