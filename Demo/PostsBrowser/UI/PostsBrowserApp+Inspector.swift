import Glibc
import TetherInspector
import TetherSystem

/// The browser made inspectable: `tether attach PID` shows its stores, requests and faults
/// from another terminal, and may change them.
extension PostsBrowserApp {
  /// Starts an inspector on the model's client, requests and faults, and says in the help how
  /// to attach. A viewer changing the faults or the offline mock posts to the inbox, so that
  /// the status bar shows the change at once, not at the next event.
  ///
  /// - Throws: `SystemError` when the socket cannot be made.
  public func startInspector(options: InspectorOptions = InspectorOptions())
    throws(SystemError) -> Inspector
  {
    let inbox = inbox
    let inspector = try Inspector.start(
      client: model.client, name: "posts", network: model.network,
      faults: model.faults.target, storeFaults: model.clientFaults, options: options
    ) { inbox.post(.viewerChanged) }
    attachCommand = "tether attach \(getpid())"
    return inspector
  }
}
