import Foundation
import TetherCore
import TetherDiagnostics

/// Everything the devtools show at one moment, for "export session": every store with its
/// state and value, run log and value history, the network log and the faults injected. A
/// ``SessionExporter`` writes it in the format `tether replay` opens.
public struct DevtoolsSession: Sendable {
  /// One store of the session.
  public struct Store: Sendable {
    public var store: any InspectableStore
    public var runLog: [RunLogEntry]
    /// The values it held, oldest first.
    public var history: [HistoryEntry]
  }

  /// What the session is of: `posts (1234)`.
  public var source: String
  /// When it was taken.
  public var date: Date
  /// Queries first, then mutations.
  public var stores: [Store]
  public var network: [NetworkRecord]
  /// Which side injects ``faults``; nil without a fault target.
  public var faultSide: FaultSide?
  public var faults: FaultPlan
  /// Which side fails the next requests of a store; nil without a store fault target.
  public var storeFaultSide: FaultSide?
  /// Requests still to fail, by store.
  public var storeFailures: [OperationPath: Int]
}

/// Writes a ``DevtoolsSession`` as a file: `TetherAttach`'s `RecordingExporter` writes the
/// recording format `tether record` makes and `tether replay` opens.
public protocol SessionExporter: Sendable {
  /// The file's bytes for `session`.
  ///
  /// - Parameter session: what the devtools show now.
  func file(of session: DevtoolsSession) -> [UInt8]
  /// The file name's extension, without its dot.
  var fileExtension: String { get }
}
