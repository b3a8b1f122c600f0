import Glibc

/// A connected, non-blocking client socket, used by one connection thread.
///
/// Every wait is bounded by the idle timeout; reads also wake when the server stops.
struct ClientSocket {
  enum ReceiveOutcome {
    case received
    case endOfStream
    case timedOut
    case stopped
    case failed
  }

  let descriptor: Int32
  let idleTimeout: Duration
  let stop: StopSignal

  /// Takes over `descriptor`: makes it non-blocking and turns off Nagle's algorithm (responses go
  /// out in one write, so there is nothing to coalesce).
  init(descriptor: Int32, idleTimeout: Duration, stop: StopSignal) {
    self.descriptor = descriptor
    self.idleTimeout = idleTimeout
    self.stop = stop
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    var on: Int32 = 1
    _ = setsockopt(
      descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
  }

  /// Waits for bytes and appends them to `buffer` (reading through `scratch`).
  ///
  /// Data already waiting wins over a stop; a stop wins over waiting for more.
  func receive(into buffer: inout [UInt8], scratch: inout [UInt8]) -> ReceiveOutcome {
    var descriptors = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: stop.descriptor, events: Int16(POLLIN), revents: 0),
    ]
    let deadline = ContinuousClock.now + idleTimeout
    while true {
      guard Poll.wait(&descriptors, until: deadline) else { return .timedOut }
      if descriptors[0].revents == 0 { return .stopped }
      let count = scratch.withUnsafeMutableBytes { scratch in
        let count = recv(descriptor, scratch.baseAddress, scratch.count, 0)
        if count > 0 {
          buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<count]))
        }
        return count
      }
      if count > 0 { return .received }
      if count == 0 { return .endOfStream }
      if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { return .failed }
    }
  }

  /// Sends all of `bytes`; `false` when the peer is gone or stops reading for the idle timeout.
  func send(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    var deadline = ContinuousClock.now + idleTimeout
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
      }
      if count > 0 {
        offset += count
        deadline = ContinuousClock.now + idleTimeout
        continue
      }
      guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
        return false
      }
      var descriptors = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
      guard Poll.wait(&descriptors, until: deadline) else { return false }
    }
    return true
  }

  func close() {
    _ = Glibc.close(descriptor)
  }

  /// Closes after an error response without destroying it: a close with unread input makes the
  /// kernel send a reset, which can discard the response before the client reads it. So this
  /// stops sending, reads and discards what the client still sends (a bounded amount, for at
  /// most two seconds, and not past a server stop), then closes.
  func closeAfterDraining() {
    _ = shutdown(descriptor, Int32(SHUT_WR))
    var scratch = [UInt8](repeating: 0, count: 16 * 1024)
    var drained = 0
    let deadline = ContinuousClock.now + min(idleTimeout, .seconds(2))
    var descriptors = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: stop.descriptor, events: Int16(POLLIN), revents: 0),
    ]
    while drained < 4 * 1024 * 1024, Poll.wait(&descriptors, until: deadline),
      descriptors[1].revents == 0
    {
      let count = scratch.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        drained += count
      } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
        break
      }
    }
    close()
  }
}
