import Foundation
import LayerFX
@testable import LayerFXC
import LayerFXTestSupport
import Testing

/// The installed C API, used the way a C or Python host uses it: installed
/// with `scripts/install-lib` into a temporary prefix, found through
/// pkg-config, checked against its header, and run by `Examples/c-host` and
/// the Python snippet of docs/embedding.md.
@Suite(.serialized)
struct InstallTests {
    /// The folder of this build's `libLayerFXC.so` (beside the test bundle).
    static var builtLibraryDirectory: URL? {
        BuildProducts.find("libLayerFXC.so")?.deletingLastPathComponent()
    }

    /// One installation for the whole suite, in the build folder (the script
    /// copies ~80 MB of Swift runtime; the next run installs over it).
    static let prefix: Result<URL, any Error> = Result {
        guard let built = builtLibraryDirectory else { throw ProcessFailure("libLayerFXC.so is not built (swift build --build-tests)") }
        let prefix = built.appending(path: "layerfx-test-prefix")
        let install = try ProcessRunner.run([Repository.url("scripts/install-lib").path, "--from", built.path, prefix.path])
        guard install.status == 0 else { throw ProcessFailure("install-lib failed: \(install)") }
        return prefix
    }

    static var environment: [String: String] {
        ["PKG_CONFIG_PATH": (try? prefix.get().appending(path: "lib/pkgconfig").path) ?? ""]
    }

    @Test func installsHeaderLibraryAndPkgConfig() throws {
        let prefix = try Self.prefix.get()
        for file in ["include/layerfx.h", "lib/liblayerfx.so", "lib/liblayerfx.so.0", "lib/pkgconfig/layerfx.pc",
                     "lib/layerfx/libswiftCore.so"] {
            #expect(FileManager.default.fileExists(atPath: prefix.appending(path: file).path), "\(file) is missing")
        }
        let flags = try ProcessRunner.run(["pkg-config", "--cflags", "--libs", "layerfx"], environment: Self.environment)
        #expect(flags.status == 0, "\(flags)")
        #expect(flags.stdout.contains("-I\(prefix.path)/include"), "\(flags)")
        #expect(flags.stdout.contains("-L\(prefix.path)/lib -llayerfx"), "\(flags)")
        let version = try ProcessRunner.run(["pkg-config", "--modversion", "layerfx"], environment: Self.environment)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")

        // Everything resolves inside the prefix or the system: nothing from the Swift toolchain.
        let ldd = try ProcessRunner.run(["ldd", prefix.appending(path: "lib/liblayerfx.so").path])
        #expect(!ldd.stdout.contains("not found"), "\(ldd.stdout)")
        let swiftLines = ldd.stdout.split(separator: "\n").filter { $0.contains("libswiftCore") || $0.contains("libFoundation") }
        #expect(!swiftLines.isEmpty && swiftLines.allSatisfy { $0.contains(prefix.path + "/lib/layerfx/") }, "\(ldd.stdout)")
        let dynamic = try ProcessRunner.run(["readelf", "-d", prefix.appending(path: "lib/liblayerfx.so").path])
        #expect(dynamic.stdout.contains("[$ORIGIN/layerfx]"), "RUNPATH: \(dynamic.stdout)")
        #expect(dynamic.stdout.contains("[liblayerfx.so.0]"), "SONAME: \(dynamic.stdout)")
    }

