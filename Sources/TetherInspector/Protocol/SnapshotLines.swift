import Foundation
import TetherDiagnostics
import TetherJSON

/// How the protocol writes a snapshot, for a viewer that attaches and for a session saved to a
/// file alike: a `snapshot` line with the network log and the number of parts that follow, then
/// the stores in `snapshotStores` lines of at most ``InspectorProtocol/snapshotPartSize`` each.
enum SnapshotLines {
  /// Writes a snapshot of `count` stores, handing each line to `emit` (without its newline) as
  /// soon as it is written, so that one part can be on its way while the next is written.
  ///
  /// - Parameters:
  ///   - count: How many stores the snapshot holds.
  ///   - network: The network log the `snapshot` line carries.
  ///   - now: When the snapshot was taken.
  ///   - resyncs: How many times the viewer was sent a fresh snapshot after it fell behind.
  ///   - writeStore: Writes the store at an index (`0..<count`) into a part's `stores` array;
  ///     it may write nothing (a store removed meanwhile).
  ///   - emit: Receives the `snapshot` line, then each `snapshotStores` part.
  static func write(
    count: Int, network: [NetworkRecord], now: Date, resyncs: Int,
    writeStore: (_ index: Int, _ json: inout JSONWriter) -> Void,
    emit: (_ line: [UInt8]) -> Void
  ) {
    let size = InspectorProtocol.snapshotPartSize
    let parts = (count + size - 1) / size
    emit(
      JSONWriter.bytes(
        of: [
          "type": "snapshot", "now": JSONValue(now), "resyncs": .number(JSONNumber(resyncs)),
          "stores": [], "parts": .number(JSONNumber(parts)),
          "network": .array(network.map(WireRequest.encode)),
        ]))
    for start in stride(from: 0, to: count, by: size) {
      var json = JSONWriter(capacity: 256 << 10)
      json.object { json in
        json.field("type", "snapshotStores")
        json.key("stores")
        json.array { json in
          for index in start..<min(start + size, count) { writeStore(index, &json) }
        }
      }
      emit(json.bytes)
    }
  }
}
