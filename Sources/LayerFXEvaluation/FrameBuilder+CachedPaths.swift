import LayerFXCore
import LayerFXPrimitives

/// Paths drawn from the evaluator's ``GeometryCache`` when their polygon
/// bands were made in an earlier frame.
extension FrameBuilder {
    /// Fills, by `rule` with `color`, the polygon `make` builds: its
    /// contours in device pixels, nil when it failed the frame. `make`
    /// records in its geometry the budget charges it makes (through
    /// ``make(_:recordingIn:)``) and the opacity it adds. The bands are then
    /// stored under `key`; when `key` already has bands, `make` is not called:
    /// the stored charges are made again and the stored bands drawn, which
    /// builds the same primitives and edges, and fails the frame at the same
    /// point. Without a key (no cache) the polygon is always built.
    mutating func emitPolygon(cachedAs key: GeometryKey?, rule: WindingRule, color: Color, clips: ClipStack,
                              make: (inout FrameBuilder, inout PathGeometry) -> [[Point]]?) {
        if let key, let cached = geometryCache?.geometry(for: key) {
            return emit(cached, rule: rule, color: color, clips: clips)
        }
        var geometry = PathGeometry()
        guard let contours = make(&self, &geometry) else { return }
        let color = color.clamped
        guard color.alpha > 0, geometry.opacity > 0, !failed else { return }
        geometry.bands = polygonBands(of: contours, rule: rule)
        guard !failed else { return }
        if let key { geometryCache?.store(geometry, for: key) }
        if let bands = geometry.bands { emit(bands, rule: rule, color: color, opacity: geometry.opacity, clips: clips) }
    }

    /// Makes `charge` and records it in `geometry`; false when it failed the frame.
    mutating func make(_ charge: PathCharge, recordingIn geometry: inout PathGeometry) -> Bool {
        geometry.charges.append(charge)
        return make(charge)
    }

    /// Fails the frame for a stroke outline with more vertices than the budget has left.
    mutating func failOutline() {
        fail(.vertices, count: Double(budget[.vertices]), verb: "stroke outlines need more than")
    }

    /// Draws stored geometry as ``emitPolygon(cachedAs:rule:color:clips:make:)`` drew it when it was made.
    private mutating func emit(_ geometry: PathGeometry, rule: WindingRule, color: Color, clips: ClipStack) {
        for charge in geometry.charges {
            guard make(charge) else { return }
        }
        guard color.clamped.alpha > 0, geometry.opacity > 0, !failed, let bands = geometry.bands,
              charge(.bandEdges, bands.bandEdgeCount) else { return }
        emit(bands, rule: rule, color: color, opacity: geometry.opacity, clips: clips)
    }

    /// Makes `charge`; false when it failed the frame.
    private mutating func make(_ charge: PathCharge) -> Bool {
        switch charge {
        case .work(let key, let amount):
            return self.charge(key, amount)
        case .outline(let vertices):
            guard vertices <= budget[.vertices] - spent[.vertices] else {
                failOutline()
                return false
            }
            return self.charge(.vertices, vertices)
        }
    }
}
