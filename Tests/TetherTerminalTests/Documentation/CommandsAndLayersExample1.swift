// Mirrors a Swift block of Sources/TetherTerminal/TetherTerminal.docc/CommandsAndLayers.md as written; DocumentationTests checks it.

import TetherTerminal

final class PostScreen: TerminalApp {
  enum Message: Sendable {
    case comments([String])
    case failed(String)
    case deleted, clearStatus
  }

  enum Overlay: Layer {
    case help(HelpState)
    case confirmDelete(ConfirmState)

    var isModal: Bool { true }

    func wants(_ event: Event) -> Bool {
      switch self {
      case .help(let help): help.wants(event)
      case .confirmDelete(let confirm): confirm.wants(event)
      }
    }
  }

  let loadComments: @Sendable () async throws -> [String]  // your stores' work, say
  let deletePost: @Sendable () async throws -> Void
  var comments: [String] = []
  var status = "r loads the comments · d deletes · ? help"
  var layers = LayerStack<Overlay>()

  init(
    loadComments: @escaping @Sendable () async throws -> [String],
    deletePost: @escaping @Sendable () async throws -> Void
  ) {
    self.loadComments = loadComments
    self.deletePost = deletePost
  }

  func render(into frame: inout Frame) {
    frame.write(status, at: Point(x: 0, y: 0))
    for (row, comment) in comments.enumerated() {
      frame.write(comment, at: Point(x: 2, y: row + 1))
    }
    for index in layers.layers.indices {  // bottom first: the top layer is drawn last
      switch layers[index] {
      case .help(var help):
        HelpOverlay([]).render(in: frame.bounds, into: &frame, state: &help)
        layers[index] = .help(help)
      case .confirmDelete(var confirm):
        ConfirmPrompt(message: "Delete the post?", confirmTitle: "Delete")
          .render(in: frame.bounds, into: &frame, state: &confirm)
        layers[index] = .confirmDelete(confirm)
      }
    }
  }

  func handle(_ event: Event, context: EventContext) -> EventResult {
    if let message = event.message(as: Message.self) { return receive(message) }
    switch layers.route(event) {
    case .layer(let index): return handle(event, inLayerAt: index)
    case .closed: return .handled  // Esc closed the top layer
    case .blocked: return .ignored  // a modal layer keeps the key from the screen
    case .panels: break
    }
    switch event {
    case .key("r"):
      status = "Loading…"
      let loadComments = loadComments
      return .handled(
        running: Command("load the comments") {
          do { return Message.comments(try await loadComments()) } catch {
            return Message.failed("\(error)")
          }
        })
    case .key("d"): layers.push(.confirmDelete(ConfirmState()))
    case .key("?"): layers.push(.help(HelpState()))
    case .key("q"): return .quit
    default: return .ignored
    }
    return .handled
  }

  func handle(_ event: Event, inLayerAt index: Int) -> EventResult {
    switch (layers[index], event) {
    case (.help(var help), _):
      if help.handle(event) == .close {
        layers.remove(at: index)
      } else {
        layers[index] = .help(help)
      }
    case (.confirmDelete(var confirm), .key(let key)):
      switch confirm.handle(key) {
      case .confirmed:
        layers.remove(at: index)
        status = "Deleting…"
        let deletePost = deletePost
        return .handled(
          running: Command("delete the post") {
            do {
              try await deletePost()
              return Message.deleted
            } catch {
              return Message.failed("\(error)")
            }
          })
      case .cancelled: layers.remove(at: index)
      case nil: layers[index] = .confirmDelete(confirm)
      }
    default:
      return .ignored
    }
    return .handled
  }

  func receive(_ message: Message) -> EventResult {
    switch message {
    case .comments(let loaded):
      comments = loaded
      status = "\(loaded.count) comments"
    case .deleted:
      status = "Deleted"
      return .handled(running: .after(.seconds(3), deliver: Message.clearStatus))
    case .failed(let reason): status = "Failed: \(reason)"
    case .clearStatus: status = ""
    }
    return .handled
  }
}
