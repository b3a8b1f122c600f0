import Glibc

/// One attached viewer, on the inspector's thread: what it has sent that is not a whole line
/// yet, and what is to be sent to it, bounded.
final class ViewerConnection {
  let token: Int
  let descriptor: Int32
  /// Bytes received that end no line yet.
  var input: [UInt8] = []
  /// Bytes to send, from `sent` on.
  private(set) var output: [UInt8] = []
  private var sent = 0
  /// Whether changes were dropped since it stopped reading: it gets a snapshot once it has
  /// read everything.
  var isOverflowed = false
  /// How many times it was sent a fresh snapshot after falling behind.
  var resyncs = 0
  /// Whether it is closed once what it is to be sent is sent (after an error).
  var closesAfterSending = false
  var isClosed = false
  /// Whether its hello asked for a `goodbye` line when the inspector stops.
  var wantsGoodbye = false

  init(token: Int, descriptor: Int32) {
    self.token = token
    self.descriptor = descriptor
  }

  var unsentCount: Int { output.count - sent }
  var hasOutput: Bool { unsentCount > 0 }

  /// Queues `line` unless that would take its unsent bytes past `limit` (then it is marked
  /// overflowed and the line dropped); `always` queues it whatever the size (a snapshot).
  func send(_ line: [UInt8], limit: Int, always: Bool = false) {
    guard !isClosed, !closesAfterSending else { return }
    if !always {
      guard !isOverflowed else { return }
      guard unsentCount + line.count <= limit else {
        isOverflowed = true
        return
      }
    }
    if sent > 0 && sent == output.count {
      output.removeAll(keepingCapacity: true)
      sent = 0
    }
    output.append(contentsOf: line)
  }

  /// Queues an error and closes once it is sent.
  func fail(_ line: [UInt8]) {
    guard !isClosed, !closesAfterSending else { return }
    output.append(contentsOf: line)
    closesAfterSending = true
  }

  /// Sends what the socket takes without waiting; closes on a broken connection. Once closed
  /// it writes nothing: its descriptor's number may belong to another socket of the process
  /// by then (a vanished viewer's hello once reached a connection the process had accepted
  /// meanwhile).
  func flush() {
    guard !isClosed else { return }
    while sent < output.count {
      let written = output.withUnsafeBytes { buffer in
        Glibc.send(
          descriptor, buffer.baseAddress! + sent, buffer.count - sent,
          Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
      }
      if written > 0 {
        sent += written
        continue
      }
      if written < 0 && errno == EINTR { continue }
      if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
      close()
      return
    }
    if sent > 1 << 20 || sent == output.count {
      output.removeFirst(sent)
      sent = 0
    }
    if closesAfterSending { close() }
  }

  /// Closes the socket and drops what was not sent.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    output.removeAll()
    sent = 0
    _ = Glibc.close(descriptor)
  }
}
