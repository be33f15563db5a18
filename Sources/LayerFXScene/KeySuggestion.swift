/// "Did you mean …?" suggestions for misspelt keys and names.
public enum KeySuggestion {
    /// The candidate closest to `word` by edit distance (insertions, deletions,
    /// substitutions and swaps of adjacent characters), if it is at most 2
    /// edits away; the first such candidate wins ties.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        var best: (candidate: String, distance: Int)? = nil
        for candidate in candidates {
            let d = distance(word, candidate)
            if d <= 2, d < candidate.count, best == nil || d < best!.distance {
                best = (candidate, d)
            }
        }
        return best?.candidate
    }

    /// Optimal string alignment distance between `a` and `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let s = Array(a.unicodeScalars), t = Array(b.unicodeScalars)
        if s.isEmpty { return t.count }
        if t.isEmpty { return s.count }
        var previous2 = [Int](repeating: 0, count: t.count + 1)
        var previous = Array(0...t.count)
        var current = [Int](repeating: 0, count: t.count + 1)
        for i in 1...s.count {
            current[0] = i
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                    d = min(d, previous2[j - 2] + 1)
                }
                current[j] = d
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[t.count]
    }
}

/// Checks an object's keys against the keys the contract allows there.
enum StrictKeys {
    /// The error for `key`, which `object` does not accept. `allowed` feeds
    /// the suggestion; `note` explains keys that belong elsewhere.
    static func unknownKey<O: SceneObject>(_ key: MemberKey, in object: O, allowed: [String],
                                           note: String? = nil) -> DecodingIssue {
        var message = "unknown key \"\(key.name)\""
        if let note {
            message += " (\(note))"
        } else if let suggestion = KeySuggestion.closest(to: key.name, in: allowed) {
            message += "; did you mean \"\(suggestion)\"?"
        }
        return object.issue(aboutKey: key, message)
    }

    /// The error for a string that is not one of `options`:
    /// `unknown fill mode "forward"; expected one of removed, forwards, backwards, both`.
    static func unknownName(_ what: String, _ value: String, options: [String]) -> String {
        "unknown \(what) \"\(value)\"; expected one of \(options.joined(separator: ", "))"
    }
}
