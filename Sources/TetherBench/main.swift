import Foundation

/// `tether-bench <suite>`: run with `swift run -c release tether-bench <suite>`.
///
/// Every suite prints each scenario next to a baseline measured in the same run, and their ratio,
/// because absolute times on shared machines are noisy.
let suites: [String: @Sendable () async throws -> Void] = [
  "core": CoreSuite.run,
  "http": HTTPSuite.run,
  "server": ServerSuite.run,
  "render": RenderSuite.run,
  "app": AppSuite.run,
  "devtools": DevtoolsSuite.run,
  "persist": PersistSuite.run,
  "json": JSONSuite.run,
]

/// Modes a suite spawns in a process of its own; not run by hand.
let helpers: [String: @Sendable () async throws -> Void] = [
  "persist-launch": PersistSuite.launchOnce
]

let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let suite = suites[name] ?? helpers[name] else {
  let names = suites.keys.sorted().joined(separator: "|")
  FileHandle.standardError.write(Data("usage: tether-bench <\(names)>\n".utf8))
  exit(2)
}
#if DEBUG
  print("warning: debug build; run with `swift run -c release tether-bench \(name)`\n")
#endif
do {
  try await suite()
} catch {
  FileHandle.standardError.write(Data("tether-bench \(name): \(error)\n".utf8))
  exit(1)
}
