import Foundation
import LayerFX

/// The ripple-field scenes of `shared/peers/gen_scenes.py` (the scenes Cairo,
/// Skia, Blend2D and ThorVG are measured on), turned into LayerFX scenes: one
/// shape layer per ripple, a filled circle of radius r with a 2 px ring on it.
enum PeerRippleScene {
    struct File: Decodable {
        let width: Double
        let height: Double
        let background: [Double]
        let ripples: [Ripple]
    }
    struct Ripple: Decodable {
        let x, y, r: Double
        let fill, stroke: [Double]
        let strokeWidth: Double
    }

    /// The peers folder: `LAYERFX_PEERS_DIR`, else `../shared/peers` beside the repository.
    static var peersDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["LAYERFX_PEERS_DIR"] { return URL(fileURLWithPath: dir) }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "shared/peers")
    }

    /// Loads `scenes/ripples-N.json`, generating it with the peers' script when missing.
    static func load(count: Int) throws -> Scene {
        let file = peersDirectory.appending(path: "scenes/ripples-\(count).json")
        if !FileManager.default.fileExists(atPath: file.path) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", peersDirectory.appending(path: "gen_scenes.py").path, String(count)]
            try process.run()
            process.waitUntilExit()
        }
        let decoded = try JSONDecoder().decode(File.self, from: Data(contentsOf: file))
        func color(_ c: [Double]) -> Color { Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]) }
        let layers = decoded.ripples.map { ripple -> Layer in
            var p = LayerProperties()
            p.path = ShapePath([.ellipse(in: Rect(x: ripple.x - ripple.r, y: ripple.y - ripple.r,
                                                  width: 2 * ripple.r, height: 2 * ripple.r))])
            p.fillColor = color(ripple.fill)
            p.strokeColor = color(ripple.stroke)
            p.lineWidth = ripple.strokeWidth
            return Layer(kind: .shape, properties: p)
        }
        return Scene(size: Size(width: decoded.width, height: decoded.height),
                     backgroundColor: color(decoded.background), layers: layers)
    }
}
