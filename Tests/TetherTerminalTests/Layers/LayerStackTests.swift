import Testing

@testable import TetherTerminal

/// A layer for the tests: modal or not, wanting some keys.
private struct TestLayer: Layer, Equatable {
  var name: String
  var isModal: Bool
  var keys: Set<Key> = []
  var typed: [Key] = []

  func wants(_ event: Event) -> Bool {
    guard case .key(let key) = event else { return false }
    return keys.contains(key)
  }
}

@Suite struct LayerStackTests {
  private let panel = TestLayer(name: "toast", isModal: false)
  private let dialog = TestLayer(name: "dialog", isModal: true, keys: ["y", "n"])

  @Test func anEmptyStackSendsEverythingToThePanels() {
    var stack = LayerStack<TestLayer>()
    #expect(stack.isEmpty && !stack.isModal)
    guard case .panels = stack.route(.key("x")) else {
      Issue.record("expected the panels")
      return
    }
  }

  @Test func theTopmostLayerThatWantsAKeyGetsIt() {
    var stack = LayerStack<TestLayer>()
    stack.push(dialog)
    stack.push(TestLayer(name: "help", isModal: false, keys: ["j"]))
    guard case .layer(1) = stack.route(.key("j")), case .layer(0) = stack.route(.key("y"))
    else {
      Issue.record("expected the help, then the dialog")
      return
    }
    stack[0].typed.append("y")
    #expect(stack.layers[0].typed == ["y"])
  }

  @Test func aModalLayerKeepsKeysFromBelowAndANonModalOneDoesNot() {
    var stack = LayerStack<TestLayer>()
    stack.push(panel)
    guard case .panels = stack.route(.key("x")), case .panels = stack.route(.key(.escape)) else {
      Issue.record("a toast lets keys through, Esc too")
      return
    }
    stack.push(dialog)
    #expect(stack.isModal)
    guard case .blocked = stack.route(.key("x")), case .blocked = stack.route(.paste("x")) else {
      Issue.record("a dialog keeps keys from the panels")
      return
    }
    guard case .panels = stack.route(.resize(Size(width: 1, height: 1))) else {
      Issue.record("resizes always reach the app")
      return
    }
  }

  @Test func escapeClosesTheTopmostModalLayerAndEndsItsCommands() {
    var stack = LayerStack<TestLayer>()
    stack.push(dialog)
    stack.push(panel)
    let scope = stack.scope(at: 0)
    guard case .closed(let closed) = stack.route(.key(.escape)) else {
      Issue.record("expected Esc to close the dialog")
      return
    }
    #expect(closed == dialog)
    #expect(scope.isCancelled)
    #expect(stack.layers == [panel])
  }

  @Test func aLayerThatWantsEscapeGetsIt() {
    var stack = LayerStack<TestLayer>()
    stack.push(TestLayer(name: "editor", isModal: true, keys: [.escape]))
    guard case .layer(0) = stack.route(.key(.escape)) else {
      Issue.record("the editor asks before it closes")
      return
    }
    #expect(stack.top?.name == "editor")
  }

  @Test func poppingAndRemovingEndTheLayersScopes() {
    var stack = LayerStack<TestLayer>()
    stack.push(dialog)
    stack.push(panel)
    stack.push(dialog)
    let scopes = (0..<3).map { stack.scope(at: $0) }
    #expect(stack.pop() == dialog)
    #expect(scopes.map(\.isCancelled) == [false, false, true])
    stack.removeAll { $0.name == "toast" }
    #expect(scopes.map(\.isCancelled) == [false, true, true])
    #expect(stack.lastIndex { $0.name == "dialog" } == 0)
    stack.remove(at: 0)
    #expect(stack.isEmpty && scopes.allSatisfy(\.isCancelled))
    #expect(stack.pop() == nil)
  }
}
