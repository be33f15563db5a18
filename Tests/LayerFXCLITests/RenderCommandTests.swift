import Foundation
import LayerFX
import LayerFXTestSupport
import Testing

@Suite(.serialized)
struct RenderCommandTests {
    @Test func rendersAnExampleToAPNGWithStraightAlpha() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let out = dir.appending(path: "rings.png").path
        let result = try CLI.run(["render", Repository.example("pulsing-rings.json"), "-o", out,
                                  "--time", "1.5", "--backend", "cpu"])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: width and height are size × scale of the example.
        let scene = try SceneLoader.load(contentsOfFile: Repository.example("pulsing-rings.json"))
        let (w, h) = SceneEvaluator.pixelSize(of: scene)
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(be32(16) == w && be32(20) == h)
        #expect(bytes[24] == 8 && bytes[25] == 6)   // 8-bit RGBA
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["rings.png"])
    }

    @Test func sameSceneTimeAndBackendGiveIdenticalBytes() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        for backend in ["cpu", "auto"] {
            var files: [Data] = []
            for i in 0..<2 {
                let out = dir.appending(path: "\(backend)-\(i).png").path
                let result = try CLI.run(["render", Repository.example("pulsing-rings.json"), "-o", out,
                                          "--time", "2.25", "--backend", backend])
                #expect(result.status == 0, "\(result.stderr)")
                files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
            }
            #expect(files[0] == files[1], "\(backend)")
        }
    }

    @Test func scaleOptionChangesThePixelSize() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let out = dir.appending(path: "x1.png").path
        let result = try CLI.run(["render", Repository.example("pulsing-rings.json"), "-o", out, "--scale", "1",
                                  "--backend", "cpu"])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        let scene = try SceneLoader.load(contentsOfFile: Repository.example("pulsing-rings.json"))
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(be32(16) == Int(scene.size.width) && be32(20) == Int(scene.size.height))
    }

    @Test func autoFallsBackToTheCPUWithANotice() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let out = dir.appending(path: "fallback.png").path
        // Forcing GBM on a machine without a usable render node leaves no display.
        let result = try CLI.run(["render", Repository.example("pulsing-rings.json"), "-o", out],
                                 environment: ["LAYERFX_EGL_PLATFORM": "gbm"])
        if FileManager.default.fileExists(atPath: "/dev/dri") {
            #expect(result.status == 0)
            return
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("layerfx: notice: GPU unavailable, rendering on the CPU"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test(.requiresNoRenderNode) func gpuBackendWithoutADisplayFailsCleanly() throws {
        let dir = try TemporaryDirectory.make("layerfx-cli")
        let out = dir.appending(path: "gpu.png").path
        let result = try CLI.run(["render", Repository.example("pulsing-rings.json"), "-o", out, "--backend", "gpu"],
                                 environment: ["LAYERFX_EGL_PLATFORM": "gbm"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("layerfx: error: no EGL display could be opened (gbm: no /dev/dri/renderD* node)"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func helpShowsExamples() throws {
        let top = try CLI.run(["--help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("layerfx render Examples/pulsing-rings.json -o rings.png --time 1.5"))
        let render = try CLI.run(["render", "--help"])
        #expect(render.stdout.contains("--backend"))
        #expect(render.stdout.contains("Examples:"))
    }

    @Test func versionIsTheLibrarys() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "\(LayerFXVersion.string)\n")
        #expect(LayerFXVersion.string == "0.1.0")
    }

    @Test func infoReportsThreadsAndPlatform() throws {
        let result = try CLI.run(["info"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("egl platform: "))
        #expect(result.stdout.contains("cpu threads:  \(CPURenderer.defaultThreadCount)"))
    }
}
