import Foundation
import Glibc

/// Ends a terminal app's process promptly once its loop has finished, even when the cleanup
/// after it hangs (a server that will not shut down, a network library stuck on a lock).
///
/// ```swift
/// try await loop.run()                       // the user quit
/// await ProcessExit.exit(0, cleanupWithin: .seconds(2)) {
///   await server.shutdown()                  // given 2 s, then the process exits anyway
/// }
/// ```
public enum ProcessExit {
  /// Runs `cleanup`, then exits with `status`. When `cleanup` (or the C library's own exit
  /// work) has not finished after `grace` of real time, a watchdog thread exits with `status`
  /// without waiting for it, after putting the terminal back if a screen still holds it.
  public static func exit(
    _ status: Int32, cleanupWithin grace: Duration = .seconds(2),
    _ cleanup: () async -> Void = {}
  ) async -> Never {
    startWatchdog(status: status, grace: grace)
    await cleanup()
    fflush(nil)
    Glibc.exit(status)
  }

  private static func startWatchdog(status: Int32, grace: Duration) {
    let thread = Thread {
      Thread.sleep(forTimeInterval: grace.timeInterval)
      NCursesScreen.restoreTerminalInAnEmergency()
      fflush(nil)
      _exit(status)
    }
    thread.name = "tether-exit-watchdog"
    thread.start()
  }
}
