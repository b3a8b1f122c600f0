import Foundation
import TetherCore
import TetherDiagnostics
import TetherJSON

/// The protocol lines of a whole session at one moment — what an inspector sends a viewer
/// that attaches, plus each store's value history — for writing a session to a file that a
/// replay reads like a recording: a `snapshot` line with the network log, the stores in
/// `snapshotStores` parts, a `faults` line and a `history` line.
public enum SessionLines {
  /// One store of a session, with the id the lines give it.
  public struct Store {
    public var store: any InspectableStore
    public var runLog: [RunLogEntry]
    public var history: [InspectedHistoryEntry]

    /// `store` with its run log and value history, oldest first.
    public init(
      _ store: any InspectableStore, runLog: [RunLogEntry], history: [InspectedHistoryEntry]
    ) {
      self.store = store
      self.runLog = runLog
      self.history = history
    }
  }

  /// The lines of `stores`, `network` and the faults at `date`, each without its newline.
  ///
  /// - Parameters:
  ///   - stores: every store, queries first.
  ///   - network: the network log.
  ///   - faults: the faults injected and still queued.
  ///   - date: when the session was taken.
  ///   - valueLimit: the most bytes of JSON of one value; larger values are cut and said so.
  public static func lines(
    stores: [Store], network: [NetworkRecord], faults: InspectedFaults, date: Date,
    valueLimit: Int = InspectorOptions().valueLimit
  ) -> [[UInt8]] {
    var lines: [[UInt8]] = []
    SnapshotLines.write(
      count: stores.count, network: network, now: date, resyncs: 0,
      writeStore: { index, json in
        WireStore.write(
          stores[index].store, id: index + 1, valueLimit: valueLimit, log: stores[index].runLog,
          into: &json)
      },
      emit: { lines.append($0) })
    lines.append(JSONWriter.bytes(of: WireFaults.state(faults)))
    let histories = stores.indices.filter { !stores[$0].history.isEmpty }.map {
      (store: $0 + 1, entries: stores[$0].history)
    }
    if !histories.isEmpty { lines.append(JSONWriter.bytes(of: WireHistory.encode(histories))) }
    return lines
  }
}
