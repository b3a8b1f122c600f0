import CCurl
import Foundation
import TetherSynchronization

/// The body of a streamed libcurl transfer, between the event loop's write callback and the
/// task that reads it.
///
/// The callback hands each piece over as it arrives; while more than ``highWater`` bytes wait
/// unread, it pauses the transfer (libcurl keeps the piece and stops reading the socket), and
/// the reader resumes it once it has caught up to below half of that. So a stream costs at
/// most that much memory however fast the server writes.
final class CurlStreamChannel: Sendable {
  /// What the write callback does with a piece.
  enum Delivery {
    case accepted
    /// Pause the transfer and offer the piece again once resumed.
    case pause
    /// Abort the transfer: the reader has gone.
    case stop
  }

  private struct State {
    var pieces: [Data] = []
    var first = 0
    var buffered = 0
    var end: Result<Void, any Error>?
    var waiter: UnsafeContinuation<Result<Data?, any Error>, Never>?
    var isPaused = false
    var isCancelled = false
    var loop: CurlEventLoop?
    var id = 0
  }

  /// The most unread bytes before the transfer pauses.
  static let highWater = 256 << 10

  private let state = SanitizerVisibleMutex(State())

  /// Tells the channel which transfer to resume and cancel (before the loop can start it).
  func attach(to loop: CurlEventLoop, id: Int) {
    state.withLock { state in
      state.loop = loop
      state.id = id
    }
  }

  /// Called on the loop's thread with each piece of the body.
  func deliver(_ bytes: UnsafeRawPointer, count: Int) -> Delivery {
    let (delivery, waiter, piece) = state.withLock {
      state -> (Delivery, UnsafeContinuation<Result<Data?, any Error>, Never>?, Data?) in
      if state.isCancelled || state.end != nil { return (.stop, nil, nil) }
      if state.buffered >= Self.highWater {
        state.isPaused = true
        return (.pause, nil, nil)
      }
      let piece = Data(bytes: bytes, count: count)
      if let waiter = state.waiter {
        state.waiter = nil
        return (.accepted, waiter, piece)
      }
      state.pieces.append(piece)
      state.buffered += count
      return (.accepted, nil, nil)
    }
    if let waiter, let piece { waiter.resume(returning: .success(piece)) }
    return delivery
  }

  /// Called on the loop's thread when the transfer has ended: cleanly (nil) or with `error`.
  func finish(_ error: (any Error)?) {
    let waiter = state.withLock { state -> UnsafeContinuation<Result<Data?, any Error>, Never>? in
      guard state.end == nil else { return nil }
      state.end = error.map { .failure($0) } ?? .success(())
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: error.map { .failure($0) } ?? .success(nil))
  }

  /// The reader leaves: the transfer is aborted and later reads end the stream.
  func cancel() {
    let (waiter, loop, id) = state.withLock {
      state -> (UnsafeContinuation<Result<Data?, any Error>, Never>?, CurlEventLoop?, Int) in
      guard !state.isCancelled else { return (nil, nil, 0) }
      state.isCancelled = true
      state.pieces = []
      state.first = 0
      state.buffered = 0
      defer { state.waiter = nil }
      return (state.waiter, state.end == nil ? state.loop : nil, state.id)
    }
    waiter?.resume(returning: .failure(CancellationError()))
    loop?.cancel(id)
  }

  /// The next piece, nil at the end; cancelling the calling task cancels the transfer.
  func next() async throws -> Data? {
    try await withTaskCancellationHandler {
      try await withUnsafeContinuation { continuation in
        let (ready, resume) = take(orWait: continuation)
        if let resume { resume.loop.resume(resume.id) }
        if let ready { continuation.resume(returning: ready) }
      }.get()
    } onCancel: {
      cancel()
    }
  }

  private func take(orWait continuation: UnsafeContinuation<Result<Data?, any Error>, Never>)
    -> (Result<Data?, any Error>?, (loop: CurlEventLoop, id: Int)?)
  {
    state.withLock { state in
      if state.isCancelled { return (.failure(CancellationError()), nil) }
      guard state.first < state.pieces.count else {
        switch state.end {
        case .success: return (.success(nil), nil)
        case .failure(let error): return (.failure(error), nil)
        case nil:
          state.waiter = continuation
          return (nil, nil)
        }
      }
      let piece = state.pieces[state.first]
      state.first += 1
      state.buffered -= piece.count
      if state.first == state.pieces.count {
        state.pieces.removeAll(keepingCapacity: true)
        state.first = 0
      } else if state.first >= 64, state.first * 2 >= state.pieces.count {
        state.pieces.removeFirst(state.first)
        state.first = 0
      }
      var resume: (CurlEventLoop, Int)?
      if state.isPaused, state.buffered < Self.highWater / 2, let loop = state.loop {
        state.isPaused = false
        resume = (loop, state.id)
      }
      return (.success(piece), resume)
    }
  }
}
