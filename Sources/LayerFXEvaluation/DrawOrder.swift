import LayerFXPrimitives

/// The primitives of a frame being built, typed as the frame holds them
/// (plain device circles and other instances, each in an array of its own)
/// with the draw order as a list of positions pointing into the two arrays.
///
/// Positions are what the builder's offscreen layers remember and edit
/// (drop a layer's contents, dissolve its marker, fade its one shape).
/// Every edit keeps each array in draw order with no entry left unpointed-at,
/// so the finished runs cover both arrays once, in order.
///
/// Two economies for fields of circles: while every primitive is a circle,
/// the list of positions is not kept (position i is circle i); and the
/// circles may be written straight into a place in the frame's own array
/// (``attachSink(_:)``), so that joining the parallel tasks' orders copies
/// nothing. (Sendable: a sink is written only by the task whose order it is,
/// and the order forgets it when the frame is joined.)
struct DrawOrder: @unchecked Sendable {
    /// The circles, when no sink is attached.
    private var ownCircles: [DeviceCircle] = []
    /// Where the circles go instead, and how many are there.
    private var sink: UnsafeMutableBufferPointer<DeviceCircle>? = nil
    private var sinkCount = 0
    private(set) var instances: [PrimitiveInstance] = []
    /// One entry per primitive, in draw order: `i ≥ 0` is `instances[i]`,
    /// `i < 0` is circle `~i`. Empty while `circlesOnly`.
    private var entries: [Int] = []
    /// Whether every primitive so far is a circle (`entries` is then not kept).
    private var circlesOnly = true

    /// Primitives so far, circles and instances.
    var count: Int { circlesOnly ? circleCount : entries.count }

    /// Circles so far.
    var circleCount: Int { sink == nil ? ownCircles.count : sinkCount }

    /// Where the order stands: what ``truncate(to:)`` goes back to.
    struct Mark {
        let position: Int, circles: Int, instances: Int
    }

    /// The order as it is now.
    var mark: Mark { Mark(position: count, circles: circleCount, instances: instances.count) }

    /// Makes room for `n` primitives of either type.
    mutating func reserveCapacity(_ n: Int) {
        if sink == nil { ownCircles.reserveCapacity(n) }
        instances.reserveCapacity(n)
    }

    /// Makes room for `n` more instances (a path's bands), growing
    /// geometrically as appending does.
    mutating func reserveInstances(_ n: Int) {
        let needed = instances.count + n
        guard instances.capacity < needed else { return }
        instances.reserveCapacity(max(needed, 2 * instances.capacity))
        entries.reserveCapacity(max(count + n, 2 * entries.capacity))
    }

    /// Writes the circles into `sink` from now on (the order must hold no
    /// circle yet); more circles than it holds move back into an array of
    /// the order's own.
    mutating func attachSink(_ sink: UnsafeMutableBufferPointer<DeviceCircle>) {
        precondition(circleCount == 0, "a sink is attached before any circle")
        self.sink = sink
        sinkCount = 0
    }

    /// Whether the circles are in the attached sink (false once they have
    /// outgrown it, or when none was attached).
    var usesSink: Bool { sink != nil }

    /// Forgets the sink once the frame holding its circles is made: the
    /// order then holds no circles (it is emptied before its next frame
    /// anyway), and no longer points into the frame's array.
    mutating func forgetSink() {
        sink = nil
        sinkCount = 0
    }

    /// Draws `circle` next.
    mutating func append(_ circle: DeviceCircle) {
        if !circlesOnly { entries.append(~circleCount) }
        if let sink {
            if sinkCount < sink.count {
                sink[sinkCount] = circle
                sinkCount += 1
                return
            }
            ownCircles = Array(sink.prefix(sinkCount))
            self.sink = nil
        }
        ownCircles.append(circle)
    }

    /// Draws `instance` next.
    mutating func append(_ instance: PrimitiveInstance) {
        if circlesOnly {
            // The first instance: the positions so far are the circles.
            entries.removeAll(keepingCapacity: true)
            entries.append(contentsOf: (0..<circleCount).lazy.map { ~$0 })
            circlesOnly = false
        }
        entries.append(instances.count)
        instances.append(instance)
    }

    /// Drops everything appended since `mark`.
    mutating func truncate(to mark: Mark) {
        if !circlesOnly { entries.removeSubrange(mark.position...) }
        if sink != nil { sinkCount = mark.circles } else { ownCircles.removeSubrange(mark.circles...) }
        instances.removeSubrange(mark.instances...)
    }

