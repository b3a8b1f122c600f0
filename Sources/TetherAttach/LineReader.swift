import Glibc

/// Reads newline-ended lines from a socket, each at most `limit` bytes.
struct LineReader {
  enum Next {
    case line([UInt8])
    case end
    case failure(String)
  }

  let descriptor: Int32
  let limit: Int
  private var buffer: [UInt8] = []
  private var start = 0

  init(descriptor: Int32, limit: Int) {
    self.descriptor = descriptor
    self.limit = limit
  }

  mutating func next() -> Next {
    var searched = start
    while true {
      if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(buffer[start..<newline])
        start = newline + 1
        if start > 1 << 20 || start == buffer.count {
          buffer.removeFirst(start)
          start = 0
        }
        return .line(line)
      }
      searched = buffer.count
      guard buffer.count - start <= limit else {
        return .failure("a line longer than \(limit) bytes")
      }
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      let count = recv(descriptor, &chunk, chunk.count, 0)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return .end }
      buffer.append(contentsOf: chunk[..<count])
    }
  }
}
