import Foundation

/// Writes a suite's figures into the benchmarks page, between the suite's two markers:
///
/// ```
/// <!-- begin tether-bench core -->
/// …replaced at each `tether-bench core --record Benchmarks.md`…
/// <!-- end tether-bench core -->
/// ```
///
/// The prose around the markers (what a suite measures, its targets, why a row is fast) is
/// written by hand; the figures between them are only ever this output, with the machine and
/// the date they were measured on.
enum BenchmarksPage {
  /// A page that cannot take a suite's figures.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func beginMarker(_ suite: String) -> String { "<!-- begin tether-bench \(suite) -->" }
  static func endMarker(_ suite: String) -> String { "<!-- end tether-bench \(suite) -->" }

  /// Replaces the block of `suite` in the page at `path` with `report`, measured now on this
  /// machine.
  static func record(_ report: BenchReport, suite: String, into path: String) throws(Failure) {
    let page: String
    do {
      page = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw Failure(description: "cannot read \(path): \(error.localizedDescription)")
    }
    let block = markdown(of: report, suite: suite, machine: Machine.current, date: Date())
    let updated = try replacingBlock(of: suite, in: page, with: block)
    do {
      try updated.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
      throw Failure(description: "cannot write \(path): \(error.localizedDescription)")
    }
  }

  /// `page` with the text between `suite`'s markers replaced by `block`.
  static func replacingBlock(
    of suite: String, in page: String, with block: String
  ) throws(Failure) -> String {
    guard let begin = page.range(of: beginMarker(suite)),
      let end = page.range(of: endMarker(suite), range: begin.upperBound..<page.endIndex)
    else {
      throw Failure(
        description:
          "the page has no block for '\(suite)': add the lines \(beginMarker(suite)) and "
          + "\(endMarker(suite)) where its figures go")
    }
    return String(page[..<begin.upperBound]) + "\n" + block + String(page[end.lowerBound...])
  }

  /// The figures of `report` as Markdown: where and when they were measured, how to measure
  /// them again, and one table per heading the suite printed.
  static func markdown(
    of report: BenchReport, suite: String, machine: Machine, date: Date
  ) -> String {
    let day = date.formatted(.iso8601.year().month().day())
    var text = """
      Measured \(day) on \(machine.summary) by \
      `swift run -c release tether-bench \(suite) --record Benchmarks.md`.

      """
    for section in report.sections where !section.rows.isEmpty {
      text += "\n"
      if !section.title.isEmpty { text += "**\(cell(section.title))**\n\n" }
      text += "| scenario | result | baseline | ratio |\n| --- | --- | --- | --- |\n"
      for row in section.rows {
        switch row {
        case .comparison(let scenario, let result, let baseline, let base, let ratio):
          text += "| \(cell(scenario)) | \(cell(result)) | \(cell(baseline)): \(cell(base)) "
          text += "| \(ratio) |\n"
        case .figure(let label, let value):
          text += "| \(cell(label)) | \(cell(value)) | | |\n"
        }
      }
    }
    return text
  }

  /// `text` fit for a table cell: pipes escaped, runs of spaces and newlines made one space.
  static func cell(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      .replacingOccurrences(of: "|", with: "\\|")
  }
}
