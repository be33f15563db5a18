/// The `CAMediaTiming` properties that matter on a layer. A layer's duration
/// is infinite, so it never repeats, reverses or fills: it only shifts and
/// scales time for its own animations and its whole subtree.
public struct LayerTiming: Hashable, Sendable {
    /// In the superlayer's time (scene time for a root layer).
    public var beginTime: Double = 0
    /// 0 freezes the subtree at `timeOffset`.
    public var speed: Double = 1
    /// Added to the local time after scaling by `speed`.
    public var timeOffset: Double = 0

    /// Layer timing from `CAMediaTiming`'s three properties.
    public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
        self.beginTime = beginTime; self.speed = speed; self.timeOffset = timeOffset
    }

    /// No shift, no scaling: local time equals parent time.
    public static let identity = LayerTiming()

    /// The layer's local time for its superlayer's time `parentTime`:
    /// `(parentTime − beginTime) · speed + timeOffset`. Animations added to
    /// the layer and its sublayers' timing read this time.
    @inlinable
    public func localTime(parentTime: Double) -> Double {
        (parentTime - beginTime) * speed + timeOffset
    }
}
