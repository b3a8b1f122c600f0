import Foundation
import TetherPersistence

// The child process of TetherPersistence's tests, for what a test cannot do to itself:
//
//   PersistenceProbe write FILE ROWS BYTES
//     writes generation 1, 2, 3 … of ROWS rows of BYTES bytes each (every byte and the update
//     date are the generation number, and so is the metadata's format version), one
//     transaction per generation, printing `committed N` after each, until it is killed.
//   PersistenceProbe read FILE
//     as an unprivileged user (nobody, when started as root, so that file permissions apply),
//     loads FILE, tries one write and closes; prints `rows N`, every diagnostic as
//     `diagnostic <message>`, then `closed`.

let arguments = Array(CommandLine.arguments.dropFirst())

/// One line on standard output, unbuffered, so the test reads it as soon as it is said.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("PersistenceProbe: \(message)\n".utf8))
  exit(2)
}

switch (arguments.first, arguments.count) {
case ("write", 4):
  guard let rowCount = Int(arguments[2]), let byteCount = Int(arguments[3]) else {
    fail("ROWS and BYTES must be numbers")
  }
  let rows = SQLiteRowStore(at: URL(fileURLWithPath: arguments[1])) { diagnostic in
    say("diagnostic \(diagnostic.message)")
  }
  _ = await rows.load()
  var generation = 0
  while true {
    generation += 1
    var batch = RowBatch()
    let date = Date(timeIntervalSince1970: Double(generation))
    for index in 0..<rowCount {
      batch.put(
        StoredRow(
          key: "row \(index)", value: Data(repeating: UInt8(generation % 256), count: byteCount),
          updatedAt: date))
    }
    batch.metadata = StoredMetadata(buster: "probe", savedAt: date, formatVersion: generation)
    await rows.write(batch)
    say("committed \(generation)")
  }

case ("read", 2):
  if getuid() == 0 {
    guard setgid(65_534) == 0, setuid(65_534) == 0 else { fail("cannot become nobody") }
  }
  let rows = SQLiteRowStore(at: URL(fileURLWithPath: arguments[1])) { diagnostic in
    say("diagnostic \(diagnostic.message)")
  }
  let contents = await rows.load()
  say("rows \(contents.rows.count)")
  var batch = RowBatch()
  batch.put(StoredRow(key: "written by nobody", value: Data(), updatedAt: Date()))
  await rows.write(batch)
  await rows.close()
  say("closed")

default:
  fail("usage: PersistenceProbe write FILE ROWS BYTES | read FILE")
}
