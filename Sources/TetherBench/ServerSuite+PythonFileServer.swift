import Foundation

/// `python3` serving one file from a temporary directory with `http.server`, made comparable
/// (see `ServerSuite`). Stop it with `stop()`.
final class PythonFileServer {
  let port: Int
  private let process = Process()
  private let input = Pipe()
  private let directory: URL

  // The spawning thread's blocked signal mask is inherited, so SIGTERM is unblocked explicitly;
  // the server also exits when its standard input closes, so it never outlives the benchmark.
  private static let script = """
    import functools, http.server, os, signal, sys, threading
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    class Handler(http.server.SimpleHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True
        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=sys.argv[1]))
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

  init(serving body: [UInt8], at name: String) throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tether-bench-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(body).write(to: directory.appendingPathComponent(name))

    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", Self.script, directory.path]
    process.standardOutput = output
    process.standardInput = input
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else {
        throw KeepAliveClient.Failure(description: "python3 http.server did not start")
      }
      line.append(chunk)
    }
    guard
      let port = Int(
        String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw KeepAliveClient.Failure(description: "python3 printed no port") }
    self.port = port
  }

  func stop() {
    try? input.fileHandleForWriting.close()
    process.terminate()
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: directory)
  }
}
