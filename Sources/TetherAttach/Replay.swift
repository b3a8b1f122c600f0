import Foundation
import TetherDevtools
import TetherInspector

/// A recording shown at a time: its messages up to the cursor applied to a ``RemoteSource``
/// the devtools read, forwards as time goes on, from the start again when it goes back.
/// Used on the loop's thread.
public final class Replay {
  public let contents: Recording.Contents
  public let source = RemoteSource(commands: nil)
  /// Where the cursor is, in seconds since the recording started.
  public private(set) var time: Double = 0
  /// How many entries are applied.
  private var applied = 0
  /// The faults the process injected at the cursor, as it last said (nil before it said).
  public private(set) var faults: InspectedFaults?
  private let name: String
  /// The times at which what the devtools show changes, in order: a snapshot counts once its
  /// last part came.
  private let changes: [Double]

  /// A replay of a recording's `contents`, titled `name`, its cursor at the start.
  public init(_ contents: Recording.Contents, name: String) {
    self.contents = contents
    self.name = name
    changes = Self.changes(in: contents.entries)
    // The first state to show is the first snapshot: before it there is nothing.
    seek(to: changes.first ?? 0)
  }

  private static func changes(in entries: [Recording.Entry]) -> [Double] {
    var times: [Double] = []
    var partsLeft = 0
    for entry in entries {
      switch entry.message {
      case .snapshot(let snapshot):
        partsLeft = snapshot.parts
        if partsLeft == 0 { times.append(entry.time) }
      case .snapshotStores:
        guard partsLeft > 0 else { continue }
        partsLeft -= 1
        if partsLeft == 0 { times.append(entry.time) }
      case .stores, .log, .network:
        if partsLeft == 0 { times.append(entry.time) }
      case .hello, .faults, .history, .result, .error, .goodbye:
        continue
      }
    }
    return times
  }

  /// Shows the state at `time` (clamped to the recording).
  public func seek(to time: Double) {
    let time = min(max(0, time), contents.duration)
    if time < self.time || applied == 0 {
      source.clear()
      applied = 0
      faults = nil
    }
    while applied < contents.entries.count, contents.entries[applied].time <= time {
      if case .faults(let state) = contents.entries[applied].message { faults = state }
      source.apply(contents.entries[applied].message)
      applied += 1
    }
    self.time = time
    source.setStatus(StoreSourceStatus(text: "replay of \(name)", isDetached: true))
  }

  /// The time of the first change after the cursor; nil at the end.
  public var nextChange: Double? {
    changes.first { $0 > time }
  }

  /// The time of the last change before the cursor's; nil at the start.
  public var previousChange: Double? {
    changes.last { $0 < time }
  }

  /// The wall-clock date of the cursor.
  public var date: Date { contents.startDate.addingTimeInterval(time) }
}
