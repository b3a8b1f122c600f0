import Glibc

/// An epoll(7) instance: the kernel's readiness queue, whose cost per wake-up depends on the
/// ready descriptors only, not on how many are watched (a `poll` over 2,000 idle connections
/// costs every request ~0.5 ms).
///
/// Swift's Glibc module leaves out `<sys/epoll.h>`, so the three calls are looked up in the C
/// library once, and events are read and written at the kernel's layout (packed, 12 bytes, on
/// x86-64; 16 bytes elsewhere).
struct Epoll {
  /// What a descriptor is watched for, and what it is ready for.
  struct Events: OptionSet {
    let rawValue: UInt32

    static let readable = Events(rawValue: 0x001)
    static let writable = Events(rawValue: 0x004)
    static let error = Events(rawValue: 0x008)
    static let hangUp = Events(rawValue: 0x010)
    /// The peer closed its side (`EPOLLRDHUP`): a client that hung up, seen without reading.
    static let readHangUp = Events(rawValue: 0x2000)
  }

  /// Ready descriptors as `epoll_wait` reports them: the events and the token they were added
  /// with.
  struct ReadyList {
    fileprivate var storage: [UInt8]
    fileprivate(set) var count = 0
    let capacity: Int

    init(capacity: Int) {
      self.capacity = capacity
      storage = [UInt8](repeating: 0, count: capacity * Layout.stride)
    }

    subscript(index: Int) -> (events: Events, token: UInt64) {
      storage.withUnsafeBytes { bytes in
        let base = index * Layout.stride
        return (
          Events(rawValue: bytes.loadUnaligned(fromByteOffset: base, as: UInt32.self)),
          bytes.loadUnaligned(fromByteOffset: base + Layout.dataOffset, as: UInt64.self)
        )
      }
    }
  }

  private enum Layout {
    #if arch(x86_64)
      static let stride = 12
      static let dataOffset = 4
    #else
      static let stride = 16
      static let dataOffset = 8
    #endif
  }

  private struct Functions {
    typealias Create = @convention(c) (Int32) -> Int32
    typealias Control = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
    typealias Wait = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32

    let create: Create
    let control: Control
    let wait: Wait

    static let shared: Functions? = {
      guard let library = dlopen(nil, RTLD_NOW),
        let create = dlsym(library, "epoll_create1"), let control = dlsym(library, "epoll_ctl"),
        let wait = dlsym(library, "epoll_wait")
      else { return nil }
      return Functions(
        create: unsafeBitCast(create, to: Create.self),
        control: unsafeBitCast(control, to: Control.self),
        wait: unsafeBitCast(wait, to: Wait.self))
    }()
  }

  private static let add: Int32 = 1
  private static let remove: Int32 = 2
  private static let modify: Int32 = 3

  let descriptor: Int32
  private let functions: Functions

  init() throws(PostsServerError) {
    guard let functions = Functions.shared else {
      throw PostsServerError("epoll is not available in this C library")
    }
    let descriptor = functions.create(Int32(O_CLOEXEC))
    guard descriptor >= 0 else { throw .system("epoll_create1", errno: errno) }
    self.descriptor = descriptor
    self.functions = functions
  }

  /// Starts watching `fileDescriptor` for `events` (level-triggered); `token` comes back with
  /// each readiness report.
  @discardableResult
  func add(_ fileDescriptor: Int32, for events: Events, token: UInt64) -> Bool {
    control(Self.add, fileDescriptor, events, token)
  }

  /// Changes what `fileDescriptor` is watched for.
  @discardableResult
  func modify(_ fileDescriptor: Int32, for events: Events, token: UInt64) -> Bool {
    control(Self.modify, fileDescriptor, events, token)
  }

  /// Stops watching `fileDescriptor` (closing it does that too).
  func remove(_ fileDescriptor: Int32) {
    _ = control(Self.remove, fileDescriptor, [], 0)
  }

  /// Waits up to `timeout` (forever when nil) for ready descriptors and fills `ready`.
  func wait(into ready: inout ReadyList, timeout: Duration?) {
    let milliseconds: Int32 =
      timeout.map { timeout in
        timeout <= .zero ? 0 : Int32(clamping: Int((timeout.milliseconds).rounded(.up)))
      } ?? -1
    let capacity = Int32(ready.capacity)
    let count = ready.storage.withUnsafeMutableBytes {
      functions.wait(descriptor, $0.baseAddress, capacity, milliseconds)
    }
    ready.count = max(0, Int(count))
  }

  func close() {
    _ = Glibc.close(descriptor)
  }

  private func control(
    _ operation: Int32, _ fileDescriptor: Int32, _ events: Events, _ token: UInt64
  )
    -> Bool
  {
    var event: (UInt64, UInt64) = (0, 0)
    return withUnsafeMutableBytes(of: &event) { bytes in
      bytes.storeBytes(of: events.rawValue, toByteOffset: 0, as: UInt32.self)
      bytes.storeBytes(of: token, toByteOffset: Layout.dataOffset, as: UInt64.self)
      return functions.control(descriptor, operation, fileDescriptor, bytes.baseAddress) == 0
    }
  }
}
