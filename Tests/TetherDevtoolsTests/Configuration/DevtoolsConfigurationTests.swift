import Foundation
import Synchronization
import Testing
import TetherCore
import TetherDevtools
import TetherDiagnostics
import TetherTerminal

@Suite struct DevtoolsConfigurationTests {
  private func parse(_ text: String) throws(DevtoolsConfigurationError) -> DevtoolsConfiguration {
    try DevtoolsConfiguration(parsing: Array(text.utf8))
  }

  /// The error `text` gives, or a recorded issue.
  private func problem(_ text: String) -> String {
    do {
      _ = try parse(text)
      Issue.record("\(text) was accepted")
      return ""
    } catch {
      return error.description
    }
  }

  @Test func readsKeysThemePanelAndFaults() throws {
    let configuration = try parse(
      """
      {
        "theme": "light",
        "panel": "network",
        "keys": {
          "stores": {"refetch": "g", "remove": ["x", "Ctrl-D"]},
          "network": {"clearNetwork": []}
        },
        "faults": {"failureRate": 0.25, "failureStatuses": [503], "latency": 0.3}
      }
      """)
    #expect(configuration.theme == .light)
    #expect(configuration.page == .network)
    #expect(configuration.keys.stores.action(for: "g") == .refetch)
    #expect(configuration.keys.stores.action(for: "r") == nil, "r is no longer refetch")
    #expect(configuration.keys.stores.keyLabel(for: .remove) == "x/Ctrl-D")
    #expect(configuration.keys.stores.action(for: .ctrl("d")) == .remove)
    #expect(configuration.keys.network.keyLabel(for: .clearNetwork) == nil, "[] unbinds")
    #expect(configuration.keys.stores.hints.contains { $0.keys == "g" && $0.label == "refetch" })
    #expect(configuration.faults?.failureRate == 0.25)
    #expect(configuration.faults?.failureStatuses == [503])
    #expect(configuration.faults?.latency == .milliseconds(300))
  }

  @Test func keyNamesReadBackWhatKeysShow() {
    for key: Key in [
      "g", "G", "@", ":", .ctrl("s"), .alt("b"), .shiftTab, .enter, .escape, .space,
      .delete, .up, .pageDown, Key(.function(5)),
    ] {
      #expect(Key(name: key.description) == key, "\(key)")
    }
    #expect(Key(name: "Escape") == .escape)
    #expect(Key(name: "ctrl-s") == .ctrl("s"))
    #expect(Key(name: "PageDown") == .pageDown)
    #expect(Key(name: "Hyper-g") == nil)
    #expect(Key(name: "") == nil)
    #expect(Key(name: "Shift-g") == nil, "G is its own key")
  }

  @Test func malformedJSONNamesTheLine() {
    let text = problem("{\n  \"theme\": \"light\"\n  \"panel\": \"network\"\n}")
    #expect(text.hasPrefix("line 3, column 3: not JSON"), "\(text)")
  }

