import Foundation
import Testing
import TetherCore
import TetherDevtools
import TetherTerminal

@Suite struct DevtoolsThemeTests {
  /// The style of the first cell of `text` on the screen.
  private func style(of text: String, in harness: DevtoolsHarness) throws -> Style {
    let point = try #require(harness.screen.find(text), "“\(text)” on:\n\(harness.text)")
    return harness.screen.style(at: point)
  }

  @Test func eachThemeDrawsLabelsAndTheBorderInItsColours() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 30))
    let shown = harness.query(["post", 1], value: "one")
    let subscription = shown.subscribe { _ in }
    defer { subscription.cancel() }
    await harness.waitFor("fresh 1")
    // The default: the standard colours.
    #expect(try style(of: "fresh 1", in: harness).foreground == .green)
    #expect(harness.screen.style(at: Point(x: 0, y: 0)).foreground == .cyan)

    harness.app.inspector.theme = DevtoolsTheme(.light, colors: 256)
    harness.press(.down)
    #expect(try style(of: "fresh 1", in: harness).foreground == .palette(28))
    #expect(harness.screen.style(at: Point(x: 0, y: 0)).foreground == .palette(25))

    // On a 16-colour terminal the same theme keeps to the 16 standard colours.
    harness.app.inspector.theme = DevtoolsTheme(.light, colors: 16)
    harness.press(.down)
    #expect(try style(of: "fresh 1", in: harness).foreground == .green)
    #expect(harness.screen.style(at: Point(x: 0, y: 0)).foreground == .blue)

    harness.app.inspector.theme = DevtoolsTheme(.highContrast, colors: 8)
    harness.press(.down)
    let fresh = try style(of: "fresh 1", in: harness)
    #expect(fresh.foreground == .brightGreen)
    #expect(fresh.attributes.contains(.bold))
    // Nothing dim in high contrast: the empty states' counts are underlined instead.
    let stale = try style(of: "stale 0", in: harness)
    #expect(!stale.attributes.contains(.dim))
  }

  @Test func everyThemeUsesOnlyTheSixteenColoursBelow256() {
    for name in DevtoolsTheme.Name.allCases {
      for colors in [8, 16] {
        let theme = DevtoolsTheme(name, colors: colors)
        for style in [
          theme.success, theme.failure, theme.warning, theme.running, theme.muted, theme.accent,
          theme.fault, theme.focusedBorder, theme.secondary,
        ] {
          if case .palette(let index) = style.foreground {
            #expect(index < 16, "\(name) at \(colors) colours uses \(index)")
          }
        }
      }
    }
  }

  @Test func thePaletteSwitchesTheTheme() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 30))
    let shown = harness.query(["post", 1], value: "one")
    let subscription = shown.subscribe { _ in }
    defer { subscription.cancel() }
    await harness.waitFor("fresh 1")
    harness.press(":")
    harness.type("theme high")
    harness.press(.enter)
    #expect(harness.app.inspector.theme.name == .highContrast)
    #expect(harness.screen.find("Theme high-contrast") != nil, "\(harness.text)")
    #expect(try style(of: "fresh 1", in: harness).foreground == .palette(46))
  }

  @Test func theConfigFileSetsTheThemeAndKeepsTheColourCount() throws {
    let harness = try DevtoolsHarness()
    harness.app.inspector.theme = DevtoolsTheme(colors: 16)
    var configuration = DevtoolsConfiguration()
    configuration.theme = .light
    harness.app.inspector.configure(with: configuration, devtools: harness.devtools)
    #expect(harness.app.inspector.theme == DevtoolsTheme(.light, colors: 16))
  }
}
