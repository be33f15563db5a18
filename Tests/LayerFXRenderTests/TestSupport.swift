import Foundation
import LayerFX

/// Shared fixtures for the render tests.
enum Fixtures {
    /// The parity scenes in `Scenes/`, sorted by name.
    static let sceneNames: [String] = {
        let dir = Bundle.module.resourceURL!.appending(path: "Scenes")
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }()

    static func scene(_ name: String) throws -> Scene {
        try SceneLoader.load(contentsOfFile: Bundle.module.resourceURL!.appending(path: "Scenes/\(name)").path)
    }

    /// The times each scene is rendered at (animated scenes at several instants).
    static func times(for name: String) -> [Double] {
        switch name {
        case "17-pulsing-rings.json": [0, 1.5, 2.25, 4.2]
        case "20-ripple.json": [0.25, 0.5, 0.875]
        case "21-replicator.json": [0, 0.3]
        case "25-shimmer.json": [0.75, 1.5, 3.5]
        case "26-mask-star-gradient.json": [0, 1]
        case "27-group-opacity.json": [0.25, 2]
        case "30-shimmer-text-mask.json": [0.75, 1.5, 3.5]
        case "31-balloon.json": [0, 0.25]
        case "35-dashes-trim.json": [0.5, 1.5]
        case "37-ripple-field.json": [0, 0.4]
        case "36-star-waves-mask.json": [0, 1]
        default: [0]
        }
    }

    /// The pixel scales a scene is rendered at: its own, and for the layer
    /// kinds of issue #4 (scenes 21 and up) points at 1 and 4 pixels.
    static func scales(for name: String, scene: Scene) -> [Double] {
        guard let number = Int(name.prefix { $0.isNumber }), number >= 21 else { return [scene.scale] }
        return [1, 4]
    }

    /// The shared GPU renderer, or why there is none.
    static let gpu: Result<GPURenderer, Error> = Result { try GPURenderer() }
    static var gpuUnavailableReason: String? {
        if case .failure(let error) = gpu { return "\(error)" }
        return nil
    }
}

/// Channel differences between two images.
struct ImageDifference: CustomStringConvertible {
    let max: Int
    let mean: Double
    let differingPixels: Int

    init(_ a: PixelBuffer, _ b: PixelBuffer) {
        precondition(a.width == b.width && a.height == b.height)
        var maxDiff = 0, sum = 0, pixels = 0
        for p in 0..<(a.width * a.height) {
            var differs = false
            for c in 0..<4 {
                let d = abs(Int(a.bytes[p * 4 + c]) - Int(b.bytes[p * 4 + c]))
                maxDiff = Swift.max(maxDiff, d); sum += d
                if d > 0 { differs = true }
            }
            if differs { pixels += 1 }
        }
        max = maxDiff; mean = Double(sum) / Double(a.bytes.count); differingPixels = pixels
    }

    var description: String {
        "max \(max)/255, mean \(String(format: "%.4f", mean))/255, \(differingPixels) pixels differ"
    }
}
