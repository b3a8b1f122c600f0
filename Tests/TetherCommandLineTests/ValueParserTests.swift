import Testing
import TetherCommandLine

@Suite struct ValueParserTests {
  @Test(arguments: [
    ("200ms", Duration.milliseconds(200)), ("1.5s", .milliseconds(1500)), ("2s", .seconds(2)),
    ("1m", .seconds(60)), ("1.5m", .seconds(90)), ("0", .zero), ("0.5ms", .microseconds(500)),
  ])
  func durations(text: String, duration: Duration) throws {
    #expect(DurationText.parse(text) == duration)
    #expect(try ValueParser.duration().parse(text) == duration)
  }

  @Test(arguments: ["", "ms", "5", "-1s", "1.5.2s", "1h", "abc", "1e3ms", "inf s", "2000000000s"])
  func notDurations(text: String) {
    #expect(DurationText.parse(text) == nil)
  }

  @Test(arguments: [
    (Duration.seconds(60), "1m"), (.seconds(3600), "60m"), (.milliseconds(1500), "1.5s"),
    (.milliseconds(300), "300ms"), (.zero, "0"), (.seconds(90), "90s"),
  ])
  func durationsAreWrittenAsTheyAreRead(duration: Duration, text: String) {
    #expect(DurationText.format(duration) == text)
    #expect(DurationText.parse(text) == duration)
  }

  @Test func integerRangesSayWhatTheyTake() {
    #expect(throws: InvalidValue("expected a whole number, 1 or more")) {
      try ValueParser<Int>.integer(in: 1...Int.max).parse("0")
    }
    #expect(throws: InvalidValue("expected a whole number")) {
      try ValueParser<UInt64>.integer().parse("-1")
    }
    #expect(
      throws: InvalidValue("expected a number and a unit, like 300ms, 2s or 1.5m, from 1ms to 10m")
    ) {
      try ValueParser.duration(in: .milliseconds(1) ... .seconds(600)).parse("0")
    }
  }

  @Test func mapAndExpectingMakeNewParsers() throws {
    let even = ValueParser<Int>.integer().map { (number) throws(InvalidValue) -> Int in
      guard number % 2 == 0 else { throw InvalidValue(expected: "an even number") }
      return number
    }
    #expect(try even.parse("4") == 4)
    #expect(throws: InvalidValue("expected an even number")) { try even.parse("3") }
    #expect(throws: InvalidValue("expected a whole number")) { try even.parse("x") }
    let statuses = ValueParser.list(of: ValueParser<Int>.integer(in: 400...599))
      .expecting("statuses from 400 to 599, like 429 or 500,503")
    #expect(try statuses.parse("429") == [429])
    #expect(throws: InvalidValue("expected statuses from 400 to 599, like 429 or 500,503")) {
      try statuses.parse("200")
    }
    #expect(statuses.placeholder == "LIST")
    #expect(ValueParser<Int>.integer().placeholder("SEED").placeholder == "SEED")
  }
}
