// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// LayerFX: Core Animation-style layer trees rendered headlessly on OpenGL ES
/// (EGL) or on the CPU.
///
/// Data flows one way, one module per arrow:
/// scene file (LayerFXScene, its contents images decoded by LayerFXImageIO)
/// → model (LayerFXModel) → evaluate(t) (LayerFXEvaluation)
/// → primitives (LayerFXPrimitives) → backend (LayerFXGPU | LayerFXCPU)
/// → image encoder (LayerFXImageIO); or primitives → SVG document (LayerFXSVG).
/// `LayerFX` is the umbrella API and `layerfx` the CLI.
let package = Package(
    name: "LayerFX",
    products: [
        .library(name: "LayerFX", targets: ["LayerFX"]),
        .executable(name: "layerfx", targets: ["LayerFXCLI"]),
        // libLayerFXC.so: the C API of include/layerfx.h, which scripts/install-lib
        // installs as liblayerfx.so (the name "layerfx" is the CLI's).
        .library(name: "LayerFXC", type: .dynamic, targets: ["LayerFXC"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CEGL", pkgConfig: "egl glesv2 gbm",
            providers: [.apt(["libegl-dev", "libgles-dev", "libgbm-dev"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev", "zlib1g-dev"])]),
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CMalloc"),
        .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),

        .target(name: "LayerFXCore"),
        .target(name: "LayerFXModel", dependencies: ["LayerFXCore"]),
        .target(name: "LayerFXScene", dependencies: ["LayerFXModel", "LayerFXText", "LayerFXImageIO", "CZip"]),
        .target(name: "LayerFXGeometry", dependencies: ["LayerFXCore", "LayerFXModel"]),
        .target(name: "CLayerFXLayout"),
        .target(name: "LayerFXPrimitives", dependencies: ["LayerFXCore", "CLayerFXLayout", "CLayerFXParallel"]),
        .target(name: "CLayerFXParallel"),
        .target(
            name: "LayerFXEvaluation",
            dependencies: ["LayerFXModel", "LayerFXPrimitives", "LayerFXGeometry", "LayerFXText", "CLayerFXParallel"]),
        .target(name: "CLayerFXRaster", dependencies: ["CLayerFXLayout"]),
        .target(name: "LayerFXCPU", dependencies: ["LayerFXPrimitives", "CLayerFXRaster", "CLayerFXParallel"]),
        .target(
            name: "LayerFXGPU", dependencies: ["LayerFXPrimitives", "CLayerFXLayout", "CEGL"],
            plugins: ["ShaderEmbed"]),
        .target(name: "CLayerFXEncode", linkerSettings: [.linkedLibrary("z")]),
        .target(name: "CLayerFXDecode", dependencies: ["CJPEG"]),
        .target(name: "LayerFXImageIO", dependencies: ["LayerFXCore", "CLayerFXEncode", "CLayerFXDecode", "CPNG", "CGIF"]),
        .target(name: "LayerFXText", dependencies: ["LayerFXCore", "CFreeType"]),
        .target(name: "LayerFXSVG", dependencies: ["LayerFXPrimitives", "LayerFXCore", "LayerFXImageIO"]),
        .target(
            name: "LayerFX",
            dependencies: [
                "LayerFXCore", "LayerFXModel", "LayerFXScene", "LayerFXPrimitives", "LayerFXEvaluation",
                "LayerFXCPU", "LayerFXGPU", "LayerFXImageIO", "LayerFXText", "LayerFXGeometry", "LayerFXSVG",
            ]),
        .target(name: "LayerFXC", dependencies: ["LayerFX"]),
        .executableTarget(
            name: "LayerFXCLI",
            dependencies: ["LayerFX", "CMalloc", .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        .executableTarget(name: "ShaderEmbedTool"),
        .plugin(name: "ShaderEmbed", capability: .buildTool(), dependencies: ["ShaderEmbedTool"]),

        // What several test targets share (image differences, repository
        // paths, GPU availability, PNG decoding, running processes); only
        // test targets depend on it.
        .target(
            name: "LayerFXTestSupport", dependencies: ["LayerFXCore", "LayerFXPrimitives", "LayerFXGPU", "CPNG"],
            path: "Tests/LayerFXTestSupport"),
        .testTarget(name: "LayerFXCoreTests", dependencies: ["LayerFXCore"]),
        .testTarget(name: "LayerFXModelTests", dependencies: ["LayerFXModel", "LayerFXCore"]),
        .testTarget(
            name: "LayerFXSceneTests", dependencies: ["LayerFXScene", "LayerFXModel", "LayerFXCore", "LayerFXTestSupport"]),
        .testTarget(
            name: "LayerFXGeometryTests", dependencies: ["LayerFXGeometry", "LayerFXModel", "LayerFXScene", "LayerFXCore"]),
        // Counts the test process's heap allocations (for "a frame allocates nothing").
        .target(name: "CAllocationCounter", path: "Tests/CAllocationCounter"),
        .testTarget(
            name: "LayerFXRenderTests",
            dependencies: ["LayerFX", "CEGL", "CLayerFXRaster", "CLayerFXLayout", "LayerFXTestSupport",
                           "CAllocationCounter"],
            resources: [.copy("Scenes")]),
        .testTarget(
            name: "LayerFXCLITests", dependencies: ["LayerFXCLI", "LayerFX", "LayerFXTestSupport"],
            exclude: ["DotLottie"]),
        .testTarget(
            name: "LayerFXImageIOTests", dependencies: ["LayerFXImageIO", "LayerFXCore", "LayerFXTestSupport"],
            exclude: ["Images"]),
        .testTarget(name: "LayerFXSVGTests", dependencies: ["LayerFXSVG", "LayerFXCore", "LayerFXPrimitives"]),
        .testTarget(name: "LayerFXTextTests", dependencies: ["LayerFXText", "LayerFXCore", "CFreeType"]),
        .testTarget(name: "LayerFXCTests", dependencies: ["LayerFXC", "LayerFX", "CEGL", "LayerFXTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer targets of Fuzz/ (see docs/reliability.md), only when FUZZ is
// set; `scripts/fuzz` builds them into `.build-fuzz` with ASan and coverage
// instrumentation on every module, and links only these executables with
// libFuzzer (linking every executable with it would break the build-tool
// plugins' tools).
if ProcessInfo.processInfo.environment["FUZZ"] != nil {
    func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
        .executableTarget(
            name: name, dependencies: ["FuzzDriver"] + dependencies, path: "Fuzz/Sources/\(name)",
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])])
    }
    package.targets += [
        .target(name: "FuzzDriver", path: "Fuzz/Sources/FuzzDriver"),
        fuzzTarget("FuzzSceneDecoder", ["LayerFXScene"]),
        fuzzTarget("FuzzRender", ["LayerFXScene", "LayerFXEvaluation", "LayerFXCPU"]),
        fuzzTarget("FuzzSVGPath", ["LayerFXScene", "LayerFXModel"]),
        fuzzTarget("FuzzCAPI", ["LayerFXC"]),
    ]
}
