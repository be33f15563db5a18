/// A stretch of a frame's draw order: consecutive entries of one of its
/// typed arrays (``Frame/circles`` or ``Frame/instances``).
///
/// A frame's runs, in order, are its whole draw order: each array is covered
/// once, front to back, by the runs of its kind.
public struct DrawRun: Equatable, Sendable {
    /// Which array a run reads.
    public enum Kind: UInt8, Sendable {
        /// ``Frame/circles``, drawn by the circle program and the circle span kernel.
        case circles
        /// ``Frame/instances``: analytic shapes, path bands, glyphs and
        /// offscreen-layer markers, drawn per ``ShapeKind``.
        case instances
    }

    /// The array the run reads.
    public var kind: Kind
    /// The entries of that array it covers.
    public var range: Range<Int>

    /// A run of `range` in the array of `kind`.
    public init(_ kind: Kind, _ range: Range<Int>) {
        self.kind = kind; self.range = range
    }

    /// Whether `runs` cover `circleCount` circles and `instanceCount`
    /// instances once each, in order, with no empty run.
    public static func cover(_ runs: [DrawRun], circleCount: Int, instanceCount: Int) -> Bool {
        var next = (circles: 0, instances: 0)
        for run in runs {
            guard !run.range.isEmpty else { return false }
            switch run.kind {
            case .circles:
                guard run.range.lowerBound == next.circles else { return false }
                next.circles = run.range.upperBound
            case .instances:
                guard run.range.lowerBound == next.instances else { return false }
                next.instances = run.range.upperBound
            }
        }
        return next == (circleCount, instanceCount)
    }
}
