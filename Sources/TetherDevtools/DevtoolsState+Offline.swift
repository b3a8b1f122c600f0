import Foundation
import TetherCore

extension DevtoolsState {
  /// `W`: makes the client act offline — queries pause as their network mode says, writes
  /// queue — or online again, when everything paused goes on in the order it paused. Works
  /// from any panel: apps bind it in their global keys too.
  public mutating func toggleOffline(_ devtools: Devtools, now: Date) {
    let source = devtools.source
    guard source.canMockOffline else {
      toast.show("This source cannot be taken offline", kind: .error, now: now)
      return
    }
    let offline = !source.isOfflineMocked
    catalog.synchronize(with: devtools)
    // Counted before going online: the paused runs go on at once.
    let paused = catalog.records.values.filter { $0.snapshot.fetchStatus == .paused }.count
    source.mockOffline(offline)
    catalog.synchronize(with: devtools)
    if offline {
      toast.show(
        "Offline (mocked): queries pause, writes queue, nothing is sent — W goes online",
        now: now, duration: .seconds(5))
    } else {
      toast.show(
        "Online again: "
          + (paused == 0
            ? "nothing was paused"
            : "\(paused) paused store\(paused == 1 ? " goes" : "s go") on"),
        now: now)
    }
  }

  /// `offline (mocked)` while the devtools keep the client offline, for the app's status bar.
  public func offlineStatus(_ devtools: Devtools) -> String? {
    devtools.source.isOfflineMocked ? "offline (mocked)" : nil
  }
}
