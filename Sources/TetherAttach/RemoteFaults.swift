import TetherCore
import TetherDiagnostics
import TetherInspector
import TetherSynchronization

/// The faults an attached process injects, as the devtools' faults dialog reads and sets them:
/// the plan it last said, changed at once here when set (so the dialog follows each key) and
/// sent to the process, which applies it and says what it now injects. A plan it refuses is
/// told in a toast and the dialog goes back to what it injects.
public final class RemoteFaults: FaultTarget {
  private let state: RemoteFaultsState
  private let commands: CommandChannel

  init(_ state: RemoteFaultsState, commands: CommandChannel) {
    self.state = state
    self.commands = commands
  }

  /// The side the process applies its faults on (`server` for an embedded test server).
  public var side: FaultSide { state.shown.side ?? .client }

  /// Whether the process has a fault target (known once it has sent its faults).
  public var isAvailable: Bool { state.shown.side != nil }

  public var plan: FaultPlan { state.shown.plan }

  /// Validates `plan` here, shows it, and sends it to the process.
  ///
  /// - Throws: `FaultPlanError` for a plan that is not valid; ``RemoteFaultsError`` when the
  ///   process has no fault target.
  public func apply(_ plan: FaultPlan) throws {
    guard isAvailable else {
      throw RemoteFaultsError("\(state.name) injects no faults: its inspector has no fault target")
    }
    try plan.validate()
    state.show { $0.plan = plan }
    let state = state
    commands.send(
      { id in InspectorRequest(id: id, command: .setFaults, path: [], plan: plan) },
      failed: { state.revert() })
  }
}

/// "Fail the next requests of this store" in an attached process: the failures still queued
/// there, by store, and new ones sent to it.
public final class RemoteStoreFaults: StoreFaultTarget {
  private let state: RemoteFaultsState
  private let commands: CommandChannel

  init(_ state: RemoteFaultsState, commands: CommandChannel) {
    self.state = state
    self.commands = commands
  }

  public var side: FaultSide { state.shown.storeSide ?? .client }

  public var storeFailures: [OperationPath: Int] { state.shown.storeFailures }

  /// Queues `count` failures of the query at `path` in the process (a toast says why when it
  /// cannot).
  public func failNext(_ count: Int, of path: OperationPath, like failure: FaultPlan) {
    state.show { $0.storeFailures[path] = count > 0 ? count : nil }
    let state = state
    commands.send(
      { id in
        InspectorRequest(id: id, command: .failNext, path: path, plan: failure, count: count)
      },
      failed: { state.revert() })
  }
}

/// What the process last said it injects, and what is shown until it answers.
final class RemoteFaultsState: Sendable {
  private struct Storage {
    var received = InspectedFaults()
    var shown = InspectedFaults()
    var name = "the process"
  }

  private let storage = SanitizerVisibleMutex(Storage())

  var shown: InspectedFaults { storage.withLock { $0.shown } }
  var name: String { storage.withLock { $0.name } }

  func named(_ name: String) {
    storage.withLock { $0.name = name }
  }

  /// The process said what it injects now.
  func received(_ faults: InspectedFaults) {
    storage.withLock { storage in
      storage.received = faults
      storage.shown = faults
    }
  }

  func show(_ change: (inout InspectedFaults) -> Void) {
    storage.withLock { change(&$0.shown) }
  }

  /// A change was refused: back to what the process said.
  func revert() {
    storage.withLock { $0.shown = $0.received }
  }
}

/// A fault the attached process cannot be asked to inject, in words.
public struct RemoteFaultsError: Error, Sendable, CustomStringConvertible {
  public var description: String

  /// The error `description` says.
  public init(_ description: String) {
    self.description = description
  }
}
