import LayerFXModel

/// A precomposition's time remapping (`tm`, seconds of its own time at
/// each frame of the containing composition) as Core Animation timing: the
/// curve cut into pieces along which the precomposition's time runs at one
/// speed, each piece a copy of its layers (copies share their values)
/// shown only during its frames, timed by `beginTime`, `speed` and
/// `timeOffset`. Linear keyframes give a piece each, held ones a paused
/// piece, eased ones a piece per frame; before the first keyframe and after
/// the last the time holds.
struct LottieTimeRemap {
    let clock: LottieClock
    let remap: LottieProperty<Double>

    /// The most pieces the eased segments of one remapping are cut into.
    static let maximumPieces = 2_000.0

    /// The pieces, each holding `children`.
    func pieces(_ children: [Layer], name: String) -> [Layer] {
        guard case .keyframes(let keyframes) = remap.content else {
            return [piece(children, name: name, from: nil, to: nil, start: remap.initialValue, end: remap.initialValue)]
        }
        var result: [Layer] = []
        let first = keyframes[0], last = keyframes[keyframes.count - 1]
        // Eased segments are cut into a piece per frame, or per `step` frames
        // when that would make over ``maximumPieces``.
        let eased = zip(keyframes, keyframes.dropFirst()).reduce(0.0) { total, pair in
            pair.0.hold || pair.0.easing == nil ? total : total + max(pair.1.time - pair.0.time, 0)
        }
        let step = max((eased / Self.maximumPieces).rounded(.up), 1)
        result.append(piece(children, name: name, from: nil, to: first.time, start: first.value, end: first.value))
        for (key, next) in zip(keyframes, keyframes.dropFirst()) where next.time > key.time {
            if key.hold {
                result.append(piece(children, name: name, from: key.time, to: next.time, start: key.value, end: key.value))
            } else if key.easing == nil {
                result.append(piece(children, name: name, from: key.time, to: next.time, start: key.value, end: next.value))
            } else {
                var frame = key.time
                while frame < next.time {
                    let end = min(frame + step, next.time)
                    result.append(piece(children, name: name, from: frame, to: end,
                                        start: remap.value(at: frame), end: remap.value(at: end)))
                    frame = end
                }
            }
        }
        result.append(piece(children, name: name, from: last.time, to: nil, start: last.value, end: last.value))
        return result
    }

    /// A copy of `children` shown from frame `from` to before `to` (nil: without
    /// that end), its time running from `start` to `end` seconds over those frames.
    private func piece(_ children: [Layer], name: String, from: Double?, to: Double?, start: Double, end: Double) -> Layer {
        var timed = Layer(name: "time of \(name)")
        timed.sublayers = children
        if let from, let to, to > from {
            let speed = (end - start) / clock.seconds(to - from)
            timed.timing = LayerTiming(beginTime: clock.seconds(from), speed: speed, timeOffset: start)
        } else {
            timed.timing = LayerTiming(beginTime: 0, speed: 0, timeOffset: start)
        }
        var shown = Layer()
        shown.sublayers = [timed]
        if from != nil || to != nil { shown.animations.append(clock.visibility(from: from, to: to)) }
        return shown
    }
}
