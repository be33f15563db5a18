import CEGL
import Foundation
import LayerFX
@testable import LayerFXGPU
import LayerFXTestSupport
import Testing

private let report = GPUDeviceReport.gather()
private let deviceOpens = report.devices.contains { $0.opened }
/// Whether the automatic display offers reset notification (EGL_EXT_create_context_robustness).
private let displayHasRobustness: Bool = {
    guard deviceOpens, case .success(let display) = HeadlessDisplay.display(for: .automatic) else { return false }
    let extensions = eglQueryString(display.display, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? ""
    return extensions.split(separator: " ").contains("EGL_EXT_create_context_robustness")
}()

@Suite(.serialized)
struct DeviceSelectionTests {
    @Test(.enabled(if: report.deviceListFailure == nil, "eglQueryDevicesEXT is not available here"))
    func everyListedDeviceSaysWhetherItOpened() {
        #expect(!report.devices.isEmpty)
        for device in report.devices {
            #expect(device.index == report.devices.firstIndex { $0.index == device.index })
            if device.opened {
                #expect(device.glRenderer?.isEmpty == false)
                #expect(device.eglVendor?.isEmpty == false)
            } else {
                #expect(device.failure?.isEmpty == false)
                #expect(device.glRenderer == nil)
            }
        }
    }

    @Test(.enabled(if: deviceOpens, "no EGL device opens here"))
    func displaysAreKeptPerSelection() throws {
        let automatic = try HeadlessDisplay.display(for: .automatic).get()
        #expect(try HeadlessDisplay.display(for: .automatic).get() === automatic)
        let first = try #require(report.devices.first { $0.opened })
        let chosen = try HeadlessDisplay.display(for: GPUDeviceSelection(device: first.index)).get()
        #expect(chosen !== automatic)
        #expect(chosen.platform == .device && chosen.device == first.index && chosen.notes.isEmpty)
        #expect(try HeadlessDisplay.display(for: GPUDeviceSelection(device: first.index)).get() === chosen)
        let renderer = try GPURenderer(device: GPUDeviceSelection(device: first.index))
        #expect(renderer.info.device == first.index && renderer.info.platform == .device)
        #expect(renderer.info.renderer == first.glRenderer)
    }

    @Test(.enabled(if: report.deviceListFailure == nil, "eglQueryDevicesEXT is not available here"))
    func aNamedDeviceThatFailsIsAnErrorEvenWithAuto() {
        let count = report.devices.count
        let expected = count == 1 ? "there is 1 EGL device (0)" : "there are \(count) EGL devices (0…\(count - 1))"
        for choice in [BackendChoice.auto, .gpu] {
            #expect(throws: GPUError.self) { try Renderer(choice, device: GPUDeviceSelection(device: 99)) }
            do {
                _ = try Renderer(choice, device: GPUDeviceSelection(device: 99))
            } catch {
                #expect("\(error)" == "EGL device 99: \(expected)")
            }
        }
    }

    @Test(.requiresNoRenderNode) func anUnnamedDeviceFallsBackToTheCPUWithAuto() throws {
        let renderer = try Renderer(.auto, device: GPUDeviceSelection(platform: .gbm))
        #expect(renderer.backend == .cpu)
        #expect(renderer.fallbackReason == "no EGL display could be opened (gbm: no /dev/dri/renderD* node)")
    }

    @Test(.enabled(if: deviceOpens, "no EGL device opens here"))
    func theFailureCheckSeesRealAndInjectedGLErrors() throws {
        let renderer = try GPURenderer(device: .automatic)
        try renderer.withCurrentContext {
            try GLFailureCheck(injecting: nil).check(while: "doing nothing")
            glEnable(0xFFFF)   // a real GL_INVALID_ENUM
            #expect(throws: GPUError("OpenGL error 0x500 (GL_INVALID_ENUM) while testing")) {
                try GLFailureCheck(injecting: nil).check(while: "testing")
            }
            try GLFailureCheck(injecting: nil).check(while: "after the error was read")
            #expect(throws: GPUError("the GPU ran out of memory while testing (GL_OUT_OF_MEMORY)")) {
                try GLFailureCheck(injecting: GLenum(GL_OUT_OF_MEMORY)).check(while: "testing")
            }
            #expect(throws: GPUError("the GL context was lost while testing (GL_CONTEXT_LOST)")) {
                try GLFailureCheck(injecting: GLenum(GL_CONTEXT_LOST)).check(while: "testing")
            }
        }
    }

    @Test(.enabled(if: displayHasRobustness, "no EGL display here offers EGL_EXT_create_context_robustness"))
    func contextsAskToBeToldOfResetsWhereTheDisplayCan() throws {
        let renderer = try GPURenderer(device: .automatic)
        var strategy: GLint = 0
        try renderer.withCurrentContext { glGetIntegerv(GLenum(GL_RESET_NOTIFICATION_STRATEGY), &strategy) }
        #expect(strategy == GL_LOSE_CONTEXT_ON_RESET)
    }

    @Test(.enabled(if: deviceOpens, "no EGL device opens here"))
    func aFrameWhoseDrawingFailedIsNotReturned() throws {
        let gpu = try GPURenderer(device: .automatic)
        let frame = Frame(width: 8, height: 4, background: SIMD4(1, 0, 0, 1), primitives: [])
        #expect(try gpu.render(frame).bytes.count == 8 * 4 * 4)
        try gpu.withCurrentContext { gpu.failureCheck = GLFailureCheck(injecting: GLenum(GL_OUT_OF_MEMORY)) }
        #expect(throws: GPUError("the GPU ran out of memory while drawing a 8×4 frame (GL_OUT_OF_MEMORY)")) {
            try gpu.render(frame)
        }
    }
}