    /// The header declares exactly the functions the library exports; every
    /// one links; every result name and the version agree (compiled as C99
    /// and as C++).
    @Test func headerMatchesTheLibrary() throws {
        let prefix = try Self.prefix.get()
        let header = try String(contentsOf: prefix.appending(path: "include/layerfx.h"), encoding: .utf8)
        let declared = Set(header.matches(of: #/\n(?:lfx_result|const char \*)\s*(lfx_\w+)\(/#).map { String($0.1) })
        let symbols = try ProcessRunner.run(["nm", "-D", "--defined-only", prefix.appending(path: "lib/liblayerfx.so").path])
        let exported = Set(symbols.stdout.matches(of: #/ T (lfx_\w+)\n/#).map { String($0.1) })
        #expect(declared.count >= 18)
        #expect(declared == exported, "only in the header: \(declared.subtracting(exported)); only in the library: \(exported.subtracting(declared))")

        let resultBlock = try #require(header.firstMatch(of: /typedef enum lfx_result \{([^}]*)\}/)).1
        let results = resultBlock.matches(of: #/(LFX_\w+) = /#).map { String($0.1) }
        #expect(results.count == 10)
        let source = """
            #include <layerfx.h>
            #include <stdio.h>
            #include <string.h>
            typedef void (*any_function)(void);
            static const any_function functions[] = {
            \(declared.sorted().map { "    (any_function)\($0)," }.joined(separator: "\n"))
            };
            int main(void) {
                int bad = 0;
                int32_t major = -1, minor = -1, patch = -1;
            \(results.map { "    if (strcmp(lfx_result_name(\($0)), \"\($0)\") != 0) { printf(\"%s\\\\n\", \"\($0)\"); bad++; }" }.joined(separator: "\n"))
            \(LFXCompositing.allCases.map { "    if (LFX_COMPOSITING_\(String(describing: $0).uppercased()) != \($0.rawValue)) bad++;" }.joined(separator: "\n"))
                lfx_get_version(&major, &minor, &patch);
                if (major != LAYERFX_VERSION_MAJOR || minor != LAYERFX_VERSION_MINOR || patch != LAYERFX_VERSION_PATCH) bad++;
                if (strcmp(LAYERFX_VERSION_STRING, "\(LayerFXVersion.string)") != 0) bad++;
                printf("%d functions, %d mismatches\\n", (int)(sizeof functions / sizeof functions[0]), bad);
                return bad;
            }
            """
        let dir = try TemporaryDirectory.make("layerfx-c")
        defer { try? FileManager.default.removeItem(at: dir) }
        try source.write(to: dir.appending(path: "check.c"), atomically: true, encoding: .utf8)
        for (compiler, language) in [("cc", ["-std=c99", "-pedantic"]), ("c++", ["-x", "c++", "-std=c++11"])] {
            let output = dir.appending(path: "check-\(compiler)").path
            let build = try ProcessRunner.run(["sh", "-c", "\(compiler) \(language.joined(separator: " ")) -Wall -Wextra -Werror check.c -o \(output) $(pkg-config --cflags --libs layerfx) -Wl,-rpath,$(pkg-config --variable=libdir layerfx)"],
                                     environment: Self.environment, in: dir)
            #expect(build.status == 0, "\(compiler): \(build)")
            guard build.status == 0 else { continue }
            let check = try ProcessRunner.run([output])
            #expect(check.status == 0, "\(check)")
            #expect(check.stdout.contains("\(declared.count) functions, 0 mismatches"), "\(check)")
        }
    }

    /// The issue's "done when": the example host, built only from the installed
    /// header and pkg-config, renders seed 004 into its own framebuffer with its
    /// GL state intact and the right pixels.
    @Test(.requiresGPU) func exampleHostRendersIntoItsFramebuffer() throws {
        let dir = try TemporaryDirectory.make("layerfx-c")
        defer { try? FileManager.default.removeItem(at: dir) }
        let host = dir.appending(path: "host").path
        let build = try ProcessRunner.run(["make", "-s", "-C", Repository.url("Examples/c-host").path, "OUT=\(host)"],
                                 environment: Self.environment)
        try #require(build.status == 0, "\(build)")
        let result = try ProcessRunner.run([host, Repository.url("Examples/pulsing-rings.json").path, "1.5"])
        print(result.stdout)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("GL state values checked, 0 changed"), "\(result)")
        #expect(result.stdout.contains("scene corner pixel 1C1C2EFF"), "\(result)")
        #expect(result.stdout.contains("host: OK"), "\(result)")
    }

    /// The Python ctypes snippet of docs/embedding.md, exactly as written.
    @Test func documentedPythonSnippetRuns() throws {
        let page = try String(contentsOf: Repository.url("docs/embedding.md"), encoding: .utf8)
        let snippet = try #require(page.firstMatch(of: /```python\n(.*?)```/.dotMatchesNewlines()).map { String($0.1) })
        let dir = try TemporaryDirectory.make("layerfx-c")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(at: dir.appending(path: "Examples"),
                                                   withDestinationURL: Repository.url("Examples"))
        try snippet.write(to: dir.appending(path: "snippet.py"), atomically: true, encoding: .utf8)
        let library = try Self.prefix.get().appending(path: "lib/liblayerfx.so").path
        let result = try ProcessRunner.run(["python3", "snippet.py"], environment: ["LAYERFX_LIB": library], in: dir)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("600 600 1c1c2eff"), "\(result)")
        #expect(result.stdout.contains(#"<string>:1:34: unknown key "layerz"; did you mean "layers"?"#), "\(result)")
        #expect(FileManager.default.fileExists(atPath: dir.appending(path: "rings.png").path))
    }

    /// Why the suite's installation could not be made.
    struct ProcessFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
