/// The C calls one input byte can choose (`byte % allCases.count`). New calls
/// go at the end, so the checked-in corpus keeps its meaning; `CallSession`
/// implements each one.
enum Operation: UInt8, CaseIterable {
    /// `lfx_scene_load_string` on the next chunk of input bytes.
    case loadSceneJSON
    /// `lfx_scene_load_string` on one of `SeedScenes.all`.
    case loadSeedScene
    /// `lfx_scene_load_file` on a missing file, a directory, the PNG scratch file, NULL.
    case loadSceneFile
    /// The load calls with NULL arguments.
    case loadNulls
    case destroyScene
    case setTime
    case getTime
    case setScale
    case getPixelSize
    /// `lfx_renderer_create` with the CPU backend or an invalid one (never the GPU).
    case createRenderer
    /// `lfx_renderer_create_for_current_context` with no context current.
    case createForCurrentContext
    case destroyRenderer
    case getBackend
    /// `lfx_render_to_buffer` with a chosen size, stride, buffer and flags.
    case renderToBuffer
    /// `lfx_render_to_png` to the scratch file, a directory or NULL.
    case renderToPNG
    /// `lfx_render_to_framebuffer` (a CPU renderer: always rejected).
    case renderToFramebuffer
    /// `lfx_last_error`, `lfx_result_name`, `lfx_get_version`.
    case queries
    case setLogCallback
    /// A renderer call from a thread other than the renderer's.
    case otherThread
    /// `lfx_renderer_set_limit` with a known, unknown or NULL key and any value
    /// (small limits make the following renders fail with `LFX_ERROR_BUDGET`).
    case setLimit
    /// `lfx_renderer_set_compositing` with a known or unknown value (tiles
    /// make the following CPU renders composite front to back).
    case setCompositing
    /// `lfx_scene_get_timeline` with its pointers or NULL ones.
    case getTimeline
}
