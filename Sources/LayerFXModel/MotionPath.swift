import LayerFXCore

/// The path of a `CAKeyframeAnimation` with `path` set: the animated point
/// follows it. The end point of every path element is a keyframe, and between
/// two keyframes the point moves along the element joining them.
public struct MotionPath: Hashable, Sendable {
    /// One path element as a cubic Bézier (a line has its control points at
    /// its thirds, so it is traversed at constant speed); see ``CubicSegment``.
    public typealias Segment = CubicSegment

    /// Where the path begins (the first keyframe).
    public var start: Point
    /// The elements in order; keyframe `i` is the end of `segments[i − 1]`.
    public var segments: [Segment]

    /// A path from `start` through `segments`.
    public init(start: Point, segments: [Segment]) {
        self.start = start; self.segments = segments
    }

    /// The number of keyframes: the start and each element's end.
    public var keyframeCount: Int { segments.count + 1 }

    /// Keyframe `index`.
    public func keyframe(_ index: Int) -> Point { index == 0 ? start : segments[index - 1].end }
}

extension MotionPath {
    /// The point at `progress` (the animation's eased progress in 0…1) and
    /// the direction of travel there, in radians. Keyframes are chosen as
    /// `KeyframeTiming` describes, with arc lengths for the paced modes;
    /// inside an element the point moves by Bézier parameter, or (paced modes)
    /// by arc length, so a paced animation runs at constant speed. `discrete`
    /// jumps from keyframe to keyframe.
    func place(at progress: Double, keyTimes: [Double]?, timingFunctions: [TimingFunction]?,
               calculationMode: CalculationMode) -> (point: Point, angle: Double) {
        guard !segments.isEmpty else { return (start, 0) }
        let timing = KeyframeTiming(count: keyframeCount, keyTimes: keyTimes, timingFunctions: timingFunctions,
                                    calculationMode: calculationMode)
        switch timing.position(at: progress, lengths: { segments[$0 - 1].length() }) {
        case .key(let i):
            let segment = i == 0 ? segments[0] : segments[i - 1]
            return (keyframe(i), segment.tangentAngle(at: i == 0 ? 0 : 1))
        case .between(let end, let fraction):
            let segment = segments[end - 1]
            let paced = calculationMode == .paced || calculationMode == .cubicPaced
            let t = paced ? segment.parameter(atLengthFraction: fraction) : fraction
            return (segment.point(at: t), segment.tangentAngle(at: t))
        }
    }
}
