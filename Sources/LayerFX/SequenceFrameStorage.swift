/// The storage of a sequence's frames when each frame is drawn while the
/// next is evaluated (``Renderer/renderSequence(_:times:deliver:)``, or
/// ``Renderer/renderSequence(count:frame:deliver:)`` with frames evaluated
/// by ``frame(_:evaluate:)``): two
/// ``FrameStorage``s taken in turn. Frame i + 2 is evaluated only after
/// frame i has been drawn and let go (frame i + 1 is being drawn then), so
/// frame i, kept here, is recycled into the storage frame i + 2 is evaluated
/// in: a long sequence evaluates into the same arrays over and over. Should
/// anything still hold frame i, recycling it costs only the reuse (its
/// arrays are values: the next frame then gets arrays of its own).
public final class SequenceFrameStorage: Sendable {
    private struct Slot {
        var storage = FrameStorage()
        var lastFrame: Frame?
    }

    private let slots = LockedValue([Slot(), Slot()])

    /// Storage for one sequence.
    public init() {}

    /// Frame `index`, made by `evaluate` in the storage of its turn, after
    /// the frame two before it is recycled there.
    public func frame(_ index: Int, evaluate: (inout FrameStorage) throws -> Frame) throws -> Frame {
        try slots.withLock { (slots: inout [Slot]) throws -> Frame in
            let turn = index % 2
            if let earlier = slots[turn].lastFrame.take() { slots[turn].storage.recycle(earlier) }
            let frame = try evaluate(&slots[turn].storage)
            slots[turn].lastFrame = frame
            return frame
        }
    }
}
