#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LayerFXCore

extension AnimatableValue {
    /// The value a fraction of the way from `from` to `to` (fractions outside
    /// 0…1 extrapolate, as springs need).
    ///
    /// Scalars, points, sizes and rects interpolate component by component;
    /// colours too, in straight alpha, with `.noColor` read as clear (0,0,0,0)
    /// (two `.noColor` stay `.noColor`); transforms interpolate their
    /// translation, rotation and scale components and their matrix entries;
    /// paths interpolate subpath by subpath when both have the same number of
    /// subpaths of the same kinds (stars also need equal `points`, general
    /// paths the same element kinds in the same order); lists of
    /// numbers and colours element by element when equally long. Anything
    /// else, mismatched paths and mismatched value types included, switches
    /// from `from` to `to` at fraction 0.5.
    public static func lerp(from: AnimatableValue, to: AnimatableValue, fraction: Double) -> AnimatableValue {
        from.zipped(with: to) { a, b in a + (b - a) * fraction } ?? (fraction < 0.5 ? from : to)
    }

    /// `self + other`, the sum `byValue`, `isAdditive` and `isCumulative` use.
    ///
    /// Component-wise for every type, except transforms, which concatenate:
    /// translations and rotations add, scales multiply and matrices concatenate
    /// (`self`'s first). A value of another type or structure (e.g. paths that
    /// cannot be interpolated) adds nothing: the result is `self`.
    public func adding(_ other: AnimatableValue) -> AnimatableValue {
        if case let (.transform(a), .transform(b)) = (self, other) {
            return .transform(LayerTransform(
                translationX: a.translationX + b.translationX, translationY: a.translationY + b.translationY,
                rotation: a.rotation + b.rotation, scaleX: a.scaleX * b.scaleX, scaleY: a.scaleY * b.scaleY,
                matrix: a.matrix.concatenating(b.matrix)))
        }
        return zipped(with: other, +) ?? self
    }

    /// `self − other`, the inverse of `adding(_:)` (`toValue − byValue`). For
    /// transforms, scales divide and the inverse of `other`'s matrix is
    /// concatenated (a singular matrix is left out). A value of another type or
    /// structure subtracts nothing: the result is `self`.
    public func subtracting(_ other: AnimatableValue) -> AnimatableValue {
        if case let (.transform(a), .transform(b)) = (self, other) {
            return .transform(LayerTransform(
                translationX: a.translationX - b.translationX, translationY: a.translationY - b.translationY,
                rotation: a.rotation - b.rotation, scaleX: a.scaleX / b.scaleX, scaleY: a.scaleY / b.scaleY,
                matrix: b.matrix.inverted.map(a.matrix.concatenating) ?? a.matrix))
        }
        return zipped(with: other, -) ?? self
    }

    /// `count` copies of `self` added together with `adding(_:)` (`count ≥ 0`,
    /// a whole number): what `isCumulative` adds after `count` finished cycles.
    func repeated(_ count: Double) -> AnimatableValue {
        if case let .transform(a) = self {
            return .transform(LayerTransform(
                translationX: a.translationX * count, translationY: a.translationY * count,
                rotation: a.rotation * count, scaleX: pow(a.scaleX, count), scaleY: pow(a.scaleY, count),
                matrix: a.matrix.power(count)))
        }
        return mapped { $0 * count }
    }

    /// The neutral element of `adding(_:)` with this value's type and structure
    /// (0, clear, the identity transform, a path of zero-sized subpaths): the
    /// missing endpoint of an additive animation.
    var additiveIdentity: AnimatableValue {
        if case .transform = self { return .transform(.identity) }
        return mapped { _ in 0 }
    }

    /// The uniform Catmull-Rom spline through `p0…p3` at `u` in 0…1 between `p1`
    /// and `p2` (component-wise, like `lerp`); values that cannot be combined
    /// fall back to `lerp(from: p1, to: p2, fraction: u)`.
    static func catmullRom(_ p0: AnimatableValue, _ p1: AnimatableValue, _ p2: AnimatableValue,
                           _ p3: AnimatableValue, fraction u: Double) -> AnimatableValue {
        let u2 = u * u, u3 = u2 * u
        let w0 = 0.5 * (-u3 + 2 * u2 - u), w1 = 0.5 * (3 * u3 - 5 * u2 + 2)
        let w2 = 0.5 * (-3 * u3 + 4 * u2 + u), w3 = 0.5 * (u3 - u2)
        let sum = p0.zipped(with: p1) { a, b in a * w0 + b * w1 }?
            .zipped(with: p2) { s, c in s + c * w2 }?
            .zipped(with: p3) { s, d in s + d * w3 }
        return sum ?? lerp(from: p1, to: p2, fraction: u)
    }