    /// The circle at index `i` of the circles.
    private func circle(_ i: Int) -> DeviceCircle { sink?[i] ?? ownCircles[i] }

    /// The array index the primitive at `position` has: ≥ 0 an instance, < 0 the complement of a circle's.
    private func entry(at position: Int) -> Int { circlesOnly ? ~position : entries[position] }

    /// The kind of the primitive at `position` (a circle is an ellipse).
    func kind(at position: Int) -> ShapeKind {
        let entry = entry(at: position)
        return entry < 0 ? .ellipse : instances[entry].kind
    }

    /// The device box the primitive at `position` may touch.
    func deviceBounds(at position: Int) -> SIMD4<Float> {
        let entry = entry(at: position)
        return entry < 0 ? circle(~entry).deviceBounds : instances[entry].deviceBounds
    }

    /// Multiplies the opacity of the primitive at `position` by `opacity`.
    mutating func fade(at position: Int, by opacity: Float) {
        let entry = entry(at: position)
        if entry >= 0 {
            instances[entry].shapeExtra.z *= opacity
        } else if let sink {
            sink[~entry].fade(by: opacity)
        } else {
            ownCircles[~entry].fade(by: opacity)
        }
    }

    /// The instance at `position`; nil for a circle.
    func instance(at position: Int) -> PrimitiveInstance? {
        let entry = entry(at: position)
        return entry < 0 ? nil : instances[entry]
    }

    /// Replaces the instance at `position` (a marker's final bounds).
    mutating func replaceInstance(at position: Int, with instance: PrimitiveInstance) {
        instances[entries[position]] = instance
    }

    /// Removes the instance at `position` (a dissolved layer's marker).
    mutating func removeInstance(at position: Int) {
        let removed = entries.remove(at: position)
        instances.remove(at: removed)
        for i in position..<entries.count where entries[i] > removed { entries[i] -= 1 }
    }

    /// Forgets every primitive and any sink, keeping the arrays' room for
    /// the next frame.
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        ownCircles.removeAll(keepingCapacity: true)
        instances.removeAll(keepingCapacity: true)
        sink = nil
        sinkCount = 0
        circlesOnly = true
    }

    /// Appends this order's runs to a frame's, as the runs of circles and
    /// instances placed after `circleBase` circles and `instanceBase`
    /// instances.
    func appendRuns(to runs: inout [DrawRun], circleBase: Int, instanceBase: Int) {
        if circlesOnly {
            // Circles only (a field of ripples): one run, not one step per entry.
            guard circleCount > 0 else { return }
            let end = circleBase + circleCount
            if let last = runs.last, last.kind == .circles {
                runs[runs.count - 1].range = last.range.lowerBound..<end
            } else {
                runs.append(DrawRun(.circles, circleBase..<end))
            }
            return
        }
        var circleEnd = circleBase, instanceEnd = instanceBase
        for entry in entries {
            if entry < 0 {
                circleEnd += 1
                runs.extend(.circles, to: circleEnd)
            } else {
                instanceEnd += 1
                runs.extend(.instances, to: instanceEnd)
            }
        }
    }

    /// Appends the circles (when they are not in a sink) to `frameCircles`
    /// and the instances to `frameInstances`, path bands' first edges moved
    /// on by `edgeOffset` (the edges before them), images' indices by
    /// `imageOffset` (the images before them) and the first stops of
    /// gradients in the stop table by `stopOffset`.
    func append(to frameCircles: inout [DeviceCircle], _ frameInstances: inout [PrimitiveInstance], edgeOffset: Float,
                imageOffset: UInt32, stopOffset: Int) {
        if sink == nil { frameCircles += ownCircles }
        let instanceBase = frameInstances.count
        frameInstances += instances
        guard edgeOffset > 0 || imageOffset > 0 || stopOffset > 0 else { return }
        for i in instanceBase..<frameInstances.count {
            switch frameInstances[i].kind {
            case .path: frameInstances[i].shapeExtra.x += edgeOffset
            // An image's stops0.x is its image's index, never a stop table index.
            case .image: frameInstances[i].stops0.x += imageOffset
            default: break
            }
            if stopOffset > 0, frameInstances[i].gradientTableRange != nil {
                frameInstances[i].stops0.x &+= UInt32(truncatingIfNeeded: stopOffset)
            }
        }
    }
}
