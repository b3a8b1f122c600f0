import TetherTerminal

/// A `--url` server that stopped answering is asked again, as commands of the event loop: a
/// timer on the loop's clock (`probeInterval`), then the probe, whose exchange sets the
/// reachability, then the next timer — until the server answers. No task of the browser's own:
/// the loop cancels the chain when it ends.
extension PostsBrowserApp {
  /// The next step of the chain after `message` (`.serverLost`, `.probeDue` or `.probed`).
  func followReachability(_ message: AppMessage) -> [Command] {
    guard let reachability = model.reachability else { return [] }
    let next = Command.after(
      reachability.probeInterval, deliver: AppMessage.probeDue,
      name: "probe the server in \(reachability.probeInterval)")
    switch message {
    case .serverLost:
      // Found and lost again while a probe was out: its `.probed` goes on.
      guard !isProbingServer, !reachability.isReachable else { return [] }
      isProbingServer = true
      return [next]
    case .probeDue:
      guard !reachability.isReachable else { break }
      return [
        Command("probe the server") { () async -> AppMessage? in
          await reachability.probe()
          return .probed
        }
      ]
    case .probed:
      guard !reachability.isReachable else { break }
      return [next]
    default:
      return []
    }
    isProbingServer = false
    return []
  }
}
