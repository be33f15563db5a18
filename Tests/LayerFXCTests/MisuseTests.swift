import Foundation
import LayerFX
@testable import LayerFXC
import LayerFXCore
import Testing

/// A scene of 40×30 px.
let smallScene = """
{"version": 1, "size": [20, 15], "scale": 2, "backgroundColor": "#336699",
 "layers": [{"type": "shape", "path": {"ellipseIn": [2, 2, 16, 11]}, "fillColor": "#FFCC00"}]}
"""

/// What a call returned and the thread's last-error message right after.
struct Outcome: CustomStringConvertible, Sendable {
    let result: LFXResult?
    let message: String
    init(_ code: Int32) {
        result = LFXResult(rawValue: code)
        message = String(cString: lfx_last_error())
    }
    var description: String { "\(result.map { "\($0.name)" } ?? "?"): \(message)" }
}

func loadScene(_ json: String = smallScene) throws -> OpaquePointer {
    var scene: OpaquePointer?
    let outcome = Outcome(lfx_scene_load_string(json, &scene))
    try #require(outcome.result == .ok, "\(outcome)")
    return try #require(scene)
}

func makeRenderer(_ backend: LFXBackend = .cpu) throws -> OpaquePointer {
    var renderer: OpaquePointer?
    let outcome = Outcome(lfx_renderer_create(backend.rawValue, &renderer))
    try #require(outcome.result == .ok, "\(outcome)")
    return try #require(renderer)
}

/// The issue's misuse list: every case returns an error code and a message,
/// none crashes.
@Suite(.serialized)
struct MisuseTests {
    @Test func nullHandles() {
        var pixels = [UInt8](repeating: 0, count: 64)
        let renderer = try? makeRenderer()
        defer { _ = lfx_renderer_destroy(renderer) }
        let cases: [Outcome] = [
            Outcome(lfx_scene_destroy(nil)),
            Outcome(lfx_scene_set_time(nil, 1)),
            Outcome(lfx_renderer_destroy(nil)),
            Outcome(lfx_render_to_buffer(nil, nil, &pixels, 4, 4, 16, 0)),
            Outcome(lfx_render_to_buffer(renderer, nil, &pixels, 4, 4, 16, 0)),
            Outcome(lfx_render_to_framebuffer(nil, nil, 0, 0, 0, 4, 4, 0)),
        ]
        for outcome in cases {
            #expect(outcome.result == .invalidHandle, "\(outcome)")
            #expect(outcome.message.contains("NULL"), "\(outcome)")
        }
    }

    @Test func nullPointers() throws {
        let scene = try loadScene()
        defer { _ = lfx_scene_destroy(scene) }
        let renderer = try makeRenderer()
        defer { _ = lfx_renderer_destroy(renderer) }
        var out: OpaquePointer?
        let cases: [Outcome] = [
            Outcome(lfx_scene_load_string(nil, &out)),
            Outcome(lfx_scene_load_string(smallScene, nil)),
            Outcome(lfx_scene_load_file(nil, &out)),
            Outcome(lfx_renderer_create(0, nil)),
            Outcome(lfx_scene_get_pixel_size(scene, nil, nil)),
            Outcome(lfx_scene_get_time(scene, nil)),
            Outcome(lfx_scene_get_timeline(scene, nil, nil, nil)),
            Outcome(lfx_renderer_get_backend(renderer, nil)),
            Outcome(lfx_render_to_buffer(renderer, scene, nil, 40, 30, 160, 0)),
            Outcome(lfx_render_to_png(renderer, scene, nil)),
        ]
        for outcome in cases {
            #expect(outcome.result == .invalidArgument, "\(outcome)")
            #expect(outcome.message.contains("is NULL"), "\(outcome)")
        }
        #expect(out == nil)
    }

