import Foundation

/// Reads a multipart body in order, a buffer at a time, opening each file when its turn comes:
/// a file is never held in memory whole. Used by one thread at a time.
final class MultipartReader {
  private let segments: [MultipartSegment]
  /// The body's length in bytes.
  let length: Int
  private var index = 0
  /// How far into the current segment reading is.
  private var offset = 0
  private var descriptor: Int32 = -1

  init(_ segments: [MultipartSegment]) {
    self.segments = segments
    length = segments.reduce(0) { $0 + $1.count }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Fills `buffer` with the next bytes and returns how many; 0 at the end.
  ///
  /// - Throws: ``HTTPError/invalidRequest(_:)`` when a file cannot be read, or ends before
  ///   the size it had when the body's length was computed (a file that grew is cut there).
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(HTTPError) -> Int {
    var written = 0
    while written < buffer.count, index < segments.count {
      let space = UnsafeMutableRawBufferPointer(rebasing: buffer[written...])
      switch segments[index] {
      case .bytes(let data):
        let count = min(space.count, data.count - offset)
        data.withUnsafeBytes { bytes in
          space.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
        }
        advance(by: count, of: data.count)
        written += count
      case .file(let url, let size):
        let count = try readFile(url, size: size, into: space)
        advance(by: count, of: size)
        written += count
      }
    }
    return written
  }

  private func advance(by count: Int, of segmentLength: Int) {
    offset += count
    if offset == segmentLength {
      index += 1
      offset = 0
      if descriptor >= 0 {
        close(descriptor)
        descriptor = -1
      }
    }
  }

  private func readFile(_ url: URL, size: Int, into space: UnsafeMutableRawBufferPointer)
    throws(HTTPError) -> Int
  {
    if descriptor < 0 {
      descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw .invalidRequest(
          "the file \(url.path) cannot be read: \(String(cString: strerror(errno)))")
      }
    }
    let wanted = min(space.count, size - offset)
    guard wanted > 0 else { return 0 }
    var count: Int
    repeat {
      count = Foundation.read(descriptor, space.baseAddress, wanted)
    } while count < 0 && errno == EINTR
    guard count >= 0 else {
      throw .invalidRequest(
        "the file \(url.path) cannot be read: \(String(cString: strerror(errno)))")
    }
    guard count > 0 else {
      throw .invalidRequest("the file \(url.path) shrank while it was being sent")
    }
    return count
  }
}
