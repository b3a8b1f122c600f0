/// Serves one connection on its own thread: reads requests (pipelined ones in order), answers
/// each, and closes on `Connection: close`, bad input, idle timeout, peer close or server stop.
struct ConnectionHandler {
  let socket: ClientSocket
  let runtime: ServerRuntime

  private static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  func run() {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(4096)
    var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    var parser = HTTPRequestParser()
    var sentContinue = false
    while true {
      switch parser.parse(buffer) {
      case .request(let request, let consumed):
        buffer.removeSubrange(..<consumed)
        sentContinue = false
        guard runtime.serve(request, on: socket) else { return socket.close() }
      case .failure(let error):
        runtime.reject(error, on: socket)
        return socket.closeAfterDraining()
      case .needsMoreData(let expectsContinue):
        if expectsContinue && !sentContinue {
          sentContinue = true
          guard socket.send(Self.continueResponse) else { return socket.close() }
        }
        let isMidRequest = buffer.contains { $0 != .carriageReturn && $0 != .lineFeed }
        switch socket.receive(into: &buffer, scratch: &scratch) {
        case .received:
          continue
        case .endOfStream where isMidRequest:
          // Half-closed mid-request: the client may still be reading, so say what happened.
          runtime.reject(.malformed("the connection was closed mid-request"), on: socket)
          return socket.close()
        case .timedOut where isMidRequest:
          let seconds = RequestLogEntry.format(socket.idleTimeout)
          runtime.reject(
            HTTPRequestError(status: 408, message: "No data received for \(seconds)"), on: socket)
          return socket.closeAfterDraining()
        case .endOfStream, .timedOut, .stopped, .failed:
          return socket.close()
        }
      }
    }
  }
}
