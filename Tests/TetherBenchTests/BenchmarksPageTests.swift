import Foundation
import Testing

@testable import TetherBench

@Suite struct BenchmarksPageTests {
  let machine = Machine(
    processor: "AMD EPYC 7B13", cores: 2, memoryGigabytes: 23, system: "Debian GNU/Linux 12",
    swift: "6.2", load: 3.14)

  var report: BenchReport {
    var report = BenchReport()
    report.begin("core")
    report.append(
      .comparison(
        scenario: "fetch | sequential", result: "1.80 µs/op", baseline: "direct call",
        base: "45 ns/op", ratio: "40.00×"))
    report.append(.figure(label: "runs", value: "1  of\n10,000"))
    report.begin("empty")
    return report
  }

  @Test func aSuitesFiguresBecomeTablesWithTheirMachineAndDate() {
    let date = Date(timeIntervalSince1970: 1_796_601_600)  // 2026-12-07
    let text = BenchmarksPage.markdown(of: report, suite: "core", machine: machine, date: date)
    #expect(
      text == """
        Measured 2026-12-07 on 2 cores of AMD EPYC 7B13, 23 GB, Debian GNU/Linux 12, Swift 6.2, \
        load 3.1 by `swift run -c release tether-bench core --record Benchmarks.md`.

        **core**

        | scenario | result | baseline | ratio |
        | --- | --- | --- | --- |
        | fetch \\| sequential | 1.80 µs/op | direct call: 45 ns/op | 40.00× |
        | runs | 1 of 10,000 | | |

        """)
  }

  @Test func onlyTheSuitesBlockIsReplaced() throws {
    let page = """
      # Benchmarks
      prose about core
      <!-- begin tether-bench core -->
      old figures
      <!-- end tether-bench core -->
      <!-- begin tether-bench http -->
      http figures
      <!-- end tether-bench http -->
      """
    let updated = try BenchmarksPage.replacingBlock(of: "core", in: page, with: "new figures\n")
    #expect(
      updated == """
        # Benchmarks
        prose about core
        <!-- begin tether-bench core -->
        new figures
        <!-- end tether-bench core -->
        <!-- begin tether-bench http -->
        http figures
        <!-- end tether-bench http -->
        """)
    #expect(
      try BenchmarksPage.replacingBlock(of: "core", in: updated, with: "new figures\n") == updated)
  }

  @Test func aPageWithoutTheSuitesMarkersIsAClearErrorAndIsNotWritten() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tether-bench-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("Benchmarks.md").path
    try "# Benchmarks\n<!-- begin tether-bench core -->\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    #expect {
      try BenchmarksPage.record(report, suite: "core", into: path)
    } throws: { error in
      "\(error)".contains("the page has no block for 'core'")
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("core -->\n"))
  }
}
