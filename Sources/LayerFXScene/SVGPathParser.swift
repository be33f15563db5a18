import LayerFXCore
import LayerFXModel

/// Reads SVG path data (the `d` attribute, SVG 1.1 §8.3 grammar) into path
/// elements in absolute coordinates.
///
/// All commands in both forms: M L H V C S Q T A Z, upper case absolute,
/// lower case relative to the current point. A command's arguments may
/// repeat without repeating the letter (extra pairs after M/m are lines).
/// Numbers take SVG's forms (`-1.5e-3`, `.5.5` is two numbers, `1-2` too);
/// separators are whitespace and at most one comma; arc flags are single
/// characters and need no separator (`a1 1 0 011 1`). S and T reflect the
/// previous curve's last control point when they follow C/S or Q/T (the
/// current point otherwise). Z draws back to the contour's start, which
/// becomes the current point; a drawing command right after Z starts a new
/// contour there (an explicit `move` is emitted). Arcs become cubic curves of
/// at most 90° each (`SVGArc`). Empty data (or only whitespace) is an empty
/// path; otherwise the data must begin with M or m.
package struct SVGPathParser {
    /// Why path data is malformed and where.
    package struct Failure: Error, Equatable {
        /// 1-based position of the offending character in the data (in
        /// Unicode scalars); one past the end when the data ends too early.
        package var position: Int
        /// The offending character; nil at the end of the data.
        package var character: Unicode.Scalar?
        /// What was wrong, e.g. "expected a number".
        package var reason: String

        /// `invalid SVG path data at character 14 ('x'): expected a number`.
        package var message: String {
            let found = character.map { "'\($0.escaped(asASCII: false))'" } ?? "end of data"
            return "invalid SVG path data at character \(position) (\(found)): \(reason)"
        }
    }

    /// The elements `data` describes.
    package static func parse(_ data: String) throws(Failure) -> [PathElement] {
        var parser = SVGPathParser(scalars: Array(data.unicodeScalars))
        try parser.run()
        return parser.elements
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var elements: [PathElement] = []
    private var current = Point.zero
    private var contourStart = Point.zero
    /// Set by Z: the next drawing command first moves to `contourStart`.
    private var needsMove = false
    /// The second control point of the last C/S, for S to reflect.
    private var lastCubicControl: Point? = nil
    /// The control point of the last Q/T, for T to reflect.
    private var lastQuadControl: Point? = nil

    private init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    private static let commands = "MLHVCSQTAZ"

    /// The command `letter` names, upper case, and whether it is relative
    /// (lower case); nil when it names none.
    private static func command(_ letter: Unicode.Scalar) -> (Character, relative: Bool)? {
        guard letter.isASCII else { return nil }
        let upper = Character(String(letter).uppercased())
        guard commands.contains(upper) else { return nil }
        return (upper, upper != Character(letter))
    }

    private static let expectedCommand = "expected a path command (M, L, H, V, C, S, Q, T, A, Z or lower case)"

    private mutating func run() throws(Failure) {
        skipWhitespace()
        guard let first = peek else { return }
        guard first == "M" || first == "m" else { throw failure("expected a moveto (M or m) to begin the path") }
        while let letter = peek {
            guard let (upper, relative) = Self.command(letter) else { throw failure(Self.expectedCommand) }
            index += 1
            skipWhitespace()
            if upper == "Z" {
                close()
                if startsNumber { throw failure(Self.expectedCommand) }
                continue
            }
            var command = upper
            while true {
                try arguments(of: command, relative: relative)
                if command == "M" { command = "L" }
                let comma = separator()
                if startsNumber { continue }
                if comma { throw failure("expected a number") }
                break
            }
        }
    }

    // MARK: Commands

    /// Reads one argument set of `command` and appends its elements; rejects
    /// the set when a point it makes is not finite (relative coordinates and
    /// reflected control points can add up past the largest Double).
    private mutating func arguments(of command: Character, relative: Bool) throws(Failure) {
        let start = index, firstElement = elements.count
        try readArguments(of: command, relative: relative)
        if !elements[firstElement...].allSatisfy(Self.isFinite) {
            index = start
            throw failure("a coordinate is out of range (beyond ±1.8e308)")
        }
    }

    /// Whether every point of `element` is finite.
    private static func isFinite(_ element: PathElement) -> Bool {
        func finite(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
        switch element {
        case .move(let p), .line(let p): return finite(p)
        case .quad(let c, let e): return finite(c) && finite(e)
        case .cubic(let c1, let c2, let e): return finite(c1) && finite(c2) && finite(e)
        case .close: return true
        }
    }

    /// `arguments(of:relative:)` without the range check.
    private mutating func readArguments(of command: Character, relative: Bool) throws(Failure) {
        let origin = relative ? current : .zero
        func absolute(_ p: Point) -> Point { Point(x: origin.x + p.x, y: origin.y + p.y) }
        var cubicControl: Point? = nil, quadControl: Point? = nil
        switch command {
        case "M":
            let p = absolute(try pair())
            elements.append(.move(p))
            contourStart = p; needsMove = false
            current = p
        case "L":
            let end = absolute(try pair())
            draw(.line(end), to: end)
        case "H":
            let end = Point(x: origin.x + (try number()), y: current.y)
            draw(.line(end), to: end)
        case "V":
            let end = Point(x: current.x, y: origin.y + (try number()))
            draw(.line(end), to: end)
        case "C", "S":
            let c1: Point
            if command == "C" {
                c1 = absolute(try pair()); _ = separator()
            } else {
                c1 = reflected(lastCubicControl)
            }
            let c2 = absolute(try pair()); _ = separator()
            let end = absolute(try pair())
            cubicControl = c2
            draw(.cubic(control1: c1, control2: c2, end: end), to: end)
        case "Q", "T":
            let c: Point
            if command == "Q" {
                c = absolute(try pair()); _ = separator()
            } else {
                c = reflected(lastQuadControl)
            }
            let end = absolute(try pair())
            quadControl = c
            draw(.quad(control: c, end: end), to: end)
        default:  // "A"
            let rx = try number(); _ = separator()
            let ry = try number(); _ = separator()
            let rotation = try number(); _ = separator()
            let largeArc = try flag(); _ = separator()
            let sweep = try flag(); _ = separator()
            let end = absolute(try pair())
            beginDrawing()
            elements += SVGArc.elements(from: current, to: end, radiusX: rx, radiusY: ry, rotationDegrees: rotation,
                                        largeArc: largeArc, sweep: sweep)
            current = end
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    /// Appends a drawing element that ends at `end`.
    private mutating func draw(_ element: PathElement, to end: Point) {
        beginDrawing()
        elements.append(element)
        current = end
    }

    private mutating func close() {
        elements.append(.close)
        current = contourStart
        needsMove = true
        lastCubicControl = nil; lastQuadControl = nil
    }

    /// After Z, drawing starts a new contour at the closed one's start.
    private mutating func beginDrawing() {
        if needsMove { elements.append(.move(current)); needsMove = false }
    }

    /// `control` mirrored through the current point; the current point itself
    /// when there is no control to reflect.
    private func reflected(_ control: Point?) -> Point {
        guard let control else { return current }
        return Point(x: 2 * current.x - control.x, y: 2 * current.y - control.y)
    }

    // MARK: Tokens

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func failure(_ reason: String) -> Failure {
        Failure(position: index + 1, character: peek, reason: reason)
    }

    private static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
    }

    private static func isDigit(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return c >= "0" && c <= "9"
    }

    private mutating func skipWhitespace() {
        while let c = peek, Self.isWhitespace(c) { index += 1 }
    }

    /// Skips whitespace with at most one comma in it; whether there was a comma.
    private mutating func separator() -> Bool {
        skipWhitespace()
        guard peek == "," else { return false }
        index += 1
        skipWhitespace()
        return true
    }

    /// Whether a number starts here.
    private var startsNumber: Bool {
        guard let c = peek else { return false }
        return Self.isDigit(c) || c == "-" || c == "+" || c == "."
    }

    /// `x,y` or `x y`.
    private mutating func pair() throws(Failure) -> Point {
        let x = try number()
        _ = separator()
        return Point(x: x, y: try number())
    }

    /// An SVG number: sign, digits with at most one point, then an exponent
    /// only when digits follow its `e`.
    private mutating func number() throws(Failure) -> Double {
        let start = index
        if peek == "-" || peek == "+" { index += 1 }
        var digits = 0
        while Self.isDigit(peek) { index += 1; digits += 1 }
        if peek == "." {
            index += 1
            while Self.isDigit(peek) { index += 1; digits += 1 }
        }
        guard digits > 0 else {
            index = start
            throw failure("expected a number")
        }
        if peek == "e" || peek == "E" {
            var end = index + 1
            if end < scalars.count, scalars[end] == "-" || scalars[end] == "+" { end += 1 }
            if end < scalars.count, Self.isDigit(scalars[end]) {
                index = end
                while Self.isDigit(peek) { index += 1 }
            }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[start..<index])
        guard let value = Double(text), value.isFinite else {
            index = start
            throw failure("number out of range")
        }
        return value
    }

    /// An arc flag: the single character 0 or 1.
    private mutating func flag() throws(Failure) -> Bool {
        guard let c = peek, c == "0" || c == "1" else { throw failure("expected an arc flag (0 or 1)") }
        index += 1
        return c == "1"
    }
}
