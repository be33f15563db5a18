import LayerFX
import LayerFXCore
#if canImport(Glibc)
import Glibc
#endif

/// What an `lfx_scene*` stands for: a scene and the time it is rendered at.
/// Usable from any thread; reads and writes are serialized.
final class SceneHandle: Sendable {
    private let state: LockedValue<(scene: Scene, time: Double)>
    init(_ scene: Scene) { state = LockedValue((scene, 0)) }

    var snapshot: (scene: Scene, time: Double) { state.withLock { $0 } }
    func setTime(_ time: Double) { state.withLock { $0.time = time } }
    func setScale(_ scale: Double) { state.withLock { $0.scene.scale = scale } }
}

/// What an `lfx_renderer*` stands for: a renderer and the thread that made it.
/// The renderer owns the handle's `TextContext` (fonts and glyph atlas); a
/// scene handle's fonts were checked at load in a context of that call.
final class RendererHandle: @unchecked Sendable {
    let renderer: Renderer
    let backend: LFXBackend
    private let thread: pthread_t

    init(_ renderer: Renderer, backend: LFXBackend) {
        self.renderer = renderer; self.backend = backend; thread = pthread_self()
    }

    /// Throws `LFX_ERROR_WRONG_THREAD` unless called on the creating thread.
    func checkThread() throws(CAPIError) {
        guard pthread_equal(thread, pthread_self()) != 0 else {
            throw CAPIError(.wrongThread, "the renderer was created on another thread; use it only on that thread")
        }
    }
}

/// The live handles. A handle is not a pointer but a registry key shaped like
/// one (outside the user-space address range, so no real pointer matches it):
/// null, destroyed, foreign and garbage handles are looked up, never
/// dereferenced, and answer `LFX_ERROR_INVALID_HANDLE`. Keys are never reused.
enum HandleRegistry {
    private struct State {
        var nextKey: UInt = 1
        var scenes: [UInt: SceneHandle] = [:]
        var renderers: [UInt: RendererHandle] = [:]
    }
    private static let state = LockedValue(State())
    /// "LFX" in the top bytes; the low 4 bits tell scenes (1) from renderers (2).
    private static let base: UInt = 0x4C46_5800_0000_0000
    private static let sceneTag: UInt = 1, rendererTag: UInt = 2

    static func add(_ scene: SceneHandle) -> OpaquePointer {
        insert(tag: sceneTag) { state, key in state.scenes[key] = scene }
    }

    static func add(_ renderer: RendererHandle) -> OpaquePointer {
        insert(tag: rendererTag) { state, key in state.renderers[key] = renderer }
    }

    /// A new key with `tag`, stored by `store` under the lock.
    private static func insert(tag: UInt, _ store: (inout State, UInt) -> Void) -> OpaquePointer {
        state.withLock { state in
            let key = base | state.nextKey << 4 | tag
            state.nextKey += 1
            store(&state, key)
            return OpaquePointer(bitPattern: key)!
        }
    }

    static func scene(_ handle: OpaquePointer?) throws(CAPIError) -> SceneHandle {
        let key = UInt(bitPattern: handle)
        if let scene = state.withLock({ $0.scenes[key] }) { return scene }
        throw invalid(key, expected: "scene", tag: sceneTag)
    }

    static func renderer(_ handle: OpaquePointer?) throws(CAPIError) -> RendererHandle {
        let key = UInt(bitPattern: handle)
        if let renderer = state.withLock({ $0.renderers[key] }) { return renderer }
        throw invalid(key, expected: "renderer", tag: rendererTag)
    }

    /// Removes a scene; it is freed once no render in progress holds it.
    static func removeScene(_ handle: OpaquePointer?) throws(CAPIError) {
        let key = UInt(bitPattern: handle)
        let removed = state.withLock { $0.scenes.removeValue(forKey: key) }
        if removed == nil { throw invalid(key, expected: "scene", tag: sceneTag) }
    }

    /// Removes a renderer after checking the thread; it is freed (its GL
    /// objects and context released) on this thread.
    static func removeRenderer(_ handle: OpaquePointer?) throws(CAPIError) {
        let key = UInt(bitPattern: handle)
        let removed: RendererHandle? = try state.withLock { (state) throws(CAPIError) -> RendererHandle? in
            guard let renderer = state.renderers[key] else { return nil }
            try renderer.checkThread()
            return state.renderers.removeValue(forKey: key)
        }
        if removed == nil { throw invalid(key, expected: "renderer", tag: rendererTag) }
    }

    static var liveCount: (scenes: Int, renderers: Int) {
        state.withLock { ($0.scenes.count, $0.renderers.count) }
    }

    private static func invalid(_ key: UInt, expected: String, tag: UInt) -> CAPIError {
        let text = "0x" + String(key, radix: 16)
        if key == 0 { return CAPIError(.invalidHandle, "the \(expected) handle is NULL") }
        let issued = state.withLock { $0.nextKey }
        // base | counter (bits 4…39) << 4 | tag
        let isOurs = key & ~UInt(0xFF_FFFF_FFFF) == base && (key & 0xF == sceneTag || key & 0xF == rendererTag)
            && (key & 0xFF_FFFF_FFFF) >> 4 < issued
        if isOurs && key & 0xF != tag {
            return CAPIError(.invalidHandle, "\(text) is a \(tag == sceneTag ? "renderer" : "scene") handle, not a \(expected)")
        }
        if isOurs { return CAPIError(.invalidHandle, "the \(expected) handle \(text) was destroyed") }
        return CAPIError(.invalidHandle, "\(text) is not a \(expected) handle made by LayerFX")
    }
}
