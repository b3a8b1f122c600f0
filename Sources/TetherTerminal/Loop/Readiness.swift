import Dispatch
import Glibc

/// Waits, off the loop's actor, until a descriptor is readable or the timeout passes. The
/// waiting thread blocks in `poll()` only; the loop's own thread is free meanwhile.
///
/// The wait runs on a queue of its own, not on `DispatchQueue.global()`: the global queue runs
/// about as many blocks at once as there are cores, so work elsewhere in the process that blocks
/// it (a busy test run, a library's synchronous calls) would delay the loop's wake-up by seconds.
/// A private serial queue gets a thread whenever it has work.
enum Readiness {
  /// `timeout` in milliseconds; -1 waits without limit.
  ///
  /// - Returns: whether a descriptor became readable.
  @discardableResult
  static func wait(for descriptors: [Int32], timeout: Int32) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      DispatchQueue(label: "tether.readiness").async {
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
