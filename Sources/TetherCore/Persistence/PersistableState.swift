import Foundation
import TetherJSON

/// A state whose data can be written to a snapshot and read back: a query whose value is
/// `Codable`, a paginated query whose page ids and values are, a mutation whose arguments are.
///
/// The conformances are conditional, so any store whose types are `Codable` is persisted and
/// others are skipped; nothing is declared by hand.
///
/// What is written is the data only — a query's value, a paginated query's pages with the ids
/// around them, a mutation's paused attempts' arguments — never an error, a run in flight, a
/// placeholder or a counter. Payloads are JSON written and read by TetherJSON's
/// `JSONCoder` with its defaults.
protocol PersistableState: OperationState {
  /// The data to write and when it last changed, or nil when there is none (no value of its
  /// own; for a mutation, no paused attempt).
  func persistedPayload() throws -> (payload: Data, updatedAt: Date)?

  /// Puts the data of `payload`, last changed at `updatedAt`, in place of the state's own,
  /// marked stale (invalidated). A mutation restores nothing here: its attempts are run again.
  /// It decodes before it changes anything: when it throws, the state is as it was.
  mutating func restore(payload: Data, updatedAt: Date) throws

  /// The data to write, for a mutation with what its store knows of its paused runs (their
  /// failed attempts and lifecycle contexts); the same as `persistedPayload()` for queries.
  func persistedPayload(runs: [OperationRunID: RestorableRun]) throws -> (
    payload: Data, updatedAt: Date
  )?

  /// The paused attempts a mutation's `payload` holds, oldest first, to go on with; empty for
  /// queries.
  static func restoredAttempts(payload: Data) throws -> [(RunInput, RestoredAttempt)]
}

extension PersistableState {
  static func restoredAttempts(payload: Data) throws -> [(
    RunInput, RestoredAttempt
  )] { [] }

  func persistedPayload(runs: [OperationRunID: RestorableRun]) throws -> (
    payload: Data, updatedAt: Date
  )? { try persistedPayload() }
}

/// A query is written as its value's JSON, nothing around it (`JSONCoder` writes and
/// reads any value at the top level, `null` and numbers included).
extension QueryState: PersistableState where Value: Codable {
  func persistedPayload() throws -> (payload: Data, updatedAt: Date)? {
    guard hasValue, let storedValue, let updatedAt = valueLastUpdatedAt else { return nil }
    return (try JSONCoder().encode(storedValue), updatedAt)
  }

  mutating func restore(payload: Data, updatedAt: Date) throws {
    storedValue = try JSONCoder().decode(Value.self, from: payload)
    storedTracker.recordValue(at: updatedAt, final: true)
    storedTracker.isInvalidated = isInvalidatable
  }
}

/// The written form of a paginated query: its pages in order, and the ids of the pages
/// around each, so that `hasNextPage` is known before the first fetch.
struct PaginatedPayload<PageID: Codable & Hashable & Sendable, PageValue: Codable & Sendable>:
  Codable
{
  struct Neighbors: Codable {
    var previous: PageID?
    var next: PageID?
  }

  var pages: [Page<PageID, PageValue>]
  var neighbors: [Neighbors]
}

extension PaginatedState: PersistableState where PageID: Codable, PageValue: Codable {
  func persistedPayload() throws -> (payload: Data, updatedAt: Date)? {
    guard !storedPages.isEmpty, let updatedAt = valueLastUpdatedAt else { return nil }
    let payload = PaginatedPayload(
      pages: storedPages,
      neighbors: storedPages.map {
        let around = neighbors[$0.id]
        return .init(previous: around?.previous, next: around?.next)
      })
    return (try JSONCoder().encode(payload), updatedAt)
  }

  mutating func restore(payload: Data, updatedAt: Date) throws {
    let decoded = try JSONCoder().decode(PaginatedPayload<PageID, PageValue>.self, from: payload)
    guard !decoded.pages.isEmpty, decoded.neighbors.count == decoded.pages.count else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "pages and neighbours do not match"))
    }
    storedPages = decoded.pages
    neighbors = [:]
    for (page, around) in zip(decoded.pages, decoded.neighbors) {
      neighbors[page.id] = PageNeighbors(previous: around.previous, next: around.next)
    }
    if let maxPages, storedPages.count > maxPages {
      storedPages.removeLast(storedPages.count - maxPages)
    }
    storedTracker.recordValue(at: updatedAt, final: true)
    storedTracker.isInvalidated = isInvalidatable
  }
}

/// The written form of a mutation: its paused attempts, oldest first, each with its arguments,
/// when it was submitted, how many of its attempts had failed and its lifecycles' contexts
/// (the last two absent from snapshots written before they were kept).
struct MutationPayload<Arguments: Codable>: Codable {
  struct Attempt: Codable {
    var arguments: Arguments
    var startDate: Date
    var failedAttempts: Int?
    /// Each lifecycle's `onMutate` context as JSON text (null when not `Codable`).
    var contexts: [String?]?
  }

  var attempts: [Attempt]
}

extension MutationState: PersistableState where Arguments: Codable {
  func persistedPayload() throws -> (payload: Data, updatedAt: Date)? {
    try persistedPayload(runs: [:])
  }

  func persistedPayload(runs: [OperationRunID: RestorableRun]) throws -> (
    payload: Data, updatedAt: Date
  )? {
    let paused = storedHistory.filter {
      $0.status == .running && storedTracker.paused.contains($0.id)
    }
    guard let latest = paused.last else { return nil }
    let payload = MutationPayload(
      attempts: paused.map {
        let run = runs[$0.id]
        return .init(
          arguments: $0.arguments, startDate: $0.startDate,
          failedAttempts: run.map(\.failedAttempts), contexts: run?.hookRecords)
      })
    return (try JSONCoder().encode(payload), latest.startDate)
  }

  mutating func restore(payload: Data, updatedAt: Date) throws {}

  static func restoredAttempts(payload: Data) throws -> [(
    Arguments, RestoredAttempt
  )] {
    try JSONCoder().decode(MutationPayload<Arguments>.self, from: payload).attempts.map {
      (
        $0.arguments,
        RestoredAttempt(
          startDate: $0.startDate, failedAttempts: max(0, $0.failedAttempts ?? 0),
          hookRecords: $0.contexts)
      )
    }
  }
}
