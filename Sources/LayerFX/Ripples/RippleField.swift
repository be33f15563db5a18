import FoundationEssentials

/// The ripple field of the performance comparison: N circles of radius 4–48 px,
/// each filled with a translucent color and ringed by a 2 px stroke of the same
/// color, drawn source-over on white (the scenes of `Benchmarks/Peers/gen_ripples.py`,
/// on which Cairo, Skia, Blend2D and ThorVG are measured).
///
/// ``init(count:width:height:)`` regenerates a field exactly as the peers'
/// script does (same seed, same numbers); ``init(contentsOfFile:)`` reads the
/// script's JSON files as they are. ``scene()`` turns the field into ordinary
/// shape layers; ``animatedScene(duration:)`` adds a growing, fading ripple
/// animation to each, so that benchmarks count evaluation too.
public struct RippleField: Sendable, Equatable {
    /// One ripple: a circle at (`x`, `y`) of radius `r`, its fill and ring colors.
    public struct Ripple: Sendable, Equatable {
        /// Centre, in pixels from the top left.
        public var x: Double, y: Double
        /// Radius in pixels; the ring is centred on it.
        public var r: Double
        /// Straight-alpha fill color.
        public var fill: Color
        /// Straight-alpha ring color.
        public var stroke: Color
        /// Ring width in pixels.
        public var strokeWidth: Double

        /// A ripple at (`x`, `y`) of radius `r` with its fill, ring color and ring width.
        public init(x: Double, y: Double, r: Double, fill: Color, stroke: Color, strokeWidth: Double) {
            self.x = x; self.y = y; self.r = r
            self.fill = fill; self.stroke = stroke; self.strokeWidth = strokeWidth
        }
    }

    /// Frame width in pixels.
    public var width: Int
    /// Frame height in pixels.
    public var height: Int
    /// The color under the ripples.
    public var background: Color
    /// The ripples in drawing order.
    public var ripples: [Ripple]

    /// The field `gen_ripples.py` writes for `count` ripples: seeded with
    /// `random.Random(count)`, centres uniform over the frame, radii uniform in
    /// 4…48, fill alpha in 0.15…0.6, ring alpha 1.5× the fill's (at most 1),
    /// every number rounded to 3 decimals. The script's frame is 1920×1080;
    /// another size spreads the centres over that size instead.
    public init(count: Int, width: Int = 1920, height: Int = 1080) {
        var random = PythonRandom(seed: UInt64(max(count, 0)))
        let w = Double(width), h = Double(height)
        self.width = width; self.height = height
        background = Color(red: 1, green: 1, blue: 1, alpha: 1)
        ripples = (0..<max(count, 0)).map { _ in
            var x = Self.round3(random.uniform(0, w)), y = Self.round3(random.uniform(0, h))
            if x >= w { x = Self.round3(w - 0.001) }
            if y >= h { y = Self.round3(h - 0.001) }
            let r = Self.round3(random.uniform(4, 48))
            let red = Self.round3(random.random()), green = Self.round3(random.random())
            let blue = Self.round3(random.random())
            let alpha = Self.round3(random.uniform(0.15, 0.6))
            let ringAlpha = Self.round3(min(1, alpha * 1.5))
            return Ripple(x: x, y: y, r: r, fill: Color(red: red, green: green, blue: blue, alpha: alpha),
                          stroke: Color(red: red, green: green, blue: blue, alpha: ringAlpha), strokeWidth: 2)
        }
    }

