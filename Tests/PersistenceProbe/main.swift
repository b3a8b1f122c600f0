import Foundation
import TetherCommandLine
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

/// What the probe was asked to do.
enum ProbeRun: Sendable {
  case write(file: String, rows: Int, bytes: Int)
  case read(file: String)
}

struct ProbeArguments: Sendable {
  var file = ""
  var rows = 0
  var bytes = 0
}

let probe = CommandGroup<ProbeRun>(
  "PersistenceProbe", abstract: "The child process of TetherPersistence's tests.",
  subcommands: [
    Subcommand(
      Command<ProbeArguments>(
        "write", abstract: "writes generations of rows until it is killed",
        defaults: ProbeArguments(),
        arguments: [
          .positional("FILE", value: .file, help: "the database", to: \.file),
          .positional(
            "ROWS", value: .integer(in: 0...Int.max), help: "rows a generation", to: \.rows),
          .positional("BYTES", value: .integer(in: 0...Int.max), help: "bytes a row", to: \.bytes),
        ])
    ) { .write(file: $0.file, rows: $0.rows, bytes: $0.bytes) },
    Subcommand(
      Command<ProbeArguments>(
        "read", abstract: "loads, writes once and closes, as nobody when started as root",
        defaults: ProbeArguments(),
        arguments: [.positional("FILE", value: .file, help: "the database", to: \.file)])
    ) { .read(file: $0.file) },
  ])

/// One line on standard output, unbuffered, so the test reads it as soon as it is said.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("PersistenceProbe: \(message)\n".utf8))
  exit(2)
}

switch probe.parseOrExit() {
case .write(let file, let rowCount, let byteCount):
  let rows = SQLiteRowStore(at: URL(fileURLWithPath: file)) { diagnostic in
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

case .read(let file):
  if getuid() == 0 {
    guard setgid(65_534) == 0, setuid(65_534) == 0 else { fail("cannot become nobody") }
  }
  let rows = SQLiteRowStore(at: URL(fileURLWithPath: file)) { diagnostic in
    say("diagnostic \(diagnostic.message)")
  }
  let contents = await rows.load()
  say("rows \(contents.rows.count)")
  var batch = RowBatch()
  batch.put(StoredRow(key: "written by nobody", value: Data(), updatedAt: Date()))
  await rows.write(batch)
  await rows.close()
  say("closed")
}
