import LayerFXCore
import LayerFXGeometry
import LayerFXModel

/// Everything a path's polygon bands depend on, as 64-bit words: whether it
/// is filled (and by which rule) or stroked (and with which style), the path,
/// its local → device transform and the frame's size. Numbers are kept as
/// their bit patterns, so keys are equal only when every input is the same
/// number bit for bit (−0 and 0 differ, a NaN equals itself): equal keys make
/// byte-identical bands.
///
/// A key is written into an array its maker lends (``FrameBuilder`` keeps
/// one across frames) and shares it: once the key is gone the array is the
/// maker's alone again, so a lookup that finds its geometry allocates nothing.
struct GeometryKey: Hashable, Sendable {
    private let words: [UInt64]
    /// `words`' hash, computed once, outside the cache's lock.
    private let hash: Int

    /// The key `writer` wrote, sharing its words with `words` (which the writer borrowed).
    private init(_ writer: consuming Writer, returningWordsTo words: inout [UInt64]) {
        words = writer.words
        self.words = words
        hash = words.hashValue
    }

    /// The key of `path` filled by `rule` under `transform` on a `width` × `height` frame,
    /// written into `words`.
    static func fill(of path: ShapePath, rule: WindingRule, transform: AffineTransform, width: Int, height: Int,
                     in words: inout [UInt64]) -> GeometryKey {
        var writer = Writer(kind: 1, width: width, height: height, transform: transform, in: &words)
        writer.integer(rule.rawValue)
        writer.path(path)
        return GeometryKey(writer, returningWordsTo: &words)
    }

    /// The key of `path` stroked with `style` under `transform` on a `width` × `height` frame,
    /// written into `words`.
    static func stroke(of path: ShapePath, style: StrokeStyle, transform: AffineTransform, width: Int, height: Int,
                       in words: inout [UInt64]) -> GeometryKey {
        var writer = Writer(kind: 2, width: width, height: height, transform: transform, in: &words)
        writer.style(style)
        writer.path(path)
        return GeometryKey(writer, returningWordsTo: &words)
    }

    /// The bytes the key holds, for the cache's limit.
    var byteCount: Int { words.count * MemoryLayout<UInt64>.stride }

    static func == (lhs: GeometryKey, rhs: GeometryKey) -> Bool {
        lhs.hash == rhs.hash && lhs.words == rhs.words
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// Writes a key's words. Every value starts with its kind or count, so
    /// two different inputs never write the same words.
    private struct Writer {
        var words: [UInt64] = []

        /// A writer that empties `words` and writes there (it holds them until the key is made).
        init(kind: Int, width: Int, height: Int, transform t: AffineTransform, in words: inout [UInt64]) {
            swap(&self.words, &words)
            self.words.removeAll(keepingCapacity: true)
            self.words.reserveCapacity(64)
            integer(kind); integer(width); integer(height)
            number(t.a); number(t.b); number(t.c); number(t.d); number(t.tx); number(t.ty)
        }

        mutating func integer(_ value: Int) { words.append(UInt64(bitPattern: Int64(value))) }

        mutating func number(_ value: Double) { words.append(value.bitPattern) }

        mutating func point(_ p: Point) {
            number(p.x); number(p.y)
        }

        mutating func rect(_ r: Rect) {
            point(r.origin); number(r.size.width); number(r.size.height)
        }

        mutating func style(_ style: StrokeStyle) {
            number(style.lineWidth)
            switch style.lineCap {
            case .butt: integer(0)
            case .round: integer(1)
            case .square: integer(2)
            }
            switch style.lineJoin {
            case .miter: integer(0)
            case .round: integer(1)
            case .bevel: integer(2)
            }
            number(style.miterLimit)
            integer(style.dashPattern.count)
            for length in style.dashPattern { number(length) }
            number(style.dashPhase); number(style.strokeStart); number(style.strokeEnd)
        }

        mutating func path(_ path: ShapePath) {
            integer(path.subpaths.count)
            for subpath in path.subpaths {
                switch subpath {
                case .ellipse(let r):
                    integer(0); rect(r)
                case .roundedRect(let r, let cornerRadius):
                    integer(1); rect(r); number(cornerRadius)
                case .star(let center, let points, let outerRadius, let innerRadius, let rotation):
                    integer(2); point(center); integer(points)
                    number(outerRadius); number(innerRadius); number(rotation)
                case .elements(let elements):
                    integer(3); integer(elements.count)
                    for element in elements { self.element(element) }
                }
            }
        }

        mutating func element(_ element: PathElement) {
            switch element {
            case .move(let p): integer(0); point(p)
            case .line(let p): integer(1); point(p)
            case .quad(let control, let end): integer(2); point(control); point(end)
            case .cubic(let control1, let control2, let end): integer(3); point(control1); point(control2); point(end)
            case .close: integer(4)
            }
        }
    }
}
