import Foundation
import TetherCore
import TetherTerminal

extension DevtoolsState {
  /// "Export session" (the palette): every store with its state, value, run log and history,
  /// the network log and the faults, in one new file of ``exportFolder`` (0600, never through
  /// a link) that `tether replay` opens. The file is written by a command; its path comes
  /// back as a notice.
  mutating func exportSession(_ devtools: Devtools, now: Date) {
    guard let exporter = devtools.exporter else {
      toast.show(
        "No session exporter: give Devtools one (TetherAttach's RecordingExporter)",
        kind: .error, now: now)
      return
    }
    let session = session(of: devtools, at: now)
    let folder = exportFolder
    let time = StoreColumns.clockTime(now).replacingOccurrences(of: ":", with: "")
    let name = "session-\(time).\(exporter.fileExtension)"
    let counts =
      "\(session.stores.count) store\(session.stores.count == 1 ? "" : "s"), "
      + "\(session.network.count) request\(session.network.count == 1 ? "" : "s")"
    toast.show("Exporting \(counts)…", now: now)
    commands.append(
      Command("export the session") { () async -> DevtoolsMessage? in
        do {
          let file = try folder.save(Data(exporter.file(of: session)), as: name)
          return .notice("Exported \(counts) to \(file) — tether replay opens it", kind: .info)
        } catch {
          return .notice("Could not export the session: \(error)", kind: .error)
        }
      })
  }

  /// What `devtools` show now, as a session taken at `now`: what "export session" writes.
  ///
  /// - Parameters:
  ///   - devtools: the devtools whose stores, network log and faults the session holds.
  ///   - now: when the session is taken.
  public func session(of devtools: Devtools, at now: Date) -> DevtoolsSession {
    catalog.synchronize(with: devtools)
    let ordered = catalog.inOrder
    let records = ordered.filter { !$0.isMutation } + ordered.filter(\.isMutation)
    let stores = records.map { record in
      DevtoolsSession.Store(
        store: record.store, runLog: catalog.runLog(of: ObjectIdentifier(record.store)),
        history: record.history.entries)
    }
    let source =
      devtools.source.status?.text
      ?? "\(ProcessInfo.processInfo.processName) (\(ProcessInfo.processInfo.processIdentifier))"
    return DevtoolsSession(
      source: source, date: now, stores: stores, network: devtools.network?.records ?? [],
      faultSide: devtools.faults?.side, faults: devtools.faults?.plan ?? FaultPlan(),
      storeFaultSide: devtools.storeFaults?.side,
      storeFailures: devtools.storeFaults?.storeFailures ?? [:])
  }
}
