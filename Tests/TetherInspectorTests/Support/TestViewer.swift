import EndToEndSupport
import Foundation
import Glibc
import TetherJSON
import TetherSystem

/// A viewer connected to an inspector's socket, as a test drives it: sends lines, reads
/// messages. A read gives up when a ``HangGuard`` of `patience` runs out (a guard against a
/// hung test, not a measure: the inspector answers some commands from a task, which a loaded
/// run's pool may keep waiting).
final class TestViewer {
  let descriptor: Int32
  private var buffer: [UInt8] = []
  var patience: Duration = .seconds(60)

  init(_ path: String) throws {
    descriptor = try LocalSocket.connect(to: path)
  }

  deinit {
    close(descriptor)
  }

  func send(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// The next line, or nil at the end of the connection.
  func line() -> [UInt8]? {
    let hangGuard = HangGuard(limit: patience)
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(buffer[..<newline])
        buffer.removeFirst(newline + 1)
        return line
      }
      var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
      let ready = poll(&descriptors, 1, 100)
      guard ready != 0 else {
        if hangGuard.hasRunOut { return nil }
        continue
      }
      guard ready > 0 else { return nil }
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      let count = recv(descriptor, &chunk, chunk.count, 0)
      guard count > 0 else { return nil }
      buffer.append(contentsOf: chunk[..<count])
    }
  }

  /// The next message, or nil at the end of the connection.
  func message() -> JSONValue? {
    guard let line = line() else { return nil }
    return try? JSONValue(parsing: line, limits: JSONLimits(maximumSize: 1 << 30))
  }

  /// The next message of `type`, skipping others; nil at the end.
  func message(ofType type: String) -> JSONValue? {
    while let message = message() {
      if message["type"] == .string(type) { return message }
    }
    return nil
  }

  /// Messages until one satisfies `condition`; nil at the end.
  func message(where condition: (JSONValue) -> Bool) -> JSONValue? {
    while let message = message() {
      if condition(message) { return message }
    }
    return nil
  }
}

/// A folder of its own for one test's sockets, removed afterwards.
final class SocketScratch {
  let path: String

  init() throws {
    path = try PrivateDirectory.makeTemporary(in: "/tmp", prefix: "tether-inspector-tests-")
  }

  deinit {
    _ = system("rm -rf '\(path)'")
  }

  static func mode(_ path: String) -> UInt32? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return status.st_mode & 0o7777
  }
}

extension JSONValue {
  var objectMembers: [String: JSONValue] {
    guard case .object(let object) = self else { return [:] }
    return Dictionary(object.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
  }

  var elements: [JSONValue] {
    guard case .array(let elements) = self else { return [] }
    return elements
  }

  var stringValue: String? {
    guard case .string(let text) = self else { return nil }
    return text
  }

  var integer: Int? {
    guard case .number(let number) = self else { return nil }
    return number.integer()
  }
}
