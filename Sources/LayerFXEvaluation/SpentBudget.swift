/// What a frame has spent of each ``WorkBudget/Key``: a plain value held
/// inline (no array), so a replicator can remember it before its first copy
/// and compare after, and a new frame can start from zero, without
/// allocating. A field per key: a charge of a known key is one add.
struct SpentBudget {
    private var instances = 0, primitives = 0, pixels = 0, vertices = 0, strokePieces = 0, bandEdges = 0
    private var edgeTests = 0, offscreenLayers = 0, offscreenPixels = 0, glyphs = 0, textLength = 0, gradientStops = 0

    /// Nothing spent.
    init() {}

    /// What was spent of `key`.
    subscript(key: WorkBudget.Key) -> Int {
        get {
            switch key {
            case .instances: instances
            case .primitives: primitives
            case .pixels: pixels
            case .vertices: vertices
            case .strokePieces: strokePieces
            case .bandEdges: bandEdges
            case .edgeTests: edgeTests
            case .offscreenLayers: offscreenLayers
            case .offscreenPixels: offscreenPixels
            case .glyphs: glyphs
            case .textLength: textLength
            case .gradientStops: gradientStops
            }
        }
        set {
            switch key {
            case .instances: instances = newValue
            case .primitives: primitives = newValue
            case .pixels: pixels = newValue
            case .vertices: vertices = newValue
            case .strokePieces: strokePieces = newValue
            case .bandEdges: bandEdges = newValue
            case .edgeTests: edgeTests = newValue
            case .offscreenLayers: offscreenLayers = newValue
            case .offscreenPixels: offscreenPixels = newValue
            case .glyphs: glyphs = newValue
            case .textLength: textLength = newValue
            case .gradientStops: gradientStops = newValue
            }
        }
    }
}
