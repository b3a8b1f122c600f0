import Glibc
import Synchronization

/// A one-shot "the server is stopping" event that `poll` can wait on together with a socket.
///
/// Firing writes a byte into a pipe that nobody reads, so the read end stays readable and wakes
/// every thread polling it: the acceptor, idle connections and latency waits.
final class StopSignal: Sendable {
  let descriptor: Int32
  private let writeDescriptor: Int32
  private let fired = Atomic<Bool>(false)

  init() throws(PostsServerError) {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { throw .system("pipe", errno: errno) }
    for descriptor in descriptors {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    descriptor = descriptors[0]
    writeDescriptor = descriptors[1]
  }

  var isFired: Bool {
    fired.load(ordering: .acquiring)
  }

  /// Fires the signal; later calls do nothing.
  func fire() {
    guard !fired.exchange(true, ordering: .acquiringAndReleasing) else { return }
    var byte: UInt8 = 1
    _ = write(writeDescriptor, &byte, 1)
  }

  /// Waits until the signal fires or `duration` passes; returns whether it fired.
  @discardableResult
  func wait(upTo duration: Duration) -> Bool {
    var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
    return Poll.wait(&descriptors, until: .now + duration) && descriptors[0].revents != 0
  }

  /// Closes the pipe; call once no thread can use the signal any more.
  func close() {
    _ = Glibc.close(descriptor)
    _ = Glibc.close(writeDescriptor)
  }
}

/// `poll(2)` with a deadline that survives `EINTR`.
enum Poll {
  /// Polls `descriptors` until one is ready (returns `true`) or `deadline` passes (`false`);
  /// without a deadline it waits as long as it takes.
  static func wait(_ descriptors: inout [pollfd], until deadline: ContinuousClock.Instant?) -> Bool
  {
    while true {
      let remaining = deadline.map { ContinuousClock.now.duration(to: $0) } ?? .seconds(1)
      let milliseconds =
        deadline == nil
        ? -1 : remaining <= .zero ? 0 : Int32(clamping: Int(remaining.milliseconds.rounded(.up)))
      let result = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
      if result > 0 { return true }
      if result == 0 && remaining <= .zero { return false }
      if result < 0 && errno != EINTR { return false }
    }
  }
}
