import Foundation
import TetherTerminal

/// What the network log view keeps between frames: the selected request (which stays
/// selected as requests arrive; at the newest one, the selection follows new requests), the
/// text and status filters, and the request whose headers and body are open.
public struct NetworkLogState {
  /// Which requests show, by outcome.
  public enum StatusFilter: String, CaseIterable, Sendable, Hashable {
    case all, failures
    case success = "2xx"
    case clientErrors = "4xx"
    case serverErrors = "5xx"
    case inFlight = "in flight"
    case cancelled

    func matches(_ record: NetworkRecord) -> Bool {
      switch self {
      case .all: true
      case .failures: record.isFailure
      // A 304 is a successful revalidation: the store's value stays, fresh.
      case .success: (200..<300).contains(record.status ?? 0) || record.status == 304
      case .clientErrors: (400..<500).contains(record.status ?? 0)
      case .serverErrors: (500..<600).contains(record.status ?? 0)
      case .inFlight: record.isInFlight
      case .cancelled: record.isCancelled
      }
    }
  }

  /// The selected request, by id.
  public internal(set) var selection = LogSelection<UInt64>()
  public internal(set) var filter = FilterField()
  public internal(set) var statusFilter = StatusFilter.all
  /// The request whose headers and body show.
  public internal(set) var openID: UInt64?
  var detailScroll = ScrollState()
  /// The requests shown at the last frame.
  var shown: [NetworkRecord] = []
  var shownKey: ShownKey?

  struct ShownKey: Equatable {
    var revision: UInt64
    var filter: String
    var status: StatusFilter
  }

  /// A network log state with no filter.
  public init() {}

  /// Whether a text or status filter hides some requests.
  public var isFiltered: Bool {
    !filter.needle.isEmpty || statusFilter != .all
  }

  /// Filters the log's records when they or the filters changed, and keeps the selection on
  /// its request.
  mutating func update(_ log: NetworkLog) {
    let key = ShownKey(revision: log.revision, filter: filter.text, status: statusFilter)
    guard key != shownKey else { return }
    shownKey = key
    let needle = filter.needle
    shown = log.records.filter { record in
      guard statusFilter.matches(record) else { return false }
      guard !needle.isEmpty else { return true }
      let haystack =
        "\(record.method) \(record.target) \(record.statusText) \(record.origin?.path.label ?? "")"
      return haystack.lowercased().contains(needle)
    }
    let shown = shown
    selection.update(
      count: shown.count, id: { shown[$0].id }, row: { id in shown.lastIndex { $0.id == id } })
  }

  /// Moves the selection, filters (`/`, `t`), opens (Enter) and closes (Esc) a request.
  public mutating func handle(_ event: Event) -> Bool {
    if filter.isEditing { return filter.handle(event) }
    if openID != nil {
      switch event {
      case .key(.escape), .key(.enter), .key("q"):
        openID = nil
        return true
      case .key(let key): return detailScroll.handle(key)
      case .mouse(let mouse): return detailScroll.handle(mouse)
      default: return false
      }
    }
    switch event {
    case .key("/"):
      filter.begin()
    case .key("t"):
      let all = StatusFilter.allCases
      statusFilter = all[((all.firstIndex(of: statusFilter) ?? 0) + 1) % all.count]
    case .key(.enter):
      guard let selectedID = selection.id else { return false }
      openID = selectedID
      detailScroll = ScrollState()
    case .key(.escape) where filter.isActive || statusFilter != .all:
      filter.clear()
      statusFilter = .all
    default:
      let shown = shown
      return selection.handle(event, count: shown.count) { shown[$0].id }
    }
    return true
  }
}
