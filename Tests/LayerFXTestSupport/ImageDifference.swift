import Foundation
import LayerFXCore

/// Channel differences between two images of the same size, in 1/255 of
/// premultiplied RGBA.
public struct ImageDifference: CustomStringConvertible, Sendable {
    /// The largest difference of any channel of any pixel.
    public let max: Int
    /// The mean difference over every channel of every pixel.
    public let mean: Double
    /// How many pixels differ in at least one channel.
    public let differingPixels: Int

    /// Compares `a` with `b`, which must be the same size.
    public init(_ a: PixelBuffer, _ b: PixelBuffer) {
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

    /// "max 2/255, mean 0.0123/255, 40 pixels differ".
    public var description: String {
        "max \(max)/255, mean \(String(format: "%.4f", mean))/255, \(differingPixels) pixels differ"
    }
}
