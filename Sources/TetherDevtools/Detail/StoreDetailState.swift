import Foundation
import TetherCore
import TetherJSON
import TetherTerminal

/// What the store detail keeps between frames: which store, which tab, and each tab's own
/// state — the fields' scroll, the value explorer, the timeline's selection and range, the
/// selected attempt.
public struct StoreDetailState {
  /// The detail's tabs; mutations have "attempts" instead of nothing.
  public enum Tab: String, CaseIterable, Sendable, Hashable {
    case state, value, timeline, history, attempts

    var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
  }

  /// The store shown.
  public let path: OperationPath
  public let isMutation: Bool
  public internal(set) var tab: Tab
  var fields = ScrollState()
  public internal(set) var explorer = ValueExplorerState()
  var timeline = ListState()
  var timelineFollows = true
  /// The moment the timeline selects at its next frame (an event opened from the event
  /// log): a run's attempt, or a store event at its date.
  var timelineTarget: (run: OperationRunID?, attempt: Int?, date: Date)?
  /// Whether the timeline fits the selected run rather than every run.
  var fitsRun = false
  var attempts = ListState()
  var attemptScroll = ScrollState()
  /// The history tab: the selected value, the one picked to compare it with (by sequence),
  /// the diff's scroll, and the diff last made.
  var history = ListState()
  var historyBase: Int?
  var diffScroll = ScrollState()
  var diffCache: (key: DiffKey, diff: ValueDiff)?
  /// The value laid out in the explorer, and what it was made from.
  var outline: ValueOutline?
  var outlineSource: OutlineSource?
  var outlineIdentity = 0
  /// Where the tabs were drawn, for clicks.
  var tabHits = HitMap<Tab>()

  /// What a diff was made from: two history entries of one store.
  struct DiffKey: Equatable {
    var store: ObjectIdentifier
    var from: Int
    var to: Int
  }

  struct OutlineSource: Equatable {
    var store: ObjectIdentifier
    var valueUpdates: Int
    var hasValue: Bool
    var isPlaceholder: Bool
    var attempt: OperationRunID?
  }

  /// The detail state of the store at `path` (a mutation store if `isMutation`), showing `tab`.
  public init(path: OperationPath, isMutation: Bool, tab: Tab = .state) {
    self.path = path
    self.isMutation = isMutation
    self.tab = tab
  }

  /// The tabs of this store.
  public var tabs: [Tab] {
    isMutation ? [.state, .attempts, .value, .timeline] : [.state, .value, .timeline, .history]
  }

  mutating func switchTab(by step: Int) {
    let tabs = tabs
    let index = tabs.firstIndex(of: tab) ?? 0
    tab = tabs[(index + step + tabs.count) % tabs.count]
  }

  /// The outline of `record`'s value (a mutation's: the selected attempt's value), made again
  /// only when the value changed.
  mutating func prepareOutline(for record: StoreRecord) {
    let attempt = isMutation ? selectedAttempt(of: record) : nil
    let source = OutlineSource(
      store: ObjectIdentifier(record.store), valueUpdates: record.snapshot.valueUpdateCount,
      hasValue: record.snapshot.hasValue, isPlaceholder: record.snapshot.isPlaceholder,
      attempt: attempt?.id)
    guard source != outlineSource else { return }
    outlineSource = source
    outlineIdentity += 1
    let node: JSONValue
    if let attempt {
      var object: JSONObject = ["arguments": JSONValue(describing: attempt.arguments.base)]
      object["value"] = attempt.value.map { JSONValue(describing: $0.base) }
      object["error"] = attempt.error.map { JSONValue(reflecting: $0) }
      node = .object(object)
    } else if record.snapshot.hasValue || record.snapshot.isPlaceholder {
      node = JSONValue(describing: record.snapshot.currentValue)
    } else {
      node = .null
    }
    let outline = ValueOutline(node)
    self.outline = outline
    explorer.valueChanged(outline)
  }

  /// The attempt selected in the attempts tab, newest first.
  func selectedAttempt(of record: StoreRecord) -> AttemptSnapshot? {
    let attempts = Array(record.attempts.reversed())
    return attempts.indices.contains(self.attempts.selection)
      ? attempts[self.attempts.selection] : attempts.first
  }

  /// Keys and clicks of the current tab.
  mutating func handle(_ event: Event, record: StoreRecord?) -> Bool {
    if case .mouse(let mouse) = event, mouse.isPrimaryPress,
      let tab = tabHits.target(at: mouse.position)
    {
      self.tab = tab
      return true
    }
    switch tab {
    case .state:
      switch event {
      case .key(let key): return fields.handle(key)
      case .mouse(let mouse): return fields.handle(mouse)
      default: return false
      }
    case .value:
      guard let outline else { return false }
      return explorer.handle(event, outline: outline)
    case .history:
      return handleHistory(event, record: record)
    case .timeline:
      let count = timeline.scroll.contentLength
      switch event {
      case .key(let key):
        guard timeline.handle(key, count: count) else { return false }
      case .mouse(let mouse):
        guard timeline.handle(mouse, count: count) else { return false }
      default: return false
      }
      timelineFollows = timeline.selection >= count - 1
      return true
    case .attempts:
      let count = record?.attempts.count ?? 0
      switch event {
      case .key(let key):
        if attempts.handle(key, count: count) { return true }
        return attemptScroll.handle(key)
      case .mouse(let mouse):
        return attempts.handle(mouse, count: count) || attemptScroll.handle(mouse)
      default: return false
      }
    }
  }

  /// Whether keys go to a text field (the explorer's search).
  var isEditingText: Bool { tab == .value && explorer.search.isEditing }
}
