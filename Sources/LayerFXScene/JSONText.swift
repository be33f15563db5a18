/// A JSON value built in memory and printed deterministically: members in
/// the order given, numbers in the shortest form that reads back as the
/// same Double, short arrays and objects on one line.
indirect enum JSONValue {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The text, indented by two spaces per level; an array or object whose
    /// one-line form fits in `width` columns stays on one line.
    func text(width: Int = 100) -> String {
        var out = ""
        write(into: &out, indent: 0, column: 0, width: width)
        return out
    }

    /// Writes the value starting at `column` of a line indented by `indent`.
    private func write(into out: inout String, indent: Int, column: Int, width: Int) {
        if let line = oneLine(limit: width - column) {
            out += line
            return
        }
        let inner = String(repeating: " ", count: indent + 2)
        switch self {
        case .array(let elements):
            out += "[\n"
            for (i, element) in elements.enumerated() {
                out += inner
                element.write(into: &out, indent: indent + 2, column: indent + 2, width: width)
                out += i == elements.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            out += "{\n"
            for (i, (key, value)) in members.enumerated() {
                let prefix = JSONText.string(key) + ": "
                out += inner + prefix
                value.write(into: &out, indent: indent + 2, column: indent + 2 + prefix.count, width: width)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        default:
            out += oneLine(limit: .max) ?? ""
        }
    }

    /// The one-line form, or nil as soon as it grows past `limit` characters
    /// (scalars always fit).
    private func oneLine(limit: Int) -> String? {
        var out = ""
        return appendOneLine(to: &out, limit: limit) ? out : nil
    }

    private func appendOneLine(to out: inout String, limit: Int) -> Bool {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += JSONText.number(n)
        case .string(let s): out += JSONText.string(s)
        case .array(let elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += ", " }
                guard element.appendOneLine(to: &out, limit: limit), out.count <= limit else { return false }
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += ", " }
                out += JSONText.string(key) + ": "
                guard value.appendOneLine(to: &out, limit: limit), out.count <= limit else { return false }
            }
            out += "}"
        }
        return out.count <= limit
    }
}

/// JSON spellings of numbers and strings.
enum JSONText {
    /// `3` for 3.0, `0.1`, `1e-07`: the shortest text that reads back as
    /// the same Double (Swift's `description`), integers without `.0`.
    /// Non-finite numbers have no JSON form and print as `null`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    /// A quoted string with JSON's escapes.
    static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
