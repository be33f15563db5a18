/// A path's subpaths, in drawing order: an array, except that a path of one
/// subpath (a circle, a star, a rounded rectangle: most paths) holds it
/// inline, so making or interpolating such a path allocates nothing.
public struct SubpathList: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    /// One subpath inline, or any other number in an array (never one, so
    /// that equal lists are equal cases).
    private enum Storage: Hashable, Sendable {
        case one(Subpath)
        case array([Subpath])
    }

    private var storage: Storage

    /// The subpaths of `subpaths`, in order.
    public init(_ subpaths: some Sequence<Subpath>) {
        let array = Array(subpaths)
        storage = array.count == 1 ? .one(array[0]) : .array(array)
    }

    /// A list of the one subpath `subpath`.
    public init(_ subpath: Subpath) { storage = .one(subpath) }

    /// The listed subpaths, in order.
    public init(arrayLiteral subpaths: Subpath...) { self.init(subpaths) }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .one: 1
        case .array(let array): array.count
        }
    }

    public subscript(position: Int) -> Subpath {
        switch storage {
        case .one(let subpath):
            precondition(position == 0, "SubpathList index out of range")
            return subpath
        case .array(let array): return array[position]
        }
    }
}
