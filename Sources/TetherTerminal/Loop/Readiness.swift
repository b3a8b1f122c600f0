import Dispatch
import Glibc

/// Waits, off the loop's actor, until a descriptor is readable or the timeout passes.
enum Readiness {
  /// `timeout` in milliseconds; -1 waits without limit.
  static func wait(for descriptors: [Int32], timeout: Int32) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while poll(&polled, nfds_t(polled.count), timeout) < 0 && errno == EINTR {}
        continuation.resume()
      }
    }
  }
}
