import Dispatch
import Glibc

/// Waits, off the loop's actor, until a descriptor is readable or the timeout passes. The
/// waiting thread blocks in `poll()` only; the loop's own thread is free meanwhile.
enum Readiness {
  /// `timeout` in milliseconds; -1 waits without limit.
  ///
  /// - Returns: whether a descriptor became readable.
  @discardableResult
  static func wait(for descriptors: [Int32], timeout: Int32) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      DispatchQueue.global().async {
        var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var result: Int32
        repeat {
          result = poll(&polled, nfds_t(polled.count), timeout)
        } while result < 0 && errno == EINTR
        continuation.resume(returning: result > 0)
      }
    }
  }

  /// `duration` as a poll timeout: milliseconds, rounded up, within `Int32`.
  static func milliseconds(_ duration: Duration) -> Int32 {
    let milliseconds = (duration.timeInterval * 1000).rounded(.up)
    return Int32(max(0, min(milliseconds, Double(Int32.max))))
  }
}