    /// The Euclidean distance over all components (paced keyframes); 1 when the
    /// values cannot be combined.
    func distance(to other: AnimatableValue) -> Double {
        guard let difference = zipped(with: other, -) else { return 1 }
        var sum = 0.0
        difference.forEachComponent { sum += $0 * $0 }
        return sum.squareRoot()
    }

    // MARK: Component access

    /// `.color`'s colour, `.noColor` as clear; nil for other cases.
    private var colorComponents: Color? {
        switch self {
        case .color(let c): c
        case .noColor: .clear
        default: nil
        }
    }

    /// Combines corresponding components of two values of the same type and
    /// structure; nil when they differ. Two `.noColor` give `.noColor`.
    private func zipped(with other: AnimatableValue, _ f: (Double, Double) -> Double) -> AnimatableValue? {
        switch (self, other) {
        case let (.scalar(a), .scalar(b)): return .scalar(f(a, b))
        case let (.point(a), .point(b)): return .point(a.zipped(with: b, f))
        case let (.size(a), .size(b)): return .size(a.zipped(with: b, f))
        case let (.rect(a), .rect(b)): return .rect(a.zipped(with: b, f))
        case let (.transform(a), .transform(b)): return .transform(a.zipped(with: b, f))
        case let (.path(a), .path(b)): return a.zipped(with: b, f).map(AnimatableValue.path)
        case let (.numbers(a), .numbers(b)):
            return a.count == b.count ? .numbers(NumberList(count: a.count) { f(a[$0], b[$0]) }) : nil
        case let (.colors(a), .colors(b)):
            return a.count == b.count ? .colors(zip(a, b).map { $0.zipped(with: $1, f) }) : nil
        case (.noColor, .noColor): return .noColor
        default:
            guard let a = colorComponents, let b = other.colorComponents else { return nil }
            return .color(a.zipped(with: b, f))
        }
    }

    /// Applies `f` to every component; `.noColor` stays `.noColor`.
    private func mapped(_ f: (Double) -> Double) -> AnimatableValue {
        switch self {
        case .scalar(let a): .scalar(f(a))
        case .point(let a): .point(a.mapped(f))
        case .size(let a): .size(a.mapped(f))
        case .rect(let a): .rect(a.mapped(f))
        case .color(let a): .color(a.mapped(f))
        case .noColor: .noColor
        case .transform(let a): .transform(a.mapped(f))
        case .path(let a): .path(a.mapped(f))
        case .numbers(let a): .numbers(NumberList(count: a.count) { f(a[$0]) })
        case .colors(let a): .colors(a.map { $0.mapped(f) })
        }
    }

    private func forEachComponent(_ body: (Double) -> Void) {
        switch self {
        case .scalar(let a): body(a)
        case .point(let a): a.forEachComponent(body)
        case .size(let a): a.forEachComponent(body)
        case .rect(let a): a.forEachComponent(body)
        case .color(let a): a.forEachComponent(body)
        case .noColor: break
        case .transform(let a): a.forEachComponent(body)
        case .path(let a): a.forEachComponent(body)
        case .numbers(let a): a.forEach(body)
        case .colors(let a): for c in a { c.forEachComponent(body) }
        }
    }
}

// MARK: - Component-wise operations of the value types

extension Point {
    fileprivate func zipped(with o: Point, _ f: (Double, Double) -> Double) -> Point {
        Point(x: f(x, o.x), y: f(y, o.y))
    }
    fileprivate func mapped(_ f: (Double) -> Double) -> Point { Point(x: f(x), y: f(y)) }
    fileprivate func forEachComponent(_ body: (Double) -> Void) { body(x); body(y) }
}

