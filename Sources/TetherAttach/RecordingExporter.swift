import Foundation
import TetherCore
import TetherDevtools
import TetherInspector
import TetherJSON

/// Writes the devtools' "export session" as a recording — the format `tether record` makes and
/// `tether replay` opens: its header, then at time 0 the snapshot of every store with its run
/// log and the network log, the faults, and each store's value history.
///
/// ```swift
/// let devtools = Devtools(client: client, exporter: RecordingExporter())
/// ```
public struct RecordingExporter: SessionExporter {
  /// An exporter of recordings.
  public init() {}

  /// `tether.jsonl`: lines of JSON.
  public var fileExtension: String { "tether.jsonl" }

  /// The recording of `session`.
  ///
  /// - Parameter session: what the devtools show now.
  public func file(of session: DevtoolsSession) -> [UInt8] {
    var faults = InspectedFaults()
    faults.side = session.faultSide
    faults.plan = session.faults
    faults.storeSide = session.storeFaultSide
    faults.storeFailures = session.storeFailures
    let stores = session.stores.map { store in
      SessionLines.Store(
        store.store, runLog: store.runLog, history: store.history.map(Self.entry))
    }
    var bytes = InspectorProtocol.line(
      Recording.header(source: session.source + " · exported", startDate: session.date))
    for line in SessionLines.lines(
      stores: stores, network: session.network, faults: faults, date: session.date)
    {
      bytes += Recording.stamped(line, at: 0)
    }
    return bytes
  }

  private static func entry(_ entry: HistoryEntry) -> InspectedHistoryEntry {
    switch entry.cause {
    case .run(let run, let trigger):
      InspectedHistoryEntry(
        cause: "run", run: run, trigger: trigger, date: entry.date, json: entry.json)
    case .yielded(let run):
      InspectedHistoryEntry(cause: "yielded", run: run, date: entry.date, json: entry.json)
    case .manualSet:
      InspectedHistoryEntry(cause: "manualSet", date: entry.date, json: entry.json)
    case .initial:
      InspectedHistoryEntry(cause: "initial", date: entry.date, json: entry.json)
    }
  }
}
