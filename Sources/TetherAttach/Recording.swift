import Foundation
import Glibc
import TetherCore
import TetherInspector
import TetherJSON
import TetherSystem

/// A session with an inspected process saved as lines of JSON: a header, then every line the
/// process sent with its time since the start — `{"at":1.25,"line":{…}}` — so that a replay
/// shows what the viewer showed at any moment. The file is this user's alone (0600, made new).
/// A recording cut short by a kill is read up to its last whole line.
public enum Recording {
  /// The version of the format.
  public static let version = 1

  /// Writes a recording as lines arrive.
  public final class Writer: Sendable {
    private let descriptor: Int32
    public let path: String
    private let start: ContinuousClock.Instant

    /// Creates `path` (it must not exist) and writes the header.
    public init(path: String, source: String, startDate: Date = Date()) throws(SystemError) {
      descriptor = try PrivateFile.open(path, .createNew).descriptor
      self.path = path
      start = .now
      try write(InspectorProtocol.line(Recording.header(source: source, startDate: startDate)))
    }

    deinit {
      close(descriptor)
    }

    /// Appends `line` (one message, without its newline) stamped with the time since the start.
    public func append(_ line: [UInt8]) throws(SystemError) {
      let elapsed = ContinuousClock.now - start
      let seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      try write(Recording.stamped(line, at: seconds))
    }

    /// Writes all of `bytes` at once, so that a kill leaves whole lines and at most one cut.
    private func write(_ bytes: [UInt8]) throws(SystemError) {
      var offset = 0
      while offset < bytes.count {
        let written = bytes.withUnsafeBytes {
          Glibc.write(descriptor, $0.baseAddress! + offset, bytes.count - offset)
        }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { throw SystemError("write", path, errno: errno) }
        offset += written
      }
    }
  }

  /// A recording's first line: its format, version, start and what it records.
  static func header(source: String, startDate: Date) -> JSONValue {
    [
      "type": "recording", "version": .number(JSONNumber(Recording.version)),
      "started": .number(JSONNumber(startDate.timeIntervalSince1970) ?? 0),
      "source": .string(source),
    ]
  }

  /// `line` (one message, without its newline) stamped `seconds` after the start, with its
  /// newline.
  static func stamped(_ line: [UInt8], at seconds: Double) -> [UInt8] {
    var bytes = Array(#"{"at":"#.utf8)
    bytes += Array(String(format: "%.6f", seconds).utf8)
    bytes += Array(#","line":"#.utf8)
    bytes += line
    bytes += Array("}\n".utf8)
    return bytes
  }

  /// One message of a recording and when it arrived.
  public struct Entry: Sendable {
    /// Seconds since the recording started.
    public var time: Double
    public var message: InspectorMessage
  }

  /// A recording read back.
  public struct Contents: Sendable {
    public var startDate: Date
    /// What was recorded: `posts-watch (1234)`.
    public var source: String
    public var entries: [Entry]
    /// Whether the last line was cut (the recorder was killed mid-line); it is left out.
    public var wasCut: Bool

    /// The time of the last entry.
    public var duration: Double { entries.last?.time ?? 0 }
  }

  /// Why a recording cannot be read.
  public struct ReadError: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// Reads the recording at `path`.
  public static func read(_ path: String) throws(ReadError) -> Contents {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ReadError(description: "cannot read \(path): \(String(cString: strerror(errno)))")
    }
    let bytes = [UInt8](data)
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    // A file that does not end with a newline was cut mid-line.
    var wasCut = false
    if let last = lines.last, !last.isEmpty { wasCut = true }
    lines.removeLast()
    guard let first = lines.first,
      let header = try? JSONValue(parsing: first), header["type"] == "recording"
    else {
      throw ReadError(description: "\(path) is not a Tether recording: its first line is no header")
    }
    guard header["version"]?.integer == Recording.version else {
      throw ReadError(
        description:
          "\(path) is a recording of another version: \(header["version"]?.description ?? "none")")
    }
    var stores: [Int: (OperationPath, OperationKind)] = [:]
    var entries: [Entry] = []
    for (index, line) in lines.dropFirst().enumerated() {
      guard
        let json = try? JSONValue(
          parsing: line, limits: JSONLimits(maximumSize: InspectorProtocol.messageLineLimit)),
        case .number(let at)? = json["at"], let inner = json["line"]
      else {
        throw ReadError(description: "\(path): line \(index + 2) is not a recorded line")
      }
      let message: InspectorMessage
      do {
        message = try InspectorMessage(line: InspectorProtocol.line(inner).dropLast()) {
          stores[$0]
        }
      } catch {
        continue  // a line of a later protocol: skipped, the rest still replays
      }
      switch message {
      case .snapshot(let snapshot):
        for store in snapshot.stores { stores[store.id] = (store.path, store.kind) }
      case .snapshotStores(let part):
        for store in part.stores { stores[store.id] = (store.path, store.kind) }
      case .stores(let changed, _):
        for store in changed { stores[store.id] = (store.path, store.kind) }
      default:
        break
      }
      entries.append(Entry(time: at.double, message: message))
    }
    let started = header["started"]?.double ?? 0
    let source = header["source"]?.string ?? path
    return Contents(
      startDate: Date(timeIntervalSince1970: started), source: source, entries: entries,
      wasCut: wasCut)
  }
}
