import LayerFXCore
import LayerFXModel

/// A Lottie path (`{"v": […], "i": […], "o": […], "c": true}`): vertices,
/// each with its in and out tangents relative to it; segment j runs from
/// vertex j to j + 1 through `v[j] + o[j]` and `v[j+1] + i[j+1]`, and a
/// closed path has a segment back to vertex 0.
struct LottieBezier: Sendable, Equatable {
    var vertices: [Point]
    var inTangents: [Point]
    var outTangents: [Point]
    var closed: Bool

    /// No vertices.
    static let empty = LottieBezier(vertices: [], inTangents: [], outTangents: [], closed: false)

    /// Reads a path object, or the first path of an array of them (how
    /// keyframe values hold it). Tangent lists shorter than the vertices
    /// count as zero tangents; a path of mismatched lists is empty, as the
    /// players draw it.
    static func read(_ value: TreeValue) throws -> LottieBezier {
        var object = value
        if value.kind == .array {
            guard let first = try value.elements().first else { return .empty }
            object = first
        }
        let members = try object.object()
        func points(_ key: String) throws -> [Point] {
            guard let list = try members.elements(key) else { return [] }
            return try list.map { element in
                let numbers = try element.lottieNumbers()
                guard numbers.count >= 2, numbers[0].isFinite, numbers[1].isFinite else {
                    throw element.issue("expected a point [x, y]")
                }
                return Point(x: numbers[0], y: numbers[1])
            }
        }
        let vertices = try points("v"), ins = try points("i"), outs = try points("o")
        guard ins.count == vertices.count, outs.count == vertices.count else { return .empty }
        return LottieBezier(vertices: vertices, inTangents: ins, outTangents: outs, closed: try members.flag("c"))
    }

    /// The cubic segments from vertex to vertex (and back to the first when closed).
    var segments: [CubicSegment] {
        guard vertices.count > 1 else { return [] }
        var result: [CubicSegment] = []
        let count = closed ? vertices.count : vertices.count - 1
        result.reserveCapacity(count)
        for j in 0..<count {
            let next = (j + 1) % vertices.count
            result.append(CubicSegment(start: vertices[j], control1: vertices[j] + outTangents[j],
                                       control2: vertices[next] + inTangents[next], end: vertices[next]))
        }
        return result
    }

    /// The path `fraction` of the way to `other`, vertex by vertex (as many
    /// vertices as the shorter has, closed as this one).
    func interpolated(to other: LottieBezier, _ fraction: Double) -> LottieBezier {
        let count = min(vertices.count, other.vertices.count)
        func lerp(_ a: [Point], _ b: [Point]) -> [Point] {
            (0..<count).map { Point(x: a[$0].x + (b[$0].x - a[$0].x) * fraction, y: a[$0].y + (b[$0].y - a[$0].y) * fraction) }
        }
        return LottieBezier(vertices: lerp(vertices, other.vertices), inTangents: lerp(inTangents, other.inTangents),
                            outTangents: lerp(outTangents, other.outTangents), closed: closed)
    }

    /// The path mapped through `transform`.
    func applying(_ transform: AffineTransform) -> LottieBezier {
        let linear = AffineTransform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: 0, ty: 0)
        return LottieBezier(vertices: vertices.map(transform.apply), inTangents: inTangents.map(linear.apply),
                            outTangents: outTangents.map(linear.apply), closed: closed)
    }

    /// The path the other way round (same vertices, from the last to the first).
    var reversed: LottieBezier {
        guard vertices.count > 1 else { return self }
        if closed {
            // Vertex 0 stays first: 0, n−1, …, 1.
            let order = [0] + (1..<vertices.count).reversed()
            return LottieBezier(vertices: order.map { vertices[$0] }, inTangents: order.map { outTangents[$0] },
                                outTangents: order.map { inTangents[$0] }, closed: true)
        }
        return LottieBezier(vertices: vertices.reversed(), inTangents: outTangents.reversed(),
                            outTangents: inTangents.reversed(), closed: false)
    }
}
