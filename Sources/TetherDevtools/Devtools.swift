import Foundation
import TetherCore
import TetherTerminal

/// The devtools of one `OperationClient`: what the store view, the store detail, the run
/// timeline, the network log and the faults dialog show and act on — the way a React app
/// mounts TanStack Query Devtools next to its `QueryClient`.
///
/// It watches the client's events on whatever thread delivers them and wakes the event loop
/// with one ``DevtoolsMessage/changed`` message for any number of changes, through
/// ``messages`` (list it in the app's `inboxes`). Everything it shows is drawn by
/// ``DevtoolsView`` from a ``DevtoolsState`` the app keeps.
///
/// ```swift
/// let devtools = Devtools(client: client)
/// var inspector = DevtoolsState()
/// var inboxes: [any MessageSource] { [devtools.messages] }
/// // render:
/// DevtoolsView(devtools).render(in: area, into: &frame, state: &inspector)
/// DevtoolsDialogs(devtools).render(in: frame.bounds, into: &frame, state: &inspector)
/// // handle:
/// if inspector.handle(event, devtools: devtools, context: context) != .ignored { return .handled }
/// ```
public final class Devtools: Sendable {
  /// Where the stores come from: this process's client, or another process's.
  public let source: any StoreSource
  /// This process's client, when the devtools show it.
  public var client: OperationClient? { source as? OperationClient }
  /// Every HTTP request, when the app feeds one (`TetherDiagnosticsHTTP`'s `NetworkLogObserver`).
  public let network: NetworkLog?
  /// Where the faults dialog applies its faults: the server the app embeds, or a client-side
  /// injector; nil hides the dialog.
  public let faults: (any FaultTarget)?
  /// Where "fail the next requests of this store" goes; nil hides the action.
  public let storeFaults: (any StoreFaultTarget)?
  /// The failures "trigger error" can show, first the ones a store accepts.
  public let failures: [SimulatedFailure]
  /// Every client event in order, for the event log (`@`).
  public let events: EventLog
  /// How much value history each query keeps; nil keeps none.
  public let historyLimits: HistoryLimits?
  /// Writes "export session" files (`TetherAttach`'s `RecordingExporter`: the format
  /// `tether replay` opens); nil leaves the action out.
  public let exporter: (any SessionExporter)?
  /// Wakes the loop when something the devtools show changed.
  public let messages = Inbox<DevtoolsMessage>()
  let changes: ChangeCollector
  private let subscription: OperationSubscription
  private let networkSubscription: OperationSubscription?

  /// The devtools of this process's `client`, with the network log, fault targets,
  /// simulated failures and session exporter the app offers (all optional).
  public convenience init(
    client: OperationClient, network: NetworkLog? = nil, faults: (any FaultTarget)? = nil,
    storeFaults: (any StoreFaultTarget)? = nil, failures: [SimulatedFailure] = [.unknown],
    history: HistoryLimits? = HistoryLimits(), events: EventLog = EventLog(),
    exporter: (any SessionExporter)? = nil
  ) {
    self.init(
      source: client, network: network, faults: faults, storeFaults: storeFaults,
      failures: failures, history: history, events: events, exporter: exporter)
  }

  /// The devtools of any ``StoreSource``: another process's stores are shown and acted on
  /// as this process's are. Each query keeps its last values within `history` (nil keeps
  /// none), every event goes to `events`, and `exporter` writes "export session" files.
  public init(
    source: any StoreSource, network: NetworkLog? = nil, faults: (any FaultTarget)? = nil,
    storeFaults: (any StoreFaultTarget)? = nil, failures: [SimulatedFailure] = [.unknown],
    history: HistoryLimits? = HistoryLimits(), events: EventLog = EventLog(),
    exporter: (any SessionExporter)? = nil
  ) {
    self.source = source
    self.exporter = exporter
    self.events = events
    historyLimits = history
    self.network = network
    self.faults = faults
    self.storeFaults = storeFaults
    self.failures = failures
    let messages = messages
    let clock = (source as? OperationClient)?.clock
    let changes = ChangeCollector(
      events: events, recordsValues: history != nil, now: { clock?.now() ?? Date() },
      wake: { messages.post(.changed) })
    self.changes = changes
    subscription = source.subscribeToEvents { event in changes.record(event) }
    networkSubscription = network?.observe { _ in changes.recordNetwork() }
  }

  deinit {
    subscription.cancel()
  }

  /// Whether the devtools wake the loop on changes; turn it off while they are not on screen
  /// (changes are still gathered, and shown once they are).
  public var isActive: Bool {
    get { changes.isActive.load(ordering: .relaxed) }
    set {
      changes.isActive.store(newValue, ordering: .relaxed)
      if newValue { changes.signal() }
    }
  }

  /// Every store of the source, queries first.
  func allStores() -> [any InspectableStore] {
    source.inspectableStores()
  }
}

/// What the devtools post to their inbox.
public enum DevtoolsMessage: Sendable {
  /// Stores or requests changed: draw again.
  case changed
  /// Something to tell the user: an action started from the devtools ended (a failed
  /// refetch, a retried mutation, a value saved to a file).
  case notice(String, kind: MessageKind)
}

/// A failure "trigger error" shows in a store, as TanStack Devtools' `errorTypes`: its name
/// and how to make it for a store.
///
/// ```swift
/// let unavailable = SimulatedFailure("503 Service Unavailable") { _ in MyError.unavailable }
/// ```
public struct SimulatedFailure: Sendable {
  public var name: String
  public var make: @Sendable (OperationPath) -> any Error

  /// A failure shown as `name`, made for a store by `make`.
  public init(_ name: String, make: @escaping @Sendable (OperationPath) -> any Error) {
    self.name = name
    self.make = make
  }

  /// "Unknown error from devtools", for stores whose operation fails with `any Error`.
  public static let unknown = SimulatedFailure("Unknown error from devtools") { _ in
    DevtoolsFailure(message: "Unknown error from devtools")
  }
}

/// The failure ``SimulatedFailure/unknown`` shows.
public struct DevtoolsFailure: Error, Sendable, CustomStringConvertible {
  public var message: String

  /// A failure that says `message`.
  public init(message: String) {
    self.message = message
  }

  public var description: String { message }
}
