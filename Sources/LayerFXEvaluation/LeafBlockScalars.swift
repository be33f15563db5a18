import LayerFXModel

/// The presentation values of a block of compiled leaves at one time,
/// evaluated together: every channel's progress first, then the timing
/// curves, four solves at a time for channels sharing one record (a field
/// of ripples), then the values in each leaf's channel order. The values are
/// the ones ``ScalarChannel/apply(atLocalTime:keyframes:to:)`` gives channel by channel,
/// bit for bit. The arrays are kept from block to block and frame to frame.
struct LeafBlockScalars {
    /// Most leaves in one block.
    static let capacity = 32

    /// Each leaf's values, in block order (the first leaves' count of them).
    private(set) var values: [AnimatedScalars] = []
    /// Per channel use of the block.
    private var uses: [UseState] = []
    /// Curve solves: the shared channel, and the channel use waiting for it.
    private var solves: [Solve] = []

    private struct UseState {
        /// The progress, then the curve's value of it.
        var fraction = 0.0
        /// Whole cycles before the current one.
        var iteration = 0.0
        /// False when the channel has no effect at this time.
        var hasEffect = false
    }

    private struct Solve {
        var channel: UInt32
        var use: Int32
    }

    /// Evaluates the leaves whose indices in `compiled.leaves` are `slots`,
    /// at the top level at scene time `time`.
    mutating func evaluate(_ slots: UnsafeBufferPointer<Int32>, of compiled: CompiledBuffers, at time: Double) {
        let leaves = compiled.leaves.baseAddress!
        var useCount = 0
        for slot in slots { useCount += Int(leaves[Int(slot)].channelCount) }
        // Grown, never shrunk: in the steady state this allocates nothing.
        if values.count < slots.count { values += Array(repeating: values.first ?? Self.zero, count: slots.count - values.count) }
        if uses.count < useCount { uses += Array(repeating: UseState(), count: useCount - uses.count) }
        if solves.count < useCount { solves += Array(repeating: Solve(channel: 0, use: 0), count: useCount - solves.count) }
        uses.withUnsafeMutableBufferPointer { uses in
            solves.withUnsafeMutableBufferPointer { solves in
                values.withUnsafeMutableBufferPointer { values in
                    var solveCount = 0
                    // Progress of every channel use; curves wait.
                    var u = 0
                    for slot in slots {
                        let leaf = leaves + Int(slot)
                        let localTime = compiled.timings[Int(leaf.pointee.timing)].localTime(parentTime: time)
                        let first = Int(leaf.pointee.firstChannel)
                        for c in first..<(first + Int(leaf.pointee.channelCount)) {
                            let use = compiled.channels[c]
                            let channel = compiled.sharedChannels.baseAddress! + Int(use.channel)
                            if use.sharesProgressWithPrevious {
                                // The same timing as the channel before: the same progress, still before its curve.
                                uses[u] = uses[u - 1]
                                if uses[u].hasEffect, channel.pointee.curve != nil {
                                    solves[solveCount] = Solve(channel: use.channel, use: Int32(u))
                                    solveCount += 1
                                }
                            } else if let (progress, iteration) = ScalarChannel.progress(of: channel,
                                                                                        atLocalTime: localTime - use.beginTime) {
                                uses[u] = UseState(fraction: progress, iteration: iteration, hasEffect: true)
                                if channel.pointee.curve != nil {
                                    solves[solveCount] = Solve(channel: use.channel, use: Int32(u))
                                    solveCount += 1
                                }
                            } else {
                                uses[u].hasEffect = false
                            }
                            u += 1
                        }
                    }
                    Self.solveCurves(solves.prefix(solveCount), uses, compiled)
                    // Values, each leaf's channels in order (additive ones read the ones before).
                    u = 0
                    for (k, slot) in slots.enumerated() {
                        let leaf = leaves + Int(slot)
                        let shape = UnsafePointer(leaf).pointer(to: \.shape)!
                        var p = AnimatedScalars(opacity: shape.pointee.opacity, positionX: shape.pointee.positionX,
                                                positionY: shape.pointee.positionY, lineWidth: shape.pointee.lineWidth,
                                                transform: compiled.transforms[Int(leaf.pointee.transform)])
                        let first = Int(leaf.pointee.firstChannel)
                        for c in first..<(first + Int(leaf.pointee.channelCount)) {
                            if uses[u].hasEffect {
                                ScalarChannel.apply(compiled.sharedChannels.baseAddress! + Int(compiled.channels[c].channel),
                                                    fraction: uses[u].fraction, iteration: uses[u].iteration,
                                                    keyframes: compiled.keyframes, to: &p)
                            }
                            u += 1
                        }
                        values[k] = p
                    }
                }
            }
        }
    }

    /// Replaces each waiting progress by its curve's value: runs of solves
    /// of one shared channel four at a time, the rest one by one.
    private static func solveCurves(_ solves: Slice<UnsafeMutableBufferPointer<Solve>>,
                                    _ uses: UnsafeMutableBufferPointer<UseState>, _ compiled: CompiledBuffers) {
        var i = solves.startIndex
        while i < solves.endIndex {
            let channel = solves[i].channel
            let curve = (compiled.sharedChannels.baseAddress! + Int(channel)).pointee.curve!
            if i + 4 <= solves.endIndex, solves[i + 1].channel == channel, solves[i + 2].channel == channel,
               solves[i + 3].channel == channel {
                let u = (Int(solves[i].use), Int(solves[i + 1].use), Int(solves[i + 2].use), Int(solves[i + 3].use))
                let y = curve.values(at: SIMD4(uses[u.0].fraction, uses[u.1].fraction, uses[u.2].fraction,
                                               uses[u.3].fraction))
                uses[u.0].fraction = y[0]; uses[u.1].fraction = y[1]; uses[u.2].fraction = y[2]; uses[u.3].fraction = y[3]
                i += 4
            } else {
                let u = Int(solves[i].use)
                uses[u].fraction = curve.value(at: uses[u].fraction)
                i += 1
            }
        }
    }

    private static let zero = AnimatedScalars(opacity: 0, positionX: 0, positionY: 0, lineWidth: 0, transform: .identity)
}
