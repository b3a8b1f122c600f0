/// How well a typed query matches a name, as command palettes match (k9s' `:`, VS Code's
/// Ctrl-P): every character of the query in order, case-insensitive; runs of consecutive
/// characters and characters at the start of a word score higher. Nil when it does not match.
enum FuzzyMatch {
  static func score(of query: String, in name: String) -> Int? {
    let needle = Array(query.lowercased().filter { $0 != " " })
    guard !needle.isEmpty else { return 0 }
    let haystack = Array(name.lowercased())
    var score = 0
    var position = 0
    var previous = -2
    for character in needle {
      guard let found = haystack[position...].firstIndex(of: character) else { return nil }
      let wordStart = found == 0 || haystack[found - 1] == " " || haystack[found - 1] == "-"
      score += 1 + (found == previous + 1 ? 5 : 0) + (wordStart ? 8 : 0)
      score -= min(found - position, 3)
      previous = found
      position = found + 1
    }
    return score
  }
}
