import Foundation
import TetherCore
import TetherSynchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The total deadline of one send, and the caller's cancellation: either ends the send at
/// once, whatever the step under way is doing.
///
/// The pipeline runs on the caller's task. Each step that can wait is handed to the deadline:
/// a transport that answers by callback (``ExchangeTransport``) through its
/// ``TransportExchange``, which the transport's thread resumes directly; any other async step
/// (an interceptor, a plain `async` transport) in a task started on the caller's thread, which
/// returns without a timer or a thread hop when the step does not suspend. Whichever comes
/// first — the step's answer, the deadline, the cancellation — decides, and the loser is
/// stopped: the exchange abandoned (the transport aborts the request) or the task cancelled.
/// The timer is armed on the client's ``DeadlineScheduler`` only once a step waits, so a send
/// answered without waiting (a mock, a cache) never touches it.
final class Deadline: Sendable {
  /// What the deadline ends when it passes or the caller is cancelled.
  private enum Waiter {
    case exchange(TransportExchange)
    case step(any DeadlineStep)
  }

  private struct State {
    var decision: HTTPError?
    var waiter: Waiter?
    var timer: Int?
    var isOver = false
  }

  /// The longest the send may take.
  let limit: Duration
  private let expiry: Date
  private let scheduler: DeadlineScheduler
  private let state = SanitizerVisibleMutex(State())

  /// A deadline `limit` from now on `scheduler`'s clock.
  init(_ limit: Duration, on scheduler: DeadlineScheduler) {
    self.limit = limit
    self.scheduler = scheduler
    expiry = scheduler.clock.now().adding(limit)
  }

  /// `.timedOut` or `.cancelled` once the send has been ended, else nil.
  var decision: HTTPError? { state.withLock { $0.decision } }

  /// Ends the send as cancelled (the caller's task was cancelled).
  func cancel() { decide(.cancelled) }

  /// Forgets the timer once the send has returned.
  func end() {
    let timer = state.withLock { state -> Int? in
      state.isOver = true
      defer { state.timer = nil }
      return state.timer
    }
    if let timer { scheduler.cancel(timer) }
  }

  /// Sends through `transport`'s exchange and waits for the outcome, the deadline or the
  /// cancellation.
  func exchange(
    _ request: URLRequest, limits: TransportLimits, with transport: any ExchangeTransport
  ) async -> Result<HTTPResponse, any Error> {
    if let decision { return .failure(decision) }
    let exchange = TransportExchange()
    transport.start(request, limits: limits, exchange: exchange)
    if let decision = attach(.exchange(exchange)) { exchange.abandon(with: decision) }
    let outcome = await exchange.outcome()
    detach()
    return outcome
  }

  /// Runs `step` against the deadline: its value, or the failure that ended the send first.
  ///
  /// In place, the step starts on this thread and runs until it first suspends, so one that
  /// never does returns here; otherwise (work that computes for long without suspending) it
  /// starts on another thread at once.
  func run<Value: Sendable>(
    inPlace: Bool = true, _ step: @escaping @Sendable () async -> Value
  ) async -> Result<Value, HTTPError> {
    if let decision { return .failure(decision) }
    let race = StepRace<Value>()
    let worker =
      inPlace
      ? Task.immediate { race.finish(.success(await step())) }
      : Task { race.finish(.success(await step())) }
    if let result = race.result { return result }
    race.worker = worker
    if let decision = attach(.step(race)) { race.stop(decision) }
    let result = await race.value()
    detach()
    return result
  }

  /// Runs `send`, a transport's or a mock's answer, against the deadline: its value, or its
  /// error as an ``HTTPError`` (a stall reported against `limits.idleTimeout`), or the failure
  /// that ended the send first.
  func send<Value: Sendable>(
    within limits: TransportLimits, _ send: @escaping @Sendable () async throws -> Value
  ) async -> Result<Value, HTTPError> {
    let run = await run { () async -> Result<Value, any Error> in
      do {
        return .success(try await send())
      } catch {
        return .failure(error)
      }
    }
    return run.flatMap { $0.mapError { HTTPError(wrapping: $0, timeout: limits.idleTimeout) } }
  }

  /// Records what to end, arming the timer on first use; the decision when already decided.
  private func attach(_ waiter: Waiter) -> HTTPError? {
    let (decision, arm) = state.withLock { state -> (HTTPError?, Bool) in
      if let decision = state.decision { return (decision, false) }
      state.waiter = waiter
      return (nil, state.timer == nil)
    }
    if arm {
      let timer = scheduler.schedule(at: expiry) { [self] in decide(.timedOut(after: limit)) }
      let late = state.withLock { state -> Bool in
        if state.isOver { return true }
        state.timer = timer
        return false
      }
      if late { scheduler.cancel(timer) }
    }
    return decision
  }

  private func detach() {
    state.withLock { $0.waiter = nil }
  }

  private func decide(_ decision: HTTPError) {
    let waiter = state.withLock { state -> Waiter? in
      guard state.decision == nil, !state.isOver else { return nil }
      state.decision = decision
      defer { state.waiter = nil }
      return state.waiter
    }
    switch waiter {
    case .exchange(let exchange): exchange.abandon(with: decision)
    case .step(let step): step.stop(decision)
    case nil: break
    }
  }
}

/// A step the deadline can end.
private protocol DeadlineStep: Sendable {
  func stop(_ decision: HTTPError)
}

/// One step in its own task: whoever finishes first — the step, the deadline, the
/// cancellation — resumes the caller, and the step's task is cancelled when it lost.
private final class StepRace<Value: Sendable>: DeadlineStep {
  private struct State {
    var waiter: UnsafeContinuation<Result<Value, HTTPError>, Never>?
    var result: Result<Value, HTTPError>?
    var worker: Task<Void, Never>?
  }

  private let state = SanitizerVisibleMutex(State())

  /// The result when the step finished before anyone waited for it.
  var result: Result<Value, HTTPError>? {
    state.withLock { $0.result }
  }

  /// The step's task, cancelled when the step loses.
  var worker: Task<Void, Never>? {
    get { state.withLock { $0.worker } }
    set { state.withLock { $0.worker = newValue } }
  }

  func finish(_ result: Result<Value, HTTPError>) {
    let waiter = state.withLock { state -> UnsafeContinuation<Result<Value, HTTPError>, Never>? in
      guard state.result == nil else { return nil }
      state.result = result
      state.worker = nil
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: result)
  }

  func stop(_ decision: HTTPError) {
    let worker = state.withLock { state -> Task<Void, Never>? in
      guard state.result == nil else { return nil }
      defer { state.worker = nil }
      return state.worker
    }
    worker?.cancel()
    finish(.failure(decision))
  }

  /// Waits for the result; call once.
  func value() async -> Result<Value, HTTPError> {
    await withUnsafeContinuation { continuation in
      let result = state.withLock { state -> Result<Value, HTTPError>? in
        if let result = state.result { return result }
        state.waiter = continuation
        return nil
      }
      if let result { continuation.resume(returning: result) }
    }
  }
}
