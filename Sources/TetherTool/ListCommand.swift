import Foundation
import TetherAttach
import TetherSystem

/// `tether list`: a table of this user's inspectable processes.
enum ListCommand {
  static func run() {
    let (processes, removed) = InspectedProcesses.list()
    for path in removed {
      print("removed \(path): its process is gone")
    }
    guard !processes.isEmpty else {
      print("no inspectable process of this user (sockets in \(SocketFolder.path()))")
      return
    }
    let nameWidth = max(4, processes.map(\.name.count).max() ?? 0)
    print(pad("PID", 8) + pad("NAME", nameWidth + 2) + pad("STORES", 8) + "UPTIME")
    for process in processes {
      print(
        pad("\(process.pid)", 8) + pad(process.name, nameWidth + 2)
          + pad("\(process.storeCount)", 8) + uptime(process.uptime))
    }
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
  }

  /// `2h05m`, `3m12s`, `42s`.
  static func uptime(_ seconds: TimeInterval) -> String {
    let total = max(0, Int(seconds))
    if total >= 3600 { return String(format: "%dh%02dm", total / 3600, total / 60 % 60) }
    if total >= 60 { return String(format: "%dm%02ds", total / 60, total % 60) }
    return "\(total)s"
  }
}
