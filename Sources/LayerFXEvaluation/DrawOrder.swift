import LayerFXPrimitives

/// The primitives of a frame being built, typed as the frame holds them
/// (plain device circles and other instances, each in an array of its own)
/// with the draw order as a list of positions pointing into the two arrays.
///
/// Positions are what the builder's offscreen layers remember and edit
/// (drop a layer's contents, dissolve its marker, fade its one shape).
/// Every edit keeps each array in draw order with no entry left unpointed-at,
/// so the finished ``runs`` cover both arrays once, in order.
struct DrawOrder {
    private(set) var circles: [DeviceCircle] = []
    private(set) var instances: [PrimitiveInstance] = []
    /// One entry per primitive, in draw order: `i ≥ 0` is `instances[i]`,
    /// `i < 0` is `circles[~i]`.
    private var entries: [Int] = []

    /// Primitives so far, circles and instances.
    var count: Int { entries.count }

    /// Where the order stands: what ``truncate(to:)`` goes back to.
    struct Mark {
        let position: Int, circles: Int, instances: Int
    }

    /// The order as it is now.
    var mark: Mark { Mark(position: entries.count, circles: circles.count, instances: instances.count) }

    /// Makes room for `n` primitives of either type.
    mutating func reserveCapacity(_ n: Int) {
        entries.reserveCapacity(n)
        circles.reserveCapacity(n)
        instances.reserveCapacity(n)
    }

    /// Makes room for `n` more instances (a path's bands), growing
    /// geometrically as appending does.
    mutating func reserveInstances(_ n: Int) {
        let needed = instances.count + n
        guard instances.capacity < needed else { return }
        instances.reserveCapacity(max(needed, 2 * instances.capacity))
        entries.reserveCapacity(max(entries.count + n, 2 * entries.capacity))
    }

    /// Draws `circle` next.
    mutating func append(_ circle: DeviceCircle) {
        entries.append(~circles.count)
        circles.append(circle)
    }

    /// Draws `instance` next.
    mutating func append(_ instance: PrimitiveInstance) {
        entries.append(instances.count)
        instances.append(instance)
    }

    /// Drops everything appended since `mark`.
    mutating func truncate(to mark: Mark) {
        entries.removeSubrange(mark.position...)
        circles.removeSubrange(mark.circles...)
        instances.removeSubrange(mark.instances...)
    }

    /// The kind of the primitive at `position` (a circle is an ellipse).
    func kind(at position: Int) -> ShapeKind {
        let entry = entries[position]
        return entry < 0 ? .ellipse : instances[entry].kind
    }

    /// The device box the primitive at `position` may touch.
    func deviceBounds(at position: Int) -> SIMD4<Float> {
        let entry = entries[position]
        return entry < 0 ? circles[~entry].deviceBounds : instances[entry].deviceBounds
    }

    /// Multiplies the opacity of the primitive at `position` by `opacity`.
    mutating func fade(at position: Int, by opacity: Float) {
        let entry = entries[position]
        if entry < 0 { circles[~entry].fade(by: opacity) } else { instances[entry].shapeExtra.z *= opacity }
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

    /// Forgets every primitive, keeping the arrays' room for the next frame.
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        circles.removeAll(keepingCapacity: true)
        instances.removeAll(keepingCapacity: true)
    }

    /// Appends this order's circles, instances and runs to a frame's
    /// arrays, after what they hold: each run's range moved past the
    /// circles and instances before it, path bands' first edges moved on
    /// by `edgeOffset` (the edges before them).
    func append(to frameCircles: inout [DeviceCircle], _ frameInstances: inout [PrimitiveInstance],
                runs: inout [DrawRun], edgeOffset: Float) {
        var circleEnd = frameCircles.count, instanceEnd = frameInstances.count
        frameCircles += circles
        let instanceBase = frameInstances.count
        frameInstances += instances
        if edgeOffset > 0 {
            for i in instanceBase..<frameInstances.count where frameInstances[i].kind == .path {
                frameInstances[i].shapeExtra.x += edgeOffset
            }
        }
        if instances.isEmpty {
            // Circles only (a field of ripples): one run, not one step per entry.
            guard !circles.isEmpty else { return }
            if let last = runs.last, last.kind == .circles {
                runs[runs.count - 1].range = last.range.lowerBound..<frameCircles.count
            } else {
                runs.append(DrawRun(.circles, circleEnd..<frameCircles.count))
            }
            return
        }
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
}
