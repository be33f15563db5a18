#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import LayerFXC

/// Plays one input's call sequence. Every handle made is remembered, so later
/// calls can reuse it after it was destroyed; `run` destroys the live ones at
/// the end. Each call's result is checked against the header's promises: a
/// known `lfx_result`, and `lfx_last_error()` empty exactly after `LFX_OK`.
struct CallSession {
    private var input: ByteReader
    /// Every scene and renderer made in this input, destroyed or not.
    private var scenes: [OpaquePointer] = []
    private var renderers: [OpaquePointer] = []
    private var liveScenes: Set<OpaquePointer> = []
    private var liveRenderers: Set<OpaquePointer> = []

    /// Largest frame (pixels) drawn; bigger scenes are only passed to calls that reject them.
    private static let maximumPixels = 128 * 128
    /// Largest pixel buffer allocated for `lfx_render_to_buffer`.
    private static let maximumBufferBytes = 1 << 22

    init(_ input: ByteReader) { self.input = input }

    mutating func run() {
        while !input.isAtEnd {
            let operation = Operation.allCases[Int(input.byte()) % Operation.allCases.count]
            perform(operation)
        }
        for scene in liveScenes { check(lfx_scene_destroy(scene), "lfx_scene_destroy", expect: 0) }
        for renderer in liveRenderers { check(lfx_renderer_destroy(renderer), "lfx_renderer_destroy", expect: 0) }
        check(lfx_set_log_callback(nil, nil), "lfx_set_log_callback", expect: 0)
    }

