import Foundation

/// A growable byte buffer that libcurl's write callback appends to, handed over as `Data`
/// without a copy: one `memcpy` per received chunk into memory that becomes the body.
struct ResponseBuffer: ~Copyable {
  private var storage: UnsafeMutableRawPointer?
  private(set) var count = 0
  private var capacity = 0

  /// Makes room for `total` bytes at once (a known Content-Length).
  mutating func reserve(_ total: Int) {
    guard total > capacity else { return }
    storage = realloc(storage, total)
    capacity = total
  }

  mutating func append(_ bytes: UnsafeRawPointer, count added: Int) {
    if count + added > capacity { reserve(max(count + added, capacity * 2, 4096)) }
    (storage! + count).copyMemory(from: bytes, byteCount: added)
    count += added
  }

  /// The bytes as `Data` owning the memory; the buffer is empty afterwards.
  mutating func take() -> Data {
    guard let storage, count > 0 else {
      clear()
      return Data()
    }
    let data = Data(bytesNoCopy: storage, count: count, deallocator: .free)
    self.storage = nil
    count = 0
    capacity = 0
    return data
  }

  /// Drops the bytes (a redirect's body).
  mutating func clear() {
    free(storage)
    storage = nil
    count = 0
    capacity = 0
  }

  deinit { free(storage) }
}