    /// Reads a field from the peers' JSON format:
    /// `{"width", "height", "background": [r, g, b, a], "ripples": [{"x", "y", "r",
    /// "fill": [r, g, b, a], "stroke": [r, g, b, a], "strokeWidth"}, …]}`.
    /// - Throws: ``RippleFieldError`` naming the file and what is wrong with it.
    public init(contentsOfFile path: String) throws {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw RippleFieldError("\(path): cannot read the file (\(error))")
        }
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: data) } catch let error as DecodingError {
            throw RippleFieldError("\(path): not a ripple-field scene: \(Self.describe(error))")
        }
        let limit = Double(FrameSize.maximumSide)
        guard file.width >= 1, file.height >= 1, file.width <= limit, file.height <= limit else {
            throw RippleFieldError("\(path): width and height must be 1…\(FrameSize.maximumSide), got \(file.width)×\(file.height)")
        }
        func color(_ c: [Double], _ place: String) throws -> Color {
            guard c.count == 4, c.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) else {
                throw RippleFieldError("\(path): \(place) must be four numbers in 0…1, got \(c)")
            }
            return Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        }
        width = Int(file.width); height = Int(file.height)
        background = try color(file.background, "background")
        ripples = try file.ripples.enumerated().map { index, ripple in
            let place = "ripples[\(index)]"
            guard [ripple.x, ripple.y, ripple.r, ripple.strokeWidth].allSatisfy(\.isFinite),
                  ripple.r >= 0, ripple.strokeWidth >= 0 else {
                throw RippleFieldError("\(path): \(place): x, y must be finite and r, strokeWidth ≥ 0")
            }
            return Ripple(x: ripple.x, y: ripple.y, r: ripple.r, fill: try color(ripple.fill, place + ".fill"),
                          stroke: try color(ripple.stroke, place + ".stroke"), strokeWidth: ripple.strokeWidth)
        }
    }

    /// The area the ripples paint, overlaps counted: Σ π(r + 1)², the peers'
    /// measure for megapixels per second.
    public var paintedArea: Double {
        ripples.reduce(0) { $0 + Double.pi * ($1.r + 1) * ($1.r + 1) }
    }

    /// What each ripple is drawn as: the peers' circle, or (to measure the
    /// renderers on other analytic shapes) a rounded rectangle or a star of
    /// the same size.
    public enum Shape: String, CaseIterable, Sendable {
        /// A circle of radius r.
        case circle
        /// A square of side 2r with corners of radius r/4.
        case roundedRect = "rounded-rect"
        /// A five-pointed star of outer radius r and inner radius r/2.
        case star
    }

    /// The field as a scene: one `CAShapeLayer` per ripple, its path a circle of
    /// radius r (or `shape`) in bounds of 2r × 2r at the ripple's centre,
    /// filled and stroked.
    public func scene(shape: Shape = .circle) -> Scene {
        Scene(size: Size(width: Double(width), height: Double(height)), backgroundColor: background,
              layers: ripples.map { Self.layer($0, shape: shape) })
    }

    /// The field with every ripple animated as a tap ripple: `transform.scale`
    /// from 0.25 to 1 (ease out) and `opacity` from 1 to 0.35, repeating every
    /// `duration` seconds, each ripple at its own phase (golden-ratio spaced), so
    /// that at any instant the ripples are at all stages of growing.
    public func animatedScene(duration: Double = 1, shape: Shape = .circle) -> Scene {
        Scene(size: Size(width: Double(width), height: Double(height)), backgroundColor: background,
              layers: ripples.indices.map { animatedLayer(at: $0, duration: duration, shape: shape) })
    }

    /// ``animatedScene(duration:)`` compiled, one ripple at a time: the
    /// layer tree of the whole field is never made, so a million animated
    /// ripples take only their compiled records' memory.
    public func compiledAnimatedScene(duration: Double = 1, shape: Shape = .circle) -> CompiledScene {
        CompiledScene(size: Size(width: Double(width), height: Double(height)), backgroundColor: background,
                      layers: ripples.indices.lazy.map { animatedLayer(at: $0, duration: duration, shape: shape) })
    }

    /// Ripple `index`'s layer in ``animatedScene(duration:shape:)``.
    private func animatedLayer(at index: Int, duration: Double, shape: Shape) -> Layer {
        var layer = Self.layer(ripples[index], shape: shape)
        var timing = MediaTiming()
        timing.duration = duration
        timing.repeatCount = .infinity
        timing.beginTime = -duration * (Double(index) * 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1)
        layer.animations = [
            Animation(keyPath: .transformScale, kind: .basic(from: .scalar(0.25), to: .scalar(1), by: nil),
                      timing: timing, timingFunction: .easeOut),
            Animation(keyPath: .opacity, kind: .basic(from: .scalar(1), to: .scalar(0.35), by: nil),
                      timing: timing),
        ]
        return layer
    }

    private static func layer(_ ripple: Ripple, shape: Shape) -> Layer {
        var properties = LayerProperties()
        let bounds = Rect(x: 0, y: 0, width: 2 * ripple.r, height: 2 * ripple.r)
        properties.bounds = bounds
        properties.position = Point(x: ripple.x, y: ripple.y)
        properties.path = switch shape {
        case .circle: ShapePath([.ellipse(in: bounds)])
        case .roundedRect: ShapePath([.roundedRect(bounds, cornerRadius: ripple.r / 4)])
        case .star: ShapePath([.star(center: Point(x: ripple.r, y: ripple.r), points: 5, outerRadius: ripple.r,
                                     innerRadius: ripple.r / 2, rotation: 0)])
        }
        properties.fillColor = ripple.fill
        properties.strokeColor = ripple.stroke
        properties.lineWidth = ripple.strokeWidth
        return Layer(kind: .shape, properties: properties)
    }

    /// Python's `round(x, 3)`: the correctly rounded 3-decimal value, as
    /// `printf("%.3f")` also gives it.
    private static func round3(_ x: Double) -> Double {
        Double(String(printf: "%.3f", x))!
    }

    private struct File: Decodable {
        let width: Double, height: Double
        let background: [Double]
        let ripples: [FileRipple]
    }

    private struct FileRipple: Decodable {
        let x: Double, y: Double, r: Double
        let fill: [Double], stroke: [Double]
        let strokeWidth: Double
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context): return "malformed JSON (\(context.debugDescription))"
        case .keyNotFound(let key, let context):
            return "missing key \"\(key.stringValue)\" at \(pathText(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(context.debugDescription) at \(pathText(context.codingPath))"
        @unknown default: return "\(error)"
        }
    }

    private static func pathText(_ path: [any CodingKey]) -> String {
        path.isEmpty ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}

/// Why a ripple-field scene could not be read: the file and the problem.
public struct RippleFieldError: Error, CustomStringConvertible {
    /// The message, starting with the file's path.
    public let description: String
    init(_ description: String) { self.description = description }
}
