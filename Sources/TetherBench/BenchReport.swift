import Synchronization

/// What a suite printed, kept so that `--record FILE` can write it into the benchmarks page.
///
/// Every figure a suite prints goes through ``Harness``, which also appends it here: the page's
/// tables are this record, never figures copied by hand.
struct BenchReport: Sendable {
  /// One printed figure.
  enum Row: Sendable, Equatable {
    /// A scenario measured next to its baseline in the same run.
    case comparison(scenario: String, result: String, baseline: String, base: String, ratio: String)
    /// A free-form figure: a count, a rate, a percentile.
    case figure(label: String, value: String)
  }

  /// The rows printed under one heading.
  struct Section: Sendable, Equatable {
    var title: String
    var rows: [Row] = []
  }

  private(set) var sections: [Section] = []

  mutating func begin(_ title: String) {
    sections.append(Section(title: title))
  }

  mutating func append(_ row: Row) {
    if sections.isEmpty { sections.append(Section(title: "")) }
    sections[sections.count - 1].rows.append(row)
  }

  /// The report of this run of `tether-bench`.
  static let current = Mutex(BenchReport())
}