  @Test func anUnknownKeyIsNamedWithItsLine() {
    let text = problem("{\n  \"theme\": \"light\",\n  \"colour\": \"red\"\n}")
    #expect(
      text
        == "line 3: colour is not a key of the config file; its keys are theme, panel, keys or faults"
    )
  }

  @Test func anUnknownKeymapOrActionIsNamed() {
    #expect(problem(#"{"keys": {"feed": {}}}"#).contains("keys.feed is not a keymap"))
    let action = problem("{\"keys\": {\n\"stores\": {\n\"fly\": \"f\"}}}")
    #expect(
      action.hasPrefix("line 3: keys.stores.fly is not an action of the stores keys"), "\(action)")
    #expect(action.contains("refetch"), "lists the actions: \(action)")
    // An action of another keymap is not one of these keys.
    #expect(problem(#"{"keys": {"network": {"refetch": "g"}}}"#).contains("keys.network.refetch"))
  }

  @Test func anUnknownKeyNameIsNamed() {
    let text = problem(#"{"keys": {"stores": {"refetch": "Hyper-g"}}}"#)
    #expect(text.contains("keys.stores.refetch: \"Hyper-g\" is not a key"), "\(text)")
  }

  @Test func aKeyBoundTwiceIsNamed() {
    let text = problem(#"{"keys": {"stores": {"refetch": "g", "invalidate": ["i", "g"]}}}"#)
    #expect(
      text.contains("keys.stores.invalidate: g is bound twice, to refetch and to invalidate"),
      "\(text)")
  }

  @Test func aValueOfTheWrongTypeIsNamed() {
    #expect(
      problem(#"{"theme": 3}"#).contains("theme must be one of default, light or high-contrast"))
    #expect(problem(#"{"theme": "dark"}"#).contains("theme must be one of"))
    #expect(
      problem(#"{"panel": "detail"}"#).contains("panel must be one of stores, network or events"))
    #expect(problem(#"{"keys": []}"#).contains("keys must be an object of keymaps"))
    #expect(
      problem(#"{"keys": {"stores": {"refetch": 7}}}"#).contains(
        "keys.stores.refetch must be a key"))
    #expect(
      problem(#"{"faults": {"failureRate": 2}}"#).contains(
        "faults: failureRate must be a number from 0 to 1"))
    #expect(
      problem(#"{"faults": {"failureStatuses": [200]}}"#).contains(
        "faults: failure statuses must be from 400 to 599"))
    #expect(problem("[1]").contains("must be one JSON object"))
  }

  @Test func loadingUsesTheStandardFileAndDefaultsOnAnyProblem() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tether-config-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = ["XDG_CONFIG_HOME": folder.path, "HOME": "/nonexistent"]
    #expect(
      DevtoolsConfiguration.standardFile(environment: environment)
        == folder.path + "/tether/config.json")
    // No file: the defaults, nothing to say.
    var loaded = DevtoolsConfiguration.load(file: nil, environment: environment)
    #expect(loaded.problem == nil)
    #expect(loaded.configuration.theme == .standard)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("tether"), withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("tether/config.json")
    try Data(#"{"theme": "high-contrast"}"#.utf8).write(to: file)
    loaded = DevtoolsConfiguration.load(file: nil, environment: environment)
    #expect(loaded.problem == nil)
    #expect(loaded.configuration.theme == .highContrast)
    try Data(#"{"theme": "high-contrast", "keys": {"stores": {"refetch": "Hyper-g"}}}"#.utf8)
      .write(to: file)
    loaded = DevtoolsConfiguration.load(file: nil, environment: environment)
    #expect(loaded.configuration.theme == .standard, "a bad file is not used at all")
    #expect(loaded.configuration.keys.stores.action(for: "r") == .refetch)
    let problem = try #require(loaded.problem)
    #expect(
      problem.hasPrefix("config file \(file.path), line 1: keys.stores.refetch"), "\(problem)")
    #expect(problem.hasSuffix("— using the defaults"))
    // A file named on the command line must exist.
    loaded = DevtoolsConfiguration.load(
      file: folder.path + "/missing.json", environment: environment)
    #expect(
      loaded.problem?.contains("missing.json: no such file") == true, "\(loaded.problem ?? "")")
  }

  @Test func aReboundKeyActsAndTheFooterAndHelpFollow() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 30))
    let configuration = try parse(#"{"keys": {"stores": {"refetch": "g"}}}"#)
    harness.app.inspector.configure(with: configuration, devtools: harness.devtools)
    let runs = Atomic(0)
    let store = harness.client.store(
      for: Query<Int, any Error>(["count"]) { _ in
        runs.add(1, ordering: .relaxed).newValue
      })
    try await store.fetch()
    await harness.waitFor("count")
    harness.press(.down)
    #expect(harness.screen.lines.last?.contains("g refetch") == true, "\(harness.text)")
    #expect(harness.screen.lines.last?.contains("r refetch") == false)
    #expect(harness.app.inspector.helpSections[0].entries.contains { $0.keys == "g" })
    harness.press("r")
    harness.press("g")
    await harness.waitUntil("refetched once") { _ in store.state.currentValue == 2 }
    #expect(runs.load(ordering: .relaxed) == 2, "r did nothing, g refetched (not the list's top)")
  }

  @Test func theConfiguredPageAndFaultsApply() throws {
    let harness = try DevtoolsHarness()
    let configuration = try parse(#"{"panel": "events", "faults": {"failureRate": 0.5}}"#)
    let problem = harness.app.inspector.configure(with: configuration, devtools: harness.devtools)
    #expect(problem == nil)
    #expect(harness.app.inspector.page == .events)
    #expect(harness.faults.plan.failureRate == 0.5)
  }
}
