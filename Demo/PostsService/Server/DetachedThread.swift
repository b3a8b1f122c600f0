import Foundation
import Glibc

/// Starts the OS threads the server's event loops run on.
///
/// Plain pthreads rather than `Thread` so that running out of threads is an error the server can
/// answer (503) instead of a crash.
enum DetachedThread {
  private final class Work {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
      self.body = body
    }
  }

  /// Runs `body` on a new detached thread named `name` (as `top -H` and debuggers show it);
  /// returns `false` when no thread could be created.
  static func start(named name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let work = Unmanaged.passRetained(
      Work {
        Thread.current.name = name
        body()
      }
    ).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(&thread, &attributes, runWork, work)
    if result != 0 {
      Unmanaged<Work>.fromOpaque(work).release()
      return false
    }
    return true
  }

  private static let runWork:
    @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = {
      Unmanaged<Work>.fromOpaque($0!).takeRetainedValue().body()
      return nil
    }
}