    private mutating func perform(_ operation: Operation) {
        switch operation {
        case .loadSceneJSON:
            var json = Array(input.chunk(limit: 4096))
            json.append(0)
            load("lfx_scene_load_string") { out in
                json.withUnsafeBufferPointer { lfx_scene_load_string(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), out) }
            }
        case .loadSeedScene:
            let json = input.pick(SeedScenes.all)
            let result = load("lfx_scene_load_string") { out in lfx_scene_load_string(json, out) }
            if result != 0 { fatalError("c-api: a seed scene failed to load: \(String(cString: lfx_last_error()))") }
        case .loadSceneFile:
            let path = input.pick([Scratch.missingFile, Scratch.directory, Scratch.pngFile])
            load("lfx_scene_load_file") { out in lfx_scene_load_file(path, out) }
        case .loadNulls:
            var out: OpaquePointer? = nil
            check(lfx_scene_load_string(nil, &out), "lfx_scene_load_string", expect: 1)
            check(lfx_scene_load_string("{}", nil), "lfx_scene_load_string", expect: 1)
            check(lfx_scene_load_file(nil, &out), "lfx_scene_load_file", expect: 1)
            check(lfx_scene_load_file(Scratch.missingFile, nil), "lfx_scene_load_file", expect: 1)
        case .destroyScene:
            let scene = pickScene()
            if check(lfx_scene_destroy(scene), "lfx_scene_destroy") == 0 { liveScenes.remove(scene!) }
        case .setTime:
            check(lfx_scene_set_time(pickScene(), input.double()), "lfx_scene_set_time")
        case .getTime:
            var seconds = 0.0
            let useNull = input.byte() & 1 == 0
            check(useNull ? lfx_scene_get_time(pickScene(), nil) : lfx_scene_get_time(pickScene(), &seconds),
                  "lfx_scene_get_time")
        case .setScale:
            check(lfx_scene_set_scale(pickScene(), input.double()), "lfx_scene_set_scale")
        case .getPixelSize:
            var width: Int32 = 0, height: Int32 = 0
            let scene = pickScene()
            switch input.byte() % 3 {
            case 0: check(lfx_scene_get_pixel_size(scene, &width, &height), "lfx_scene_get_pixel_size")
            case 1: check(lfx_scene_get_pixel_size(scene, nil, &height), "lfx_scene_get_pixel_size")
            default: check(lfx_scene_get_pixel_size(scene, &width, nil), "lfx_scene_get_pixel_size")
            }
        case .createRenderer:
            let backend = input.pick([2, 2, 2, 3, -1, Int32.max, Int32.min])
            if input.byte() & 7 == 0 {
                check(lfx_renderer_create(backend, nil), "lfx_renderer_create", expect: 1)
                return
            }
            var out: OpaquePointer? = nil
            if check(lfx_renderer_create(backend, &out), "lfx_renderer_create") == 0, let out {
                renderers.append(out)
                liveRenderers.insert(out)
            }
        case .createForCurrentContext:
            var out: OpaquePointer? = nil
            let useNull = input.byte() & 1 == 0
            check(useNull ? lfx_renderer_create_for_current_context(nil) : lfx_renderer_create_for_current_context(&out),
                  "lfx_renderer_create_for_current_context")
            if let out { fatalError("c-api: a renderer \(out) for the current context without one") }
        case .destroyRenderer:
            let renderer = pickRenderer()
            if check(lfx_renderer_destroy(renderer), "lfx_renderer_destroy") == 0 { liveRenderers.remove(renderer!) }
        case .getBackend:
            var backend: Int32 = -1
            let renderer = pickRenderer()
            let result = input.byte() & 1 == 0
                ? lfx_renderer_get_backend(renderer, nil) : lfx_renderer_get_backend(renderer, &backend)
            if check(result, "lfx_renderer_get_backend") == 0, backend != 2 {
                fatalError("c-api: a CPU renderer reports backend \(backend)")
            }
        case .renderToBuffer:
            renderToBuffer()
        case .renderToPNG:
            let renderer = pickRenderer(), scene = pickScene()
            let path = input.pick([Scratch.pngFile, Scratch.directory, Scratch.missingDirectoryFile, nil])
            // Only small frames are drawn; a large one gets the NULL path, rejected before drawing.
            check(lfx_render_to_png(renderer, scene, isSmall(scene) ? path : nil), "lfx_render_to_png")
        case .renderToFramebuffer:
            check(lfx_render_to_framebuffer(pickRenderer(), pickScene(), input.uint32(), input.int32(), input.int32(),
                                            input.int32(), input.int32(), input.uint32()),
                  "lfx_render_to_framebuffer")
        case .queries:
            _ = strlen(lfx_last_error())
            _ = strlen(lfx_result_name(input.pick([0, 8, 9, -1, Int32.max, input.int32()])))
            var major: Int32 = 0, minor: Int32 = 0
            let result = input.byte() & 1 == 0 ? lfx_get_version(&major, nil, nil) : lfx_get_version(nil, &minor, &major)
            check(result, "lfx_get_version", expect: 0)
        case .setLogCallback:
            switch input.byte() % 3 {
            case 0: check(lfx_set_log_callback(nil, nil), "lfx_set_log_callback", expect: 0)
            case 1: check(lfx_set_log_callback({ _, message, _ in _ = strlen(message!) }, nil), "lfx_set_log_callback", expect: 0)
            default:
                // A callback that calls back into LayerFX, as the header allows.
                check(lfx_set_log_callback({ _, _, _ in _ = lfx_result_name(0); _ = strlen(lfx_last_error()) }, nil),
                      "lfx_set_log_callback", expect: 0)
            }
        case .otherThread:
            otherThread()
        case .setLimit:
            let renderer = pickRenderer()
            let key = input.pick(["instances", "primitives", "pixels", "vertices", "stroke-pieces", "band-edges", "edge-tests",
                                  "offscreen-layers", "offscreen-pixels", "glyphs", "text-length", "gradient-stops",
                                  "bogus", ""])
            let value = input.pick([0, 1, 10, 1000, UInt64.max, input.uint64()])
            let result = input.byte() & 7 == 0 ? lfx_renderer_set_limit(renderer, nil, value)
                                                : lfx_renderer_set_limit(renderer, key, value)
            check(result, "lfx_renderer_set_limit")
        case .setCompositing:
            let renderer = pickRenderer()
            check(lfx_renderer_set_compositing(renderer, input.pick([0, 1, 2, -1, Int32.max])), "lfx_renderer_set_compositing")
        case .getTimeline:
            var rate = 0.0, start = 0.0, end = 0.0
            let scene = pickScene()
            if input.byte() & 1 == 0 {
                check(lfx_scene_get_timeline(scene, &rate, &start, &end), "lfx_scene_get_timeline")
            } else {
                check(lfx_scene_get_timeline(scene, &rate, nil, &end), "lfx_scene_get_timeline")
            }
        }
    }

    // MARK: Handles

    /// A scene argument: NULL, garbage, a renderer, or any scene made so far (live or destroyed).
    private mutating func pickScene() -> OpaquePointer? {
        pick(scenes, other: renderers)
    }

    /// A renderer argument: NULL, garbage, a scene, or any renderer made so far.
    private mutating func pickRenderer() -> OpaquePointer? {
        pick(renderers, other: scenes)
    }

    private mutating func pick(_ own: [OpaquePointer], other: [OpaquePointer]) -> OpaquePointer? {
        let choice = Int(input.byte())
        switch choice {
        case 0: return nil
        case 1: return OpaquePointer(bitPattern: UInt(input.uint64()))
        case 2: return OpaquePointer(bitPattern: 0x4C46_5800_0000_0000 | UInt(input.uint32()))  // LayerFX-shaped key
        case 3: return other.isEmpty ? nil : other[Int(input.byte()) % other.count]
        default: return own.isEmpty ? nil : own[(choice - 4) % own.count]
        }
    }

    /// Runs a load call with an `out` pointer; remembers the scene it made.
    @discardableResult
    private mutating func load(_ name: String, _ call: (UnsafeMutablePointer<OpaquePointer?>) -> Int32) -> Int32 {
        var out: OpaquePointer? = OpaquePointer(bitPattern: 0xDEAD)
        let result = check(call(&out), name)
        if result == 0, let scene = out {
            scenes.append(scene)
            liveScenes.insert(scene)
        } else if out != nil {
            fatalError("c-api: \(name) failed but left out = \(String(describing: out))")
        }
        return result
    }

    /// Whether `scene` is a live scene whose frame is at most `maximumPixels`.
    private func isSmall(_ scene: OpaquePointer?) -> Bool {
        guard let size = pixelSize(scene) else { return false }
        return Int(size.width) * Int(size.height) <= Self.maximumPixels
    }

    private func pixelSize(_ scene: OpaquePointer?) -> (width: Int32, height: Int32)? {
        var width: Int32 = 0, height: Int32 = 0
        guard lfx_scene_get_pixel_size(scene, &width, &height) == 0 else { return nil }
        return (width, height)
    }

    // MARK: Calls with more arguments

    /// `lfx_render_to_buffer` with the scene's size or a wrong one, a stride
    /// around `width × 4` or absurd, a buffer of exactly the bytes the
    /// arguments imply (so ASan sees any write past it) or NULL, and flags.
    private mutating func renderToBuffer() {
        let renderer = pickRenderer(), scene = pickScene()
        let size = pixelSize(scene) ?? (width: 1, height: 1)
        var (width, height) = size
        switch input.byte() % 8 {
        case 0: width += 1
        case 1: height -= 1
        case 2: (width, height) = (height, width)
        case 3: (width, height) = (input.int32(), input.int32())
        case 4: (width, height) = (input.pick([0, -1, 16385, Int32.min, Int32.max]), height)
        default: break
        }
        // A frame that would be drawn must be small.
        if width == size.width, height == size.height, !isSmall(scene) { width = 0 }
        var stride: Int32
        switch input.byte() % 6 {
        case 0: stride = input.int32()
        case 1: stride = input.pick([0, -4, Int32.min, Int32.max])
        default: stride = width &* 4 &+ Int32(Int8(bitPattern: input.byte()))
        }
        let flags = input.pick([0, 4, 4, 1, 2, 8, input.uint32()])
        var bytes = 16
        if (1...16384).contains(width), (1...16384).contains(height), Int(stride) >= Int(width) * 4 {
            bytes = (Int(height) - 1) * Int(stride) + Int(width) * 4
        }
        guard bytes <= Self.maximumBufferBytes, input.byte() != 0 else {
            check(lfx_render_to_buffer(renderer, scene, nil, width, height, stride, flags), "lfx_render_to_buffer")
            return
        }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        defer { buffer.deallocate() }
        check(lfx_render_to_buffer(renderer, scene, buffer, width, height, stride, flags), "lfx_render_to_buffer")
    }

    /// A renderer call made on another thread: `LFX_ERROR_WRONG_THREAD` for a
    /// live renderer, the renderer stays alive.
    private mutating func otherThread() {
        let renderer = pickRenderer()
        let call = input.byte() % 3
        let group = DispatchGroup()
        let handle = UInt(bitPattern: renderer)
        let result = ResultBox()
        DispatchQueue.global().async(group: group) {
            let renderer = OpaquePointer(bitPattern: handle)
            var backend: Int32 = 0
            switch call {
            case 0: result.value = lfx_renderer_destroy(renderer)
            case 1: result.value = lfx_renderer_get_backend(renderer, &backend)
            default: result.value = lfx_render_to_buffer(renderer, nil, nil, 1, 1, 4, 0)
            }
            _ = strlen(lfx_last_error())
            // A successful call frees the thread's last-error message, so the
            // input ends with as many frees as mallocs (libFuzzer scans the
            // whole heap for leaks after an input that ends with more mallocs).
            _ = lfx_get_version(nil, nil, nil)
        }
        group.wait()
        if let renderer, liveRenderers.contains(renderer), result.value != 3 {
            fatalError("c-api: renderer call from another thread returned \(result.value), not LFX_ERROR_WRONG_THREAD")
        }
    }
}

/// The result of a call made on another thread (read after it joined).
private final class ResultBox: @unchecked Sendable {
    var value: Int32 = 0
}

/// Checks one call's result: a known `lfx_result` (and `expect`, when given),
/// and `lfx_last_error()` empty exactly when it is `LFX_OK`.
@discardableResult
private func check(_ result: Int32, _ call: String, expect: Int32? = nil) -> Int32 {
    guard (0...9).contains(result) else { fatalError("c-api: \(call) returned \(result), not an lfx_result") }
    if let expect, result != expect {
        fatalError("c-api: \(call) returned \(result), expected \(expect): \(String(cString: lfx_last_error()))")
    }
    let message = String(cString: lfx_last_error())
    guard message.isEmpty == (result == 0) else {
        fatalError("c-api: \(call) returned \(result) with last error \"\(message)\"")
    }
    return result
}
