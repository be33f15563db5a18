import LayerFXModel

/// One step of a layer's place in the scene document.
enum DocumentStep {
    /// `layers[i]`
    case layer(Int)
    /// `sublayers[i]`
    case sublayer(Int)
    /// `mask`
    case mask
}

extension FrameBuilder {
    /// Adds `amount` to what the frame has spent of `key`; false when that
    /// goes over the budget, and the frame has then failed (the walk stops).
    @inline(__always)
    mutating func charge(_ key: WorkBudget.Key, _ amount: Int, verb: String = "the frame needs") -> Bool {
        let (sum, overflow) = spent[key].addingReportingOverflow(max(amount, 0))
        spent[key] = overflow ? .max : sum
        guard spent[key] > budget[key] else { return true }
        failCharge(key, verb: verb)
        return false
    }

    /// Fails the frame for going over `key`'s limit (the rare end of ``charge(_:_:verb:)``).
    @inline(never)
    private mutating func failCharge(_ key: WorkBudget.Key, verb: String) {
        fail(key, count: Double(spent[key]), verb: verb)
    }

    /// Whether the primitives so far fit the budget (failing the frame when not).
    mutating func primitivesFit() -> Bool {
        guard order.count > primitiveLimit else { return true }
        fail(.primitives, count: Double(order.count), verb: "the frame needs")
        return false
    }

    /// Charges the pixels of the frame that the device box `x0…x1` × `y0…y1`
    /// covers (nothing for a box off the frame; NaN counts as nothing).
    mutating func chargePixels(x0: Double, y0: Double, x1: Double, y1: Double) -> Bool {
        let columns = min(x1, Double(width)) - max(x0, 0), rows = min(y1, Double(height)) - max(y0, 0)
        guard columns > 0, rows > 0 else { return true }
        return charge(.pixels, Int(saturating: columns * rows))
    }

    /// Records the first limit the frame went over, at the current layer.
    mutating func fail(_ key: WorkBudget.Key, count: Double, verb: String) {
        guard !failed else { return }
        exceeded = WorkBudgetExceeded(key: key, count: count, limit: budget[key], layerPath: documentPath,
                                      time: time, verb: verb)
        failed = true
    }

    /// Whether `count` replicator instances fit the budget if each costs what
    /// the first one did (from `spentBefore` and `primitivesBefore`, taken
    /// before it); otherwise fails the frame at once, so a replicated
    /// expensive shape fails in the time of one copy, not of the limit.
    mutating func projectedCostFits(ofInstances count: Int, spentBefore: SpentBudget, primitivesBefore: Int) -> Bool {
        let n = Double(count)
        for key in WorkBudget.Key.allCases where key != .instances {
            let perInstance = Double(spent[key] - spentBefore[key])
            let projected = Double(spentBefore[key]) + perInstance * n
            if perInstance > 0, projected > Double(budget[key]) {
                fail(key, count: projected, verb: "replicators expand to about")
                return false
            }
        }
        let projected = Double(primitivesBefore) + Double(order.count - primitivesBefore) * n
        guard projected <= Double(budget[.primitives]) else {
            fail(.primitives, count: projected, verb: "replicators expand to about")
            return false
        }
        return true
    }

    /// The current layer's place in the scene document: `layers[0].sublayers[2].mask`.
    var documentPath: String {
        var text = ""
        for step in steps {
            switch step {
            case .layer(let i): text += "layers[\(i)]"
            case .sublayer(let i): text += ".sublayers[\(i)]"
            case .mask: text += ".mask"
            }
        }
        return text.isEmpty ? "layers" : text
    }

    /// How many layer instances `layers` (visited at `parentTime`) expand
    /// to, replicator copies and masks included, without expanding them:
    /// each replicator multiplies its subtree by its `instanceCount` at that
    /// time. Stops adding siblings once the total passes `cap`.
    static func instanceEstimate<Tree: LayerTree>(of layers: some Sequence<Tree.Node>, in tree: Tree,
                                                  parentTime: Double, cap: Double) -> Double {
        var total = 0.0
        for layer in layers {
            var own = 1.0
            let mask = tree.mask(of: layer)
            if mask != nil || tree.hasSublayers(layer) {
                let localTime = tree.timing(of: layer).localTime(parentTime: parentTime)
                if let mask {
                    own += instanceEstimate(of: CollectionOfOne(mask), in: tree, parentTime: localTime, cap: cap)
                }
                var below = instanceEstimate(of: tree.sublayers(of: layer), in: tree, parentTime: localTime, cap: cap)
                if tree.kind(of: layer) == .replicator, below > 0 {
                    below *= Double(max(tree.presentation(of: layer, atLocalTime: localTime).instanceCount, 0))
                }
                own += below
            }
            total += own
            if total > cap { return total }
        }
        return total
    }
}
