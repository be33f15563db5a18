import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

/// The EGL devices of this machine, as the CLI will see them.
private let report = GPUDeviceReport.gather()
private let deviceListed = report.deviceListFailure == nil && !report.devices.isEmpty
private let deviceOpens = report.devices.contains { $0.opened }

/// "there is 1 EGL device (0)", as the error lines say it.
private var deviceCountText: String {
    switch report.devices.count {
    case 0: "there are no EGL devices"
    case 1: "there is 1 EGL device (0)"
    case let n: "there are \(n) EGL devices (0…\(n - 1))"
    }
}

@Suite(.serialized)
struct DeviceSelectionTests {
    @Test func infoDevicesListsEveryDeviceAndWhyGBMWasSkipped() throws {
        let result = try CLI.run(["info", "--devices"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "")
        var index = 0
        if deviceListed {
            for device in report.devices {
                let status = device.failure.map { "failed: \($0)" } ?? "opened"
                #expect(lines[index] == "egl device \(device.index): \(status)")
                #expect(lines[index + 1].hasPrefix("  drm device:  "))
                #expect(lines[index + 2].hasPrefix("  render node: "))
                #expect(lines[index + 3].hasPrefix("  egl vendor:  "))
                #expect(lines[index + 4].hasPrefix("  gl renderer: "))
                #expect(lines[index + 5] == "  extensions:  " + device.extensions.joined(separator: " "))
                index += 6
            }
        } else {
            #expect(lines[0].hasPrefix("egl devices: none"))
            index = 1
        }
        #expect(lines[index...].dropLast().allSatisfy { $0.hasPrefix("gbm: ") }, "\(lines)")
        if !FileManager.default.fileExists(atPath: "/dev/dri") {
            #expect(Array(lines[index...]) == ["gbm: no /dev/dri/renderD* node", ""])
        }
    }

    @Test(.enabled(if: deviceOpens, "no EGL device opens here"))
    func anOpenedDeviceNamesItsRenderer() throws {
        let result = try CLI.run(["info", "--devices"])
        let opened = try #require(report.devices.first { $0.opened })
        let block = result.stdout.components(separatedBy: "egl device \(opened.index): opened\n")
        #expect(block.count == 2)
        #expect(block.last?.contains("  gl renderer: \(opened.glRenderer ?? "?")\n") == true)
    }

    @Test(.enabled(if: deviceOpens, "no EGL device opens here"))
    func deviceZeroRendersTheSameBytesAsNoOption() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        var files: [Data] = []
        for extra in [[], ["--device", "0"]] {
            let out = dir.appending(path: "rings\(files.count).png").path
            let result = try CLI.run(["render", Repository.example("pulsing-rings.json"), "-o", out, "--time", "1.5",
                                      "--backend", "gpu"] + extra, environment: ["LAYERFX_EGL_PLATFORM": "device"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr == "")
            files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        #expect(files[0] == files[1])
        let info = try CLI.run(["info", "--device", "0"])
        #expect(info.status == 0)
        #expect(info.stdout.contains("egl platform: device\negl device:   0\n"))
    }

    @Test(.enabled(if: deviceListed, "eglQueryDevicesEXT lists no devices here"),
          arguments: [(["--device", "99"], [:], "--device 99: "),
                      (["--device", "abc"], [:], "--device abc: not a device index; "),
                      (["--device=-1"], [:], "--device -1: not a device index; "),
                      ([], ["LAYERFX_EGL_DEVICE": "abc"], "LAYERFX_EGL_DEVICE=abc: not a device index; "),
                      ([], ["LAYERFX_EGL_DEVICE": "-2"], "LAYERFX_EGL_DEVICE=-2: not a device index; "),
                      ([], ["LAYERFX_EGL_DEVICE": "99"], "LAYERFX_EGL_DEVICE=99: ")])
    func aBadDeviceIsOneErrorLineAndNoFile(arguments: [String], environment: [String: String], message: String) throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let out = dir.appending(path: "out.png").path
        let expected = "layerfx: error: \(message)\(deviceCountText)\n"
        for backend in ["auto", "gpu"] {
            let result = try CLI.run(["render", Repository.example("pulsing-rings.json"), "-o", out, "--backend", backend]
                                     + arguments, environment: environment)
            #expect(result.status == 1)
            #expect(result.stderr == expected)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        }
        let bench = try CLI.run(["bench", "ripples", "--count", "10", "--size", "32x32", "--frames", "1",
                                 "--warmup", "0"] + arguments, environment: environment)
        #expect(bench.status == 1)
        #expect(bench.stderr == expected)
        let info = try CLI.run(["info"] + arguments, environment: environment)
        #expect(info.status == 1)
        #expect(info.stderr == expected)
    }

    @Test func aDeviceWithTheCPUBackendOrAnotherPlatformIsAnError() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let out = dir.appending(path: "out.png").path
        let cpu = try CLI.run(["render", Repository.example("pulsing-rings.json"), "-o", out, "--backend", "cpu",
                               "--device", "0"])
        #expect(cpu.status == 1)
        #expect(cpu.stderr == "layerfx: error: --device 0: the CPU backend uses no EGL device\n")
        let gbm = try CLI.run(["render", Repository.example("pulsing-rings.json"), "-o", out, "--device", "0"],
                              environment: ["LAYERFX_EGL_PLATFORM": "gbm"])
        #expect(gbm.status == 1)
        #expect(gbm.stderr == "layerfx: error: --device 0: a device index picks an EGL device of the device "
                + "platform, but LAYERFX_EGL_PLATFORM=gbm\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func infoHelpDescribesDeviceSelection() throws {
        let help = try CLI.run(["info", "--help"])
        #expect(help.status == 0)
        for text in ["--devices", "--device <n>", "LAYERFX_EGL_DEVICE", "LAYERFX_EGL_PLATFORM", "layerfx info --devices"] {
            #expect(help.stdout.contains(text), "\(text)")
        }
    }

    #if DEBUG
    /// `LAYERFX_DEBUG_GL_ERROR` (debug builds) makes the GL failure check see
    /// that error code after drawing, as a GPU running out of memory or losing
    /// its context mid-run would report it.
    @Test(.enabled(if: deviceOpens, "no EGL device opens here"),
          arguments: [("0x505", "the GPU ran out of memory while drawing a 600×600 frame (GL_OUT_OF_MEMORY)"),
                      ("0x507", "the GL context was lost while drawing a 600×600 frame (GL_CONTEXT_LOST)"),
                      ("0x502", "OpenGL error 0x502 (GL_INVALID_OPERATION) while drawing a 600×600 frame")])
    func aGLFailureIsAnErrorAndWritesNoFrame(code: String, message: String) throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let out = dir.appending(path: "rings.png").path
        let single = try CLI.run(["render", Repository.example("pulsing-rings.json"), "-o", out, "--time", "1.5"],
                                 environment: ["LAYERFX_DEBUG_GL_ERROR": code, "LAYERFX_EGL_PLATFORM": "device"])
        #expect(single.status == 1)
        #expect(single.stderr == "layerfx: error: \(Repository.example("pulsing-rings.json")): at t=1.5 s: \(message)\n")
        let sequence = try CLI.run(["render", Repository.example("pulsing-rings.json"), "-o", dir.path + "/%04d.png",
                                    "--frames", "0-2", "--quiet"],
                                   environment: ["LAYERFX_DEBUG_GL_ERROR": code, "LAYERFX_EGL_PLATFORM": "device"])
        #expect(sequence.status == 1)
        #expect(sequence.stderr.hasPrefix("layerfx: error: "), "\(sequence.stderr)")
        #expect(sequence.stderr == "layerfx: error: \(Repository.example("pulsing-rings.json")): at t=0 s: \(message)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
    #endif
}
