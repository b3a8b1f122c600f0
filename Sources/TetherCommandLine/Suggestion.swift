/// The known name a mistyped one most likely meant: `--latencey` → `--latency`.
enum Suggestion {
  /// The name in `candidates` fewest edits away from `name`, when it is close enough to be a
  /// typo (two edits, or one for short names); nil otherwise.
  static func closest(to name: String, among candidates: [String]) -> String? {
    let allowed = name.count <= 4 ? 1 : 2
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(Array(name), Array(candidate))
      if distance <= allowed, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// Insertions, deletions and substitutions that turn `a` into `b` (Levenshtein).
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, left) in a.enumerated() {
      var current = [i + 1]
      for (j, right) in b.enumerated() {
        current.append(
          Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}