extension Size {
    fileprivate func zipped(with o: Size, _ f: (Double, Double) -> Double) -> Size {
        Size(width: f(width, o.width), height: f(height, o.height))
    }
    fileprivate func mapped(_ f: (Double) -> Double) -> Size { Size(width: f(width), height: f(height)) }
    fileprivate func forEachComponent(_ body: (Double) -> Void) { body(width); body(height) }
}

extension Rect {
    fileprivate func zipped(with o: Rect, _ f: (Double, Double) -> Double) -> Rect {
        Rect(origin: origin.zipped(with: o.origin, f), size: size.zipped(with: o.size, f))
    }
    fileprivate func mapped(_ f: (Double) -> Double) -> Rect {
        Rect(origin: origin.mapped(f), size: size.mapped(f))
    }
    fileprivate func forEachComponent(_ body: (Double) -> Void) {
        origin.forEachComponent(body); size.forEachComponent(body)
    }
}

extension Color {
    fileprivate func zipped(with o: Color, _ f: (Double, Double) -> Double) -> Color {
        Color(red: f(red, o.red), green: f(green, o.green), blue: f(blue, o.blue), alpha: f(alpha, o.alpha))
    }
    fileprivate func mapped(_ f: (Double) -> Double) -> Color {
        Color(red: f(red), green: f(green), blue: f(blue), alpha: f(alpha))
    }
    fileprivate func forEachComponent(_ body: (Double) -> Void) {
        body(red); body(green); body(blue); body(alpha)
    }
}

extension AffineTransform {
    fileprivate func zipped(with o: AffineTransform, _ f: (Double, Double) -> Double) -> AffineTransform {
        AffineTransform(a: f(a, o.a), b: f(b, o.b), c: f(c, o.c), d: f(d, o.d), tx: f(tx, o.tx), ty: f(ty, o.ty))
    }
    fileprivate func mapped(_ f: (Double) -> Double) -> AffineTransform {
        AffineTransform(a: f(a), b: f(b), c: f(c), d: f(d), tx: f(tx), ty: f(ty))
    }
    fileprivate func forEachComponent(_ body: (Double) -> Void) {
        body(a); body(b); body(c); body(d); body(tx); body(ty)
    }

    /// `self` concatenated with itself `count` times (a whole number ≥ 0), by squaring.
    fileprivate func power(_ count: Double) -> AffineTransform {
        var result = AffineTransform.identity, base = self
        var n = UInt64(min(max(count, 0), 0x1p63).rounded(.down))
        while n > 0 {
            if n & 1 == 1 { result = result.concatenating(base) }
            base = base.concatenating(base)
            n >>= 1
        }
        return result
    }
}

extension LayerTransform {
    fileprivate func zipped(with o: LayerTransform, _ f: (Double, Double) -> Double) -> LayerTransform {
        LayerTransform(translationX: f(translationX, o.translationX), translationY: f(translationY, o.translationY),
                       rotation: f(rotation, o.rotation), scaleX: f(scaleX, o.scaleX), scaleY: f(scaleY, o.scaleY),
                       matrix: matrix.zipped(with: o.matrix, f))
    }
    fileprivate func mapped(_ f: (Double) -> Double) -> LayerTransform {
        LayerTransform(translationX: f(translationX), translationY: f(translationY), rotation: f(rotation),
                       scaleX: f(scaleX), scaleY: f(scaleY), matrix: matrix.mapped(f))
    }
    fileprivate func forEachComponent(_ body: (Double) -> Void) {
        body(translationX); body(translationY); body(rotation); body(scaleX); body(scaleY)
        matrix.forEachComponent(body)
    }
}

