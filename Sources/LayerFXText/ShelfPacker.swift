/// Places rectangles into rows ("shelves") of a fixed-width image that grows
/// downward: each rectangle goes on the shelf whose height fits it with the
/// least waste, or on a new shelf below the others, its height rounded up to
/// a multiple of 8 so that glyphs of similar heights share shelves.
struct ShelfPacker {
    private struct Shelf { var y: Int, height: Int, usedWidth: Int }

    /// The image width every shelf spans.
    let width: Int
    /// The bottom of the lowest shelf: how tall the image must be.
    private(set) var usedHeight = 0
    private var shelves: [Shelf] = []

    init(width: Int) { self.width = width }

    /// The top-left corner for a `width × height` rectangle, or nil when it is
    /// wider than the image.
    mutating func place(width: Int, height: Int) -> (x: Int, y: Int)? {
        guard width <= self.width else { return nil }
        let fitting = shelves.indices.filter { shelves[$0].height >= height && shelves[$0].usedWidth + width <= self.width }
        if let best = fitting.min(by: { shelves[$0].height < shelves[$1].height }) {
            defer { shelves[best].usedWidth += width }
            return (shelves[best].usedWidth, shelves[best].y)
        }
        let shelfHeight = (height + 7) / 8 * 8
        shelves.append(Shelf(y: usedHeight, height: shelfHeight, usedWidth: width))
        defer { usedHeight += shelfHeight }
        return (0, usedHeight)
    }
}