    @Test func destroyedForeignAndWrongKindHandles() throws {
        let scene = try loadScene()
        let renderer = try makeRenderer()
        #expect(Outcome(lfx_scene_destroy(scene)).result == .ok)
        #expect(Outcome(lfx_renderer_destroy(renderer)).result == .ok)

        var pixels = [UInt8](repeating: 0, count: 40 * 30 * 4)
        let afterDestroy = Outcome(lfx_render_to_buffer(renderer, scene, &pixels, 40, 30, 160, 0))
        #expect(afterDestroy.result == .invalidHandle)
        #expect(afterDestroy.message.contains("was destroyed"), "\(afterDestroy)")
        #expect(Outcome(lfx_scene_destroy(scene)).result == .invalidHandle, "double destroy")
        #expect(Outcome(lfx_renderer_destroy(renderer)).result == .invalidHandle, "double destroy")

        // A real pointer, a small integer and a freed allocation are not handles.
        let heap = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        heap.deallocate()
        for garbage in [OpaquePointer(heap), OpaquePointer(bitPattern: 0x10)!, OpaquePointer(bitPattern: UInt.max)!] {
            let outcome = Outcome(lfx_scene_set_time(garbage, 1))
            #expect(outcome.result == .invalidHandle)
            #expect(outcome.message.contains("is not a scene handle made by LayerFX"), "\(outcome)")
        }

        let live = try loadScene()
        defer { _ = lfx_scene_destroy(live) }
        let wrongKind = Outcome(lfx_renderer_destroy(live))
        #expect(wrongKind.result == .invalidHandle)
        #expect(wrongKind.message.contains("is a scene handle, not a renderer"), "\(wrongKind)")
    }

    @Test func wrongThread() throws {
        let scene = try loadScene()
        defer { _ = lfx_scene_destroy(scene) }
        let renderer = try makeRenderer()
        let outcomes = LockedValue<[Outcome]>([])
        let done = DispatchSemaphore(value: 0)
        // Handles are plain values; pass their bits to the other thread.
        let bits = (renderer: UInt(bitPattern: renderer), scene: UInt(bitPattern: scene))
        let thread = Thread {
            let renderer = OpaquePointer(bitPattern: bits.renderer), scene = OpaquePointer(bitPattern: bits.scene)
            var pixels = [UInt8](repeating: 0, count: 40 * 30 * 4)
            var backend: Int32 = -1
            let mine = [
                Outcome(lfx_render_to_buffer(renderer, scene, &pixels, 40, 30, 160, 0)),
                Outcome(lfx_renderer_get_backend(renderer, &backend)),
                Outcome(lfx_renderer_destroy(renderer)),
                Outcome(lfx_scene_set_time(scene, 2)),   // scenes are for any thread
            ]
            outcomes.withLock { $0 = mine }
            done.signal()
        }
        thread.start()
        done.wait()
        let results = outcomes.withLock { $0 }
        #expect(results.prefix(3).allSatisfy { $0.result == .wrongThread }, "\(results)")
        #expect(results[0].message.contains("another thread"), "\(results[0])")
        #expect(results[3].result == .ok)
        // The renderer survived the foreign destroy and still works here.
        var pixels = [UInt8](repeating: 0, count: 40 * 30 * 4)
        #expect(Outcome(lfx_render_to_buffer(renderer, scene, &pixels, 40, 30, 160, 0)).result == .ok)
        #expect(Outcome(lfx_renderer_destroy(renderer)).result == .ok)
    }

