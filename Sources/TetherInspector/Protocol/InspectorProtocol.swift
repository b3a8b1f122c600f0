import Foundation
import TetherJSON

/// The inspector protocol's constants: its version and the limits both sides keep.
///
/// Lines of JSON, one object each with a `type`. The inspected process sends `hello`, a
/// `snapshot`, then `stores`, `log` and `network` changes, `result`s of commands and `error`s,
/// and `goodbye` when it stops (to a viewer that asked for it); a viewer sends `hello` and
/// `command`s. See the TetherInspector documentation's protocol page.
public enum InspectorProtocol {
  /// The version this code speaks; a peer speaking another is refused with an error.
  public static let version = 1
  /// The longest line an inspector reads from a viewer.
  public static let commandLineLimit = 64 << 10
  /// The longest line a viewer reads from an inspector.
  public static let messageLineLimit = 256 << 20
  /// How many stores a `snapshotStores` line carries at most.
  public static let snapshotPartSize = 250

  /// The line a viewer starts with: the version it speaks, and that it reads a `goodbye`
  /// (a viewer that does not say so, an older one, is never sent one).
  public static var viewerHello: [UInt8] {
    line(["type": "hello", "protocol": .number(JSONNumber(version)), "goodbye": true])
  }

  /// `value` as one line: compact JSON text and a newline.
  public static func line(_ value: JSONValue) -> [UInt8] {
    var bytes = JSONWriter.bytes(of: value)
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }
}
