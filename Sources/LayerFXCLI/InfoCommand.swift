import ArgumentParser
import LayerFX

/// `layerfx info`: what the GPU backend would run on.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show the EGL platform, OpenGL ES renderer and version, and CPU threads; or list the EGL devices.",
        discussion: """
            The GPU backend tries GBM on each /dev/dri/renderD* node, then each EGL
            device of eglQueryDevicesEXT's list, then Mesa surfaceless, and uses the
            first display that initialises and takes an OpenGL ES 3 context.
            Set LAYERFX_EGL_PLATFORM to gbm, device or surfaceless to try only that
            platform; set LAYERFX_EGL_DEVICE=N (or pass --device N) to use EGL device
            N and nothing else. --devices tries every EGL device and render node and
            prints, for each device, its DRM files, EGL vendor, GL renderer,
            extensions and whether it opened (and why not), then what GBM found.

            Given a file, describes it instead: its format and frame size, and
            for a Lottie animation its frame rate, frames, duration, layer and
            shape counts and what of it LayerFX does not draw.

            Examples:
              layerfx info
              layerfx info animation.json
              layerfx info --devices
              layerfx info --device 1
            """)

    @Argument(help: "A scene file or Lottie animation to describe instead (size, frame rate, frames, layers, what is not drawn).")
    var file: String?

    @Flag(help: "List every EGL device and render node and whether it opened.")
    var devices = false

    @Option(help: ArgumentHelp(DeviceOption.help, valueName: "n"))
    var device: String?

    func validate() throws {
        if devices, device != nil { throw ValidationError("--devices lists every device; it takes no --device") }
        if file != nil, devices || device != nil { throw ValidationError("a file is described on its own; it takes no --devices or --device") }
    }

    func run() throws {
        try reportingErrors {
            if let file {
                print(SceneInfoText(try SceneLoader.read(contentsOfFile: file)).text, terminator: "")
                return
            }
            if devices {
                print(DeviceListText(GPUDeviceReport.gather()).text, terminator: "")
                return
            }
            let selection = try GPUDeviceSelection.resolve(deviceOption: device)
            do {
                let info = try GPURenderer(device: selection).info!
                print("egl platform: \(info.platform?.rawValue ?? "host context")")
                if let index = info.device { print("egl device:   \(index)") }
                print("gl renderer:  \(info.renderer)")
                print("gl version:   \(info.version)")
                print("gl vendor:    \(info.vendor)")
                for skipped in info.skippedPlatforms { print("skipped:      \(skipped)") }
            } catch where !selection.namesDevice {
                print("egl platform: none (\(error))")
            }
            print("cpu threads:  \(CPURenderer.defaultThreadCount)")
        }
    }
}

/// The text of `layerfx info --devices`: a block per EGL device, then GBM.
struct DeviceListText {
    let text: String

    init(_ report: GPUDeviceReport) {
        var lines: [String] = []
        if let failure = report.deviceListFailure {
            lines.append("egl devices: none (\(failure))")
        } else if report.devices.isEmpty {
            lines.append("egl devices: none")
        }
        for device in report.devices {
            lines.append("egl device \(device.index): " + (device.failure.map { "failed: \($0)" } ?? "opened"))
            lines.append("  drm device:  \(device.drmDeviceFile ?? "none")")
            lines.append("  render node: \(device.drmRenderNode ?? "none")")
            lines.append("  egl vendor:  \(device.eglVendor ?? "unknown")")
            lines.append("  gl renderer: \(device.glRenderer ?? "none")")
            lines.append("  extensions:  \(device.extensions.isEmpty ? "none" : device.extensions.joined(separator: " "))")
        }
        lines += report.gbm.map { "gbm: \($0)" }
        text = lines.map { $0 + "\n" }.joined()
    }
}
