// swift-tools-version: 6.1
import Foundation
import PackageDescription

// A path dependency's package identity is its folder's name, which depends on
// where the repository was cloned.
let layerFXIdentity = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

// A nested package so the benchmark harness and its dependencies stay out of
// the main build and `swift test`. Run from this folder:
//   swift package benchmark
let package = Package(
    name: "LayerFXBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    // One benchmark executable per folder of Benchmarks/Benchmarks.
    targets: ["RippleField", "Evaluation"].map { name in
        .executableTarget(
            name: name,
            dependencies: [
                .product(name: "LayerFX", package: layerFXIdentity),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/\(name)",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")])
    }
)
