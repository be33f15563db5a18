// The C functions of `include/layerfx.h`, exported from liblayerfx.so with
// `@c`. Every function validates its arguments and returns an `lfx_result`;
// none traps on bad input (see `perform`, `HandleRegistry`).
import LayerFX
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Library

/// `lfx_get_version`: the library's version (compare with the header's macros).
@c(lfx_get_version)
public func lfx_get_version(_ major: UnsafeMutablePointer<Int32>?, _ minor: UnsafeMutablePointer<Int32>?,
                            _ patch: UnsafeMutablePointer<Int32>?) -> Int32 {
    perform("lfx_get_version") {
        major?.pointee = LayerFXVersion.major
        minor?.pointee = LayerFXVersion.minor
        patch?.pointee = LayerFXVersion.patch
    }
}

/// `lfx_last_error`: the calling thread's message for its last failed call.
@c(lfx_last_error)
public func lfx_last_error() -> UnsafePointer<CChar> {
    LastError.current
}

/// `lfx_result_name`: the enumerator name of a result ("LFX_OK", …).
@c(lfx_result_name)
public func lfx_result_name(_ result: Int32) -> UnsafePointer<CChar> {
    let name: StaticString = LFXResult(rawValue: result)?.name ?? "LFX_UNKNOWN_RESULT"
    return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// `lfx_set_log_callback`: where warnings and errors go (NULL: nowhere).
@c(lfx_set_log_callback)
public func lfx_set_log_callback(_ callback: LFXLogFunction?, _ userData: UnsafeMutableRawPointer?) -> Int32 {
    perform("lfx_set_log_callback") { Log.set(callback, userData) }
}

// MARK: - Scenes

/// `lfx_scene_load_file`.
@c(lfx_scene_load_file)
public func lfx_scene_load_file(_ path: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    out?.pointee = nil
    return perform("lfx_scene_load_file") {
        let out = try required(out, "out")
        let path = String(cString: try required(path, "path"))
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw CAPIError(.io, "\(path): cannot read file: \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw CAPIError(.io, "\(path): is a directory") }
        guard access(path, R_OK) == 0 else {
            throw CAPIError(.io, "\(path): cannot read file: \(String(cString: strerror(errno)))")
        }
        out.pointee = HandleRegistry.add(SceneHandle(try SceneLoader.load(contentsOfFile: path)))
    }
}

/// `lfx_scene_load_string`.
@c(lfx_scene_load_string)
public func lfx_scene_load_string(_ json: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    out?.pointee = nil
    return perform("lfx_scene_load_string") {
        let out = try required(out, "out")
        let json = try required(json, "json")
        let bytes = UnsafeRawBufferPointer(start: json, count: strlen(json))
        out.pointee = HandleRegistry.add(SceneHandle(try SceneLoader.decode([UInt8](bytes), source: "<string>")))
    }
}

/// `lfx_scene_destroy`.
@c(lfx_scene_destroy)
public func lfx_scene_destroy(_ scene: OpaquePointer?) -> Int32 {
    perform("lfx_scene_destroy") { try HandleRegistry.removeScene(scene) }
}

/// `lfx_scene_set_time`.
@c(lfx_scene_set_time)
public func lfx_scene_set_time(_ scene: OpaquePointer?, _ seconds: Double) -> Int32 {
    perform("lfx_scene_set_time") {
        let scene = try HandleRegistry.scene(scene)
        guard seconds.isFinite else { throw CAPIError(.invalidArgument, "time \(seconds) is not a finite number") }
        scene.setTime(seconds)
    }
}

/// `lfx_scene_get_time`.
@c(lfx_scene_get_time)
public func lfx_scene_get_time(_ scene: OpaquePointer?, _ seconds: UnsafeMutablePointer<Double>?) -> Int32 {
    perform("lfx_scene_get_time") {
        let scene = try HandleRegistry.scene(scene)
        try required(seconds, "seconds").pointee = scene.snapshot.time
    }
}

/// `lfx_scene_set_scale`.
@c(lfx_scene_set_scale)
public func lfx_scene_set_scale(_ scene: OpaquePointer?, _ scale: Double) -> Int32 {
    perform("lfx_scene_set_scale") {
        let handle = try HandleRegistry.scene(scene)
        guard scale.isFinite, scale > 0 else { throw CAPIError(.invalidArgument, "scale \(scale) is not a positive number") }
        var scene = handle.snapshot.scene
        scene.scale = scale
        // In floating point: a huge scale's pixel count is no Int.
        let size = SceneEvaluator.pixelExtent(of: scene)
        guard size.width <= Double(FrameSize.maximumSide), size.height <= Double(FrameSize.maximumSide) else {
            throw CAPIError(.invalidArgument,
                            "scale \(scale) makes a \(size.width.numberText)×\(size.height.numberText) px frame; the limit is \(FrameSize.maximumSide) px per side")
        }
        handle.setScale(scale)
    }
}

/// `lfx_scene_get_pixel_size`.
@c(lfx_scene_get_pixel_size)
public func lfx_scene_get_pixel_size(_ scene: OpaquePointer?, _ width: UnsafeMutablePointer<Int32>?,
                                     _ height: UnsafeMutablePointer<Int32>?) -> Int32 {
    perform("lfx_scene_get_pixel_size") {
        let scene = try HandleRegistry.scene(scene)
        let width = try required(width, "width"), height = try required(height, "height")
        let size = SceneEvaluator.pixelSize(of: scene.snapshot.scene)
        width.pointee = Int32(size.width)
        height.pointee = Int32(size.height)
    }
}

/// `lfx_scene_get_timeline`.
@c(lfx_scene_get_timeline)
public func lfx_scene_get_timeline(_ scene: OpaquePointer?, _ frameRate: UnsafeMutablePointer<Double>?,
                                   _ start: UnsafeMutablePointer<Double>?, _ end: UnsafeMutablePointer<Double>?) -> Int32 {
    perform("lfx_scene_get_timeline") {
        let scene = try HandleRegistry.scene(scene)
        let frameRate = try required(frameRate, "frame_rate"), start = try required(start, "start")
        let end = try required(end, "end")
        let timeline = scene.snapshot.scene.timeline
        frameRate.pointee = timeline?.frameRate ?? 0
        start.pointee = timeline?.start ?? 0
        end.pointee = timeline?.end ?? 0
    }
}

// MARK: - Renderers

/// `lfx_renderer_create`.
@c(lfx_renderer_create)
public func lfx_renderer_create(_ backend: Int32, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    out?.pointee = nil
    return perform("lfx_renderer_create") {
        let out = try required(out, "out")
        guard let choice = LFXBackend(rawValue: backend) else {
            throw CAPIError(.invalidArgument, "\(backend) is not an lfx_backend (LFX_BACKEND_AUTO, _GPU or _CPU)")
        }
        let renderer = try Renderer(choice == .gpu ? .gpu : choice == .cpu ? .cpu : .auto)
        if let reason = renderer.fallbackReason {
            Log.emit(.warning, "GPU unavailable, rendering on the CPU (\(reason))")
        }
        out.pointee = HandleRegistry.add(RendererHandle(renderer, backend: renderer.backend == .gpu ? .gpu : .cpu))
    }
}

/// `lfx_renderer_create_for_current_context`.
@c(lfx_renderer_create_for_current_context)
public func lfx_renderer_create_for_current_context(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    out?.pointee = nil
    return perform("lfx_renderer_create_for_current_context") {
        let out = try required(out, "out")
        out.pointee = HandleRegistry.add(RendererHandle(try Renderer.usingCurrentGLContext(), backend: .gpu))
    }
}

/// `lfx_renderer_destroy`.
@c(lfx_renderer_destroy)
public func lfx_renderer_destroy(_ renderer: OpaquePointer?) -> Int32 {
    perform("lfx_renderer_destroy") { try HandleRegistry.removeRenderer(renderer) }
}

/// `lfx_renderer_get_backend`.
@c(lfx_renderer_get_backend)
public func lfx_renderer_get_backend(_ renderer: OpaquePointer?, _ backend: UnsafeMutablePointer<Int32>?) -> Int32 {
    perform("lfx_renderer_get_backend") {
        let renderer = try HandleRegistry.renderer(renderer)
        try renderer.checkThread()
        try required(backend, "backend").pointee = renderer.backend.rawValue
    }
}

/// `lfx_renderer_set_limit`.
@c(lfx_renderer_set_limit)
public func lfx_renderer_set_limit(_ renderer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: UInt64) -> Int32 {
    perform("lfx_renderer_set_limit") {
        let renderer = try HandleRegistry.renderer(renderer)
        try renderer.checkThread()
        let name = String(cString: try required(key, "key"))
        guard let key = WorkBudget.Key(rawValue: name) else {
            let keys = WorkBudget.Key.allCases.map(\.rawValue).joined(separator: ", ")
            throw CAPIError(.invalidArgument, "\"\(name)\" is not a limit; expected one of \(keys)")
        }
        renderer.renderer.budget[key] = Int(clamping: value)
    }
}

/// `lfx_renderer_set_compositing`.
@c(lfx_renderer_set_compositing)
public func lfx_renderer_set_compositing(_ renderer: OpaquePointer?, _ compositing: Int32) -> Int32 {
    perform("lfx_renderer_set_compositing") {
        let renderer = try HandleRegistry.renderer(renderer)
        try renderer.checkThread()
        guard let value = LFXCompositing(rawValue: compositing) else {
            throw CAPIError(.invalidArgument, "\(compositing) is not an lfx_compositing; expected 0 (LFX_COMPOSITING_ORDERED), 1 (LFX_COMPOSITING_TILES) or 2 (LFX_COMPOSITING_AUTO)")
        }
        renderer.renderer.compositing = value.compositing
    }
}

// MARK: - Rendering

/// `lfx_render_to_buffer`.
@c(lfx_render_to_buffer)
public func lfx_render_to_buffer(_ renderer: OpaquePointer?, _ scene: OpaquePointer?, _ pixels: UnsafeMutableRawPointer?,
                                 _ width: Int32, _ height: Int32, _ stride: Int32, _ flags: UInt32) -> Int32 {
    perform("lfx_render_to_buffer") {
        let (renderer, scene) = try lookUp(renderer, scene)
        let pixels = try required(pixels, "pixels")
        try checkFlags(flags, allowed: LFXRenderFlag.straightAlpha, call: "lfx_render_to_buffer")
        let (w, h) = try checkSize(width, height, of: scene.scene)
        guard Int(stride) >= w * 4 else {
            throw CAPIError(.invalidArgument, "stride \(stride) is less than width × 4 = \(w * 4) bytes")
        }
        guard flags & LFXRenderFlag.straightAlpha != 0 else {
            // Premultiplied: drawn straight into the caller's rows.
            return try renderer.renderer.render(scene.scene, at: scene.time, into: pixels, rowBytes: Int(stride))
        }
        let image = try renderer.renderer.render(scene.scene, at: scene.time)
        PNGEncoder.straightAlpha(image).withUnsafeBytes { source in
            for row in 0..<h {
                (pixels + row * Int(stride)).copyMemory(from: source.baseAddress! + row * w * 4, byteCount: w * 4)
            }
        }
    }
}

/// `lfx_render_to_png`.
@c(lfx_render_to_png)
public func lfx_render_to_png(_ renderer: OpaquePointer?, _ scene: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    perform("lfx_render_to_png") {
        let (renderer, scene) = try lookUp(renderer, scene)
        let path = String(cString: try required(path, "path"))
        let image = try renderer.renderer.render(scene.scene, at: scene.time)
        try PNGEncoder.write(image, to: path)
    }
}

/// `lfx_render_to_framebuffer`.
@c(lfx_render_to_framebuffer)
public func lfx_render_to_framebuffer(_ renderer: OpaquePointer?, _ scene: OpaquePointer?, _ framebuffer: UInt32,
                                      _ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32, _ flags: UInt32) -> Int32 {
    perform("lfx_render_to_framebuffer") {
        let (renderer, scene) = try lookUp(renderer, scene)
        guard renderer.renderer.usesHostGLContext else {
            throw CAPIError(.unsupported,
                            "the renderer owns its context; create it with lfx_renderer_create_for_current_context to render into the host's framebuffer")
        }
        try checkFlags(flags, allowed: LFXRenderFlag.noStateRestore | LFXRenderFlag.keepContents,
                       call: "lfx_render_to_framebuffer")
        guard (0...FrameSize.maximumSide).contains(Int(x)), (0...FrameSize.maximumSide).contains(Int(y)) else {
            throw CAPIError(.invalidArgument, "origin (\(x), \(y)) is outside 0…\(FrameSize.maximumSide)")
        }
        _ = try checkSize(width, height, of: scene.scene)
        var options: FramebufferRenderOptions = []
        if flags & LFXRenderFlag.noStateRestore != 0 { options.insert(.skipStateRestore) }
        if flags & LFXRenderFlag.keepContents != 0 { options.insert(.keepContents) }
        try renderer.renderer.render(scene.scene, at: scene.time, intoFramebuffer: framebuffer,
                                     origin: (Int(x), Int(y)), options: options)
    }
}

// MARK: - Checks

private func required<T>(_ pointer: T?, _ name: String) throws(CAPIError) -> T {
    guard let pointer else { throw CAPIError(.invalidArgument, "\(name) is NULL") }
    return pointer
}

/// The renderer (on its thread) and a copy of the scene and its time.
private func lookUp(_ renderer: OpaquePointer?, _ scene: OpaquePointer?) throws(CAPIError)
    -> (RendererHandle, (scene: Scene, time: Double)) {
    let renderer = try HandleRegistry.renderer(renderer)
    try renderer.checkThread()
    return (renderer, try HandleRegistry.scene(scene).snapshot)
}

private func checkFlags(_ flags: UInt32, allowed: UInt32, call: String) throws(CAPIError) {
    guard flags & ~allowed == 0 else {
        throw CAPIError(.invalidArgument, "flags 0x\(String(flags, radix: 16)) include bits \(call) does not take")
    }
}

/// Width and height must be 1…16384 and the scene's pixel size.
private func checkSize(_ width: Int32, _ height: Int32, of scene: Scene) throws(CAPIError) -> (Int, Int) {
    for (name, value) in [("width", width), ("height", height)] where !(1...FrameSize.maximumSide).contains(Int(value)) {
        throw CAPIError(.invalidArgument, "\(name) \(value) is outside 1…\(FrameSize.maximumSide)")
    }
    let size = SceneEvaluator.pixelSize(of: scene)
    guard size.width == Int(width), size.height == Int(height) else {
        throw CAPIError(.invalidArgument,
                        "the scene is \(size.width)×\(size.height) px, not \(width)×\(height); pass its size (lfx_scene_get_pixel_size) or change its scale (lfx_scene_set_scale)")
    }
    return (Int(width), Int(height))
}
