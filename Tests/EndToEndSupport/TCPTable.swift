import Foundation

/// This machine's TCP sockets as `/proc/self/net/tcp` lists them: what tests read to see which
/// connections and listeners exist.
public enum TCPTable {
  /// The rows, split into fields: `sl local rem st … inode`, addresses as hex `ip:port`.
  ///
  /// Read to its end: the kernel gives the table a page per `read(2)`.
  public static func rows() -> [[Substring]] {
    text().split(separator: "\n").dropFirst().map { $0.split(separator: " ") }
      .filter { $0.count > 9 }
  }

  /// Whether a socket listens on `port` (state `0A`).
  ///
  /// The kernel resumes a read of the table at an offset, so with other tests' sockets
  /// closing meanwhile a read can skip a row: the table is read up to three times, and the
  /// port counts as listened on when any read shows it.
  public static func isListening(onPort port: Int) -> Bool {
    let local = String(format: ":%04X", port)
    for _ in 0..<3 {
      if rows().contains(where: { $0[1].hasSuffix(local) && $0[3] == "0A" }) { return true }
    }
    return false
  }

  private static func text() -> String {
    let descriptor = open("/proc/self/net/tcp", O_RDONLY)
    guard descriptor >= 0 else { return "" }
    defer { close(descriptor) }
    var table: [UInt8] = []
    var page = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = page.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      table += page[..<count]
    }
    return String(decoding: table, as: UTF8.self)
  }
}