    @Test func sizesAndStrides() throws {
        let scene = try loadScene()
        defer { _ = lfx_scene_destroy(scene) }
        let renderer = try makeRenderer()
        defer { _ = lfx_renderer_destroy(renderer) }
        var pixels = [UInt8](repeating: 0, count: 64)
        let cases: [(Int32, Int32, Int32, String)] = [
            (0, 30, 160, "width 0 is outside 1…16384"),
            (40, 0, 160, "height 0 is outside 1…16384"),
            (-40, 30, 160, "width -40 is outside"),
            (16385, 30, 1 << 20, "width 16385 is outside"),
            (40, Int32.max, 160, "height 2147483647 is outside"),
            (40, 30, 159, "stride 159 is less than width × 4 = 160 bytes"),
            (40, 30, -160, "stride -160 is less than"),
            (41, 30, 164, "the scene is 40×30 px, not 41×30"),
        ]
        for (width, height, stride, expected) in cases {
            let outcome = Outcome(lfx_render_to_buffer(renderer, scene, &pixels, width, height, stride, 0))
            #expect(outcome.result == .invalidArgument, "\(outcome)")
            #expect(outcome.message.contains(expected), "\(outcome)")
        }
        #expect(Outcome(lfx_render_to_buffer(renderer, scene, &pixels, 40, 30, 160, 0x80)).result == .invalidArgument)
        #expect(Outcome(lfx_render_to_buffer(renderer, scene, &pixels, 40, 30, 160, LFXRenderFlag.keepContents))
            .result == .invalidArgument)
        #expect(Outcome(lfx_scene_set_time(scene, .nan)).result == .invalidArgument)
        #expect(Outcome(lfx_scene_set_scale(scene, 0)).result == .invalidArgument)
        #expect(Outcome(lfx_scene_set_scale(scene, 1e6)).message.contains("the limit is 16384 px per side"))
        var other: OpaquePointer?
        #expect(Outcome(lfx_renderer_create(7, &other)).result == .invalidArgument)
        #expect(other == nil)
    }

    @Test func badSceneTextAndMissingFiles() {
        var scene: OpaquePointer? = OpaquePointer(bitPattern: 0x1234)
        let bad = Outcome(lfx_scene_load_string(#"{"version": 1, "size": [10, 10], "layerz": []}"#, &scene))
        #expect(bad.result == .scene)
        #expect(bad.message.hasPrefix("lfx_scene_load_string: <string>:1:"), "\(bad)")
        #expect(bad.message.contains(#"unknown key "layerz""#), "\(bad)")
        #expect(scene == nil, "the out handle is cleared on failure")

        let syntax = Outcome(lfx_scene_load_string("{", &scene))
        #expect(syntax.result == .scene, "\(syntax)")

        let missing = Outcome(lfx_scene_load_file("/nonexistent/scene.json", &scene))
        #expect(missing.result == .io)
        #expect(missing.message.contains("No such file or directory"), "\(missing)")
        let directory = Outcome(lfx_scene_load_file("/tmp", &scene))
        #expect(directory.result == .io, "\(directory)")
    }

    @Test func framebufferCallsNeedAHostRenderer() throws {
        let scene = try loadScene()
        defer { _ = lfx_scene_destroy(scene) }
        let renderer = try makeRenderer(.cpu)
        defer { _ = lfx_renderer_destroy(renderer) }
        let outcome = Outcome(lfx_render_to_framebuffer(renderer, scene, 1, 0, 0, 40, 30, 0))
        #expect(outcome.result == .unsupported, "\(outcome)")
        // No EGL context is current on this thread.
        var host: OpaquePointer?
        let noContext = Outcome(lfx_renderer_create_for_current_context(&host))
        #expect(noContext.result == .backend, "\(noContext)")
        #expect(noContext.message.contains("no EGL context is current"), "\(noContext)")
    }

    @Test func lastErrorIsPerThreadAndClearedOnSuccess() throws {
        #expect(Outcome(lfx_scene_destroy(nil)).result == .invalidHandle)
        let otherThread = LockedValue("unset")
        let done = DispatchSemaphore(value: 0)
        Thread {
            otherThread.withLock { $0 = String(cString: lfx_last_error()) }
            done.signal()
        }.start()
        done.wait()
        #expect(otherThread.withLock { $0 } == "")
        #expect(String(cString: lfx_last_error()).hasPrefix("lfx_scene_destroy: "))
        var major: Int32 = 0
        #expect(Outcome(lfx_get_version(&major, nil, nil)).message == "")
        #expect(major == LayerFXVersion.major)
    }

    @Test func resultNames() {
        for result in LFXResult.allCases {
            #expect(String(cString: lfx_result_name(result.rawValue)) == "\(result.name)")
        }
        #expect(String(cString: lfx_result_name(99)) == "LFX_UNKNOWN_RESULT")
    }

    @Test func logCallbackReceivesErrors() {
        LogRecorder.lines.withLock { $0 = [] }
        #expect(lfx_set_log_callback({ level, message, _ in
            LogRecorder.lines.withLock { $0.append("\(level) \(String(cString: message!))") }
        }, nil) == 0)
        var scene: OpaquePointer?
        _ = lfx_scene_load_file("/nonexistent/log-test.json", &scene)
        #expect(lfx_set_log_callback(nil, nil) == 0)
        _ = lfx_scene_load_file("/nonexistent/after-reset.json", &scene)
        let lines = LogRecorder.lines.withLock { $0 }
        #expect(lines.contains { $0.hasPrefix("3 lfx_scene_load_file: /nonexistent/log-test.json") }, "\(lines)")
        #expect(!lines.contains { $0.contains("after-reset") })
    }

    @Test func everyHandleIsReleased() throws {
        let before = HandleRegistry.liveCount
        let scene = try loadScene()
        let renderer = try makeRenderer()
        #expect(HandleRegistry.liveCount.scenes == before.scenes + 1)
        _ = lfx_scene_destroy(scene)
        _ = lfx_renderer_destroy(renderer)
        #expect(HandleRegistry.liveCount.renderers == before.renderers)
    }
}

enum LogRecorder {
    static let lines = LockedValue<[String]>([])
}
