import Foundation
import Glibc
import TetherAttach
import TetherSystem
import TetherTerminal

/// Prints `tether: message` on standard error, sanitised, and exits with `code`.
func fail(_ message: String, code: Int32 = 1) -> Never {
  FileHandle.standardError.write(Data("tether: \(TextSanitizer.sanitize(message))\n".utf8))
  exit(code)
}

switch ToolCommand.group.parseOrExit() {
case .list:
  ListCommand.run()
case .attach(let options):
  await AttachCommand.run(options)
case .record(let options):
  await RecordCommand.run(options)
case .replay(let options):
  await ReplayCommand.run(options)
}
