import Dispatch
import Foundation
import TetherSynchronization
import TetherTime

/// Rows of encoded state in an SQLite file, written in transactions on a background serial
/// worker and read at start: the storage under ``SQLitePersister``, and usable alone.
///
/// ```swift
/// let rows = SQLiteRowStore(at: cacheURL) { diagnostic in log(diagnostic.message) }
/// let contents = await rows.load()          // every row, and the metadata
/// var batch = RowBatch()
/// batch.put(StoredRow(key: "[\"post\",1]", value: encoded, updatedAt: .now))
/// rows.enqueue(batch)                       // returns at once; written on the worker
/// await rows.close()                        // everything enqueued is on disk
/// ```
///
/// The file is in WAL mode and every batch is one transaction, so a process killed in the
/// middle of a write loses that batch and nothing else, and never leaves the file damaged.
/// Batches enqueued while the worker writes are merged and written together.
///
/// Nothing here crashes or throws on a bad file. A damaged file is moved aside
/// (`posts.sqlite.corrupt-20260102T030405Z`) and replaced by an empty one; a locked, read-only
/// or unusable file makes the store start empty (with what could be read) and stop writing; a
/// full disk keeps changes in memory until a write succeeds. Each problem is reported once
/// through the diagnostics handler, as a ``PersistenceDiagnostic``.
public final class SQLiteRowStore: Sendable {
  /// How the file is opened.
  public struct Configuration: Sendable {
    /// How long a read or write waits for another process's lock before the file counts as
    /// locked (at start) or the write is retried later.
    public var busyTimeout: Duration
    /// The largest the file may grow, in bytes; a write past it fails as on a full disk and is
    /// kept for later. Nil: as large as the disk allows.
    public var maximumSize: Int?

    /// How long to wait for a lock held by another connection, and how large the file may grow.
    public init(busyTimeout: Duration = .seconds(1), maximumSize: Int? = nil) {
      self.busyTimeout = busyTimeout
      self.maximumSize = maximumSize
    }
  }

  private struct Pending {
    var batch = RowBatch()
    /// Whether a drain is queued on the worker.
    var isDrainQueued = false
    var isClosed = false
  }

  /// The file the rows live in.
  public let file: URL
  private let worker: DispatchQueue
  private let pending = SanitizerVisibleMutex(Pending())
  /// Touched only on `worker`; the lock is never contended.
  private let database: SanitizerVisibleMutex<RowDatabase>

  /// A store of rows in `file` (created, with its directory, when missing), opened on first
  /// use. `diagnostics` hears of each problem with the file once, on the worker.
  public init(
    at file: URL, configuration: Configuration = Configuration(),
    clock: any TetherClock = SystemClock(),
    diagnostics: @escaping @Sendable (PersistenceDiagnostic) -> Void = { _ in }
  ) {
    self.file = file
    worker = DispatchQueue(label: "tether.persistence.\(file.lastPathComponent)")
    database = SanitizerVisibleMutex(
      RowDatabase(file: file, configuration: configuration, clock: clock, report: diagnostics))
  }

  /// Opens the file and reads every row and the metadata; empty when the file is new, or
  /// could not be read (the diagnostics handler says why).
  public func load() async -> StoredContents {
    await onWorker { self.database.withLock { $0.load() } }
  }

  /// Hands `batch` to the worker and returns at once. It is merged with batches not yet
  /// written, then committed in one transaction. Ignored after ``close()``.
  public func enqueue(_ batch: RowBatch) {
    guard !batch.isEmpty else { return }
    let queueDrain = pending.withLock { pending -> Bool in
      guard !pending.isClosed else { return false }
      pending.batch = pending.batch.merging(batch)
      defer { pending.isDrainQueued = true }
      return !pending.isDrainQueued
    }
    if queueDrain { worker.async { self.drain() } }
  }

  /// Enqueues `batch` and returns once it, and everything enqueued before, is written (or
  /// could not be: the diagnostics handler says why).
  public func write(_ batch: RowBatch) async {
    enqueue(batch)
    await flush()
  }

  /// Returns once everything enqueued so far is written, retrying what a full disk or a busy
  /// lock held back.
  public func flush() async {
    await onWorker { self.drain() }
  }

  /// Writes everything enqueued, then closes the file; later batches are ignored. Call it on
  /// exit: no change enqueued before is lost.
  public func close() async {
    pending.withLock { $0.isClosed = true }
    await onWorker {
      self.drain()
      self.database.withLock { $0.close() }
    }
  }

  /// Runs on the worker: writes the pending batch, keeping it for later when it should be
  /// retried.
  private func drain() {
    let batch = pending.withLock { pending -> RowBatch in
      pending.isDrainQueued = false
      defer { pending.batch = RowBatch() }
      return pending.batch
    }
    guard !batch.isEmpty else { return }
    let outcome = database.withLock { $0.write(batch) }
    if case .retry = outcome {
      // Newer changes enqueued meanwhile win over the failed ones.
      pending.withLock { $0.batch = batch.merging($0.batch) }
    }
  }

  private func onWorker<Result: Sendable>(
    _ body: @escaping @Sendable () -> Result
  ) async -> Result {
    await withCheckedContinuation { continuation in
      worker.async { continuation.resume(returning: body()) }
    }
  }
}
