import LayerFX

/// The `--device N` option of `render`, `bench ripples` and `info`: help text
/// and how it becomes a renderer.
enum DeviceOption {
    /// The option's help.
    static let help = "Use EGL device N (0-based, as 'layerfx info --devices' lists them); overrides LAYERFX_EGL_DEVICE."

    /// A renderer for `choice` on the device `option` names (else the one
    /// `LAYERFX_EGL_DEVICE` names, else the first that opens). A named device
    /// that does not open is an error, also with `auto`. It draws text with
    /// `textContext` (the one the scene was loaded with).
    static func renderer(_ choice: BackendChoice, option: String?, compositing: Compositing = .automatic,
                         textContext: TextContext = TextContext()) throws -> Renderer {
        guard choice != .cpu else {
            if let option { throw CLIError("--device \(option): the CPU backend uses no EGL device") }
            return try Renderer(.cpu, compositing: compositing, textContext: textContext)
        }
        return try Renderer(choice, device: .resolve(deviceOption: option), compositing: compositing,
                            textContext: textContext)
    }
}
