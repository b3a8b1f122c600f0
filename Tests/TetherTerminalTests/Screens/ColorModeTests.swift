import Testing

@testable import TetherTerminal

@Suite struct ColorModeTests {
  @Test func autoHonoursNoColor() {
    #expect(ColorMode.auto.usesColor(environment: [:], terminalHasColors: true))
    #expect(!ColorMode.auto.usesColor(environment: ["NO_COLOR": "1"], terminalHasColors: true))
    #expect(ColorMode.auto.usesColor(environment: ["NO_COLOR": ""], terminalHasColors: true))
    #expect(!ColorMode.auto.usesColor(environment: [:], terminalHasColors: false))
  }

  @Test func alwaysAndNeverOverrideTheEnvironment() {
    #expect(ColorMode.always.usesColor(environment: ["NO_COLOR": "1"], terminalHasColors: true))
    #expect(!ColorMode.never.usesColor(environment: [:], terminalHasColors: true))
  }

  @Test func parsesTheFlagValues() {
    #expect(ColorMode(rawValue: "never") == .never)
    #expect(ColorMode(rawValue: "sometimes") == nil)
  }
}