extension Subpath {
    /// nil unless both are the same kind (stars: also the same number of
    /// points; general paths: the same element kinds in the same order).
    fileprivate func zipped(with o: Subpath, _ f: (Double, Double) -> Double) -> Subpath? {
        switch (self, o) {
        case let (.ellipse(r1), .ellipse(r2)):
            return .ellipse(in: r1.zipped(with: r2, f))
        case let (.roundedRect(r1, c1), .roundedRect(r2, c2)):
            return .roundedRect(r1.zipped(with: r2, f), cornerRadius: f(c1, c2))
        case let (.star(p1, n1, o1, i1, a1), .star(p2, n2, o2, i2, a2)) where n1 == n2:
            return .star(center: p1.zipped(with: p2, f), points: n1, outerRadius: f(o1, o2),
                         innerRadius: f(i1, i2), rotation: f(a1, a2))
        case let (.elements(e1), .elements(e2)) where e1.count == e2.count:
            var result: [PathElement] = []
            result.reserveCapacity(e1.count)
            for (a, b) in zip(e1, e2) {
                guard let element = a.zipped(with: b, f) else { return nil }
                result.append(element)
            }
            return .elements(result)
        default:
            return nil
        }
    }
    fileprivate func mapped(_ f: (Double) -> Double) -> Subpath {
        switch self {
        case let .ellipse(r): .ellipse(in: r.mapped(f))
        case let .roundedRect(r, c): .roundedRect(r.mapped(f), cornerRadius: f(c))
        case let .star(p, n, o, i, a):
            .star(center: p.mapped(f), points: n, outerRadius: f(o), innerRadius: f(i), rotation: f(a))
        case let .elements(e): .elements(e.map { $0.mapped(f) })
        }
    }
    fileprivate func forEachComponent(_ body: (Double) -> Void) {
        switch self {
        case let .ellipse(r): r.forEachComponent(body)
        case let .roundedRect(r, c): r.forEachComponent(body); body(c)
        case let .star(p, _, o, i, a): p.forEachComponent(body); body(o); body(i); body(a)
        case let .elements(e): for element in e { element.forEachComponent(body) }
        }
    }
}

extension PathElement {
    /// nil unless both are the same kind of element.
    fileprivate func zipped(with o: PathElement, _ f: (Double, Double) -> Double) -> PathElement? {
        switch (self, o) {
        case let (.move(p1), .move(p2)): .move(p1.zipped(with: p2, f))
        case let (.line(p1), .line(p2)): .line(p1.zipped(with: p2, f))
        case let (.quad(c1, e1), .quad(c2, e2)): .quad(control: c1.zipped(with: c2, f), end: e1.zipped(with: e2, f))
        case let (.cubic(a1, b1, e1), .cubic(a2, b2, e2)):
            .cubic(control1: a1.zipped(with: a2, f), control2: b1.zipped(with: b2, f), end: e1.zipped(with: e2, f))
        case (.close, .close): .close
        default: nil
        }
    }
    fileprivate func mapped(_ f: (Double) -> Double) -> PathElement {
        switch self {
        case let .move(p): .move(p.mapped(f))
        case let .line(p): .line(p.mapped(f))
        case let .quad(c, e): .quad(control: c.mapped(f), end: e.mapped(f))
        case let .cubic(a, b, e): .cubic(control1: a.mapped(f), control2: b.mapped(f), end: e.mapped(f))
        case .close: .close
        }
    }
    fileprivate func forEachComponent(_ body: (Double) -> Void) {
        switch self {
        case let .move(p), let .line(p): p.forEachComponent(body)
        case let .quad(c, e): c.forEachComponent(body); e.forEachComponent(body)
        case let .cubic(a, b, e): a.forEachComponent(body); b.forEachComponent(body); e.forEachComponent(body)
        case .close: break
        }
    }
}

extension ShapePath {
    /// nil unless both have as many subpaths and each pair combines.
    fileprivate func zipped(with o: ShapePath, _ f: (Double, Double) -> Double) -> ShapePath? {
        guard subpaths.count == o.subpaths.count else { return nil }
        if subpaths.count == 1 {
            // One subpath, the common case: no array.
            return subpaths[0].zipped(with: o.subpaths[0], f).map { ShapePath(SubpathList($0)) }
        }
        var result: [Subpath] = []
        result.reserveCapacity(subpaths.count)
        for (s1, s2) in zip(subpaths, o.subpaths) {
            guard let s = s1.zipped(with: s2, f) else { return nil }
            result.append(s)
        }
        return ShapePath(result)
    }
    fileprivate func mapped(_ f: (Double) -> Double) -> ShapePath {
        subpaths.count == 1 ? ShapePath(SubpathList(subpaths[0].mapped(f))) : ShapePath(subpaths.map { $0.mapped(f) })
    }
    fileprivate func forEachComponent(_ body: (Double) -> Void) {
        for s in subpaths { s.forEachComponent(body) }
    }
}
