import Testing
import TetherCore
import TetherDevtools
import TetherTerminal

/// Devtools over a source that changes no more (a recording replayed) leave out every action
/// that would change it: in the footer, the help and the palette, and their keys do nothing.
@Suite struct WithheldKeysTests {
  @Test func keysWithoutTheChangingActionsOfferOnlyWhatLooks() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 34))
    try await harness.query(["post", 1], value: "one").fetch()
    await harness.waitFor("post · 1")
    #expect(harness.text.contains("r refetch"), "\(harness.text)")
    #expect(
      harness.app.inspector.helpSections.flatMap(\.entries).contains {
        $0.label.hasPrefix("Mock offline")
      })

    harness.app.inspector.keys = harness.app.inspector.keys.removing(
      DevtoolsAction.changingTheSource)
    harness.press(.down)
    #expect(!harness.text.contains("W offline"), "\(harness.text)")
    #expect(!harness.text.contains("r refetch"))
    #expect(harness.text.contains("N network"))
    let help = harness.app.inspector.helpSections.flatMap(\.entries).map(\.label)
    #expect(!help.contains { $0.hasPrefix("Mock offline") }, "\(help)")
    #expect(!help.contains { $0.hasPrefix("Refetch") })
    #expect(help.contains("Show the network log"))

    // W does nothing: no toast, nothing taken offline.
    harness.press("W")
    #expect(!harness.text.contains("Offline (mocked)"))
    #expect(harness.devtools.source.isOfflineMocked == false)

    // The palette leaves them out too, the clear cache without a key included.
    harness.press(":")
    harness.type("clear cache")
    #expect(!harness.text.contains("Clear cache"), "\(harness.text)")
    harness.press(.escape)
    harness.press(":")
    harness.type("network")
    #expect(harness.text.contains("Show the network log"), "\(harness.text)")
    harness.press(.escape)
  }
}
