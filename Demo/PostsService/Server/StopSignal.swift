import Glibc
import Synchronization

/// A one-shot "the server is stopping" event that every event loop's epoll watches.
///
/// Firing writes a byte into a pipe that nobody reads, so the read end stays readable and wakes
/// every event loop watching it.
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

  /// Closes the pipe; call once no thread can use the signal any more.
  func close() {
    _ = Glibc.close(descriptor)
    _ = Glibc.close(writeDescriptor)
  }
}
