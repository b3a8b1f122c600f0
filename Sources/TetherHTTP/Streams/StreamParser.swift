import Foundation

/// Cuts a streamed body into events as its bytes arrive, in any pieces: lines may end with
/// CR LF, LF or CR (server-sent events) and a piece may end anywhere, even between a CR and
/// its LF or inside a UTF-8 sequence.
///
/// No event may grow past `maximumEventSize` bytes (its field lines and data together): the
/// parser throws ``HTTPError/eventTooLarge(limit:)`` as soon as one does, so a server that
/// never ends an event costs at most that much memory.
struct StreamParser: Sendable {
  let format: StreamFormat
  let maximumEventSize: Int
  /// The last `id:` seen, which later events carry until another one replaces it (as the
  /// HTML standard's "last event ID buffer").
  private(set) var lastEventID: String?
  /// The reconnection delay of the latest `retry:` field.
  private(set) var retry: Duration?
  private var line: [UInt8] = []
  private var data: [UInt8] = []
  private var type: [UInt8] = []
  private var hasData = false
  private var pendingRetry: Duration?
  private var followsCarriageReturn = false
  private var isAtStart = true
  /// The first bytes, until there are enough to tell a byte order mark.
  private var opening = Data()

  init(format: StreamFormat, maximumEventSize: Int, lastEventID: String? = nil) {
    self.format = format
    self.maximumEventSize = maximumEventSize
    self.lastEventID = lastEventID
  }

  /// Feeds the next piece of the body; appends the events it completes to `events`.
  mutating func feed(_ piece: Data, into events: inout [StreamEvent]) throws(HTTPError) {
    var piece = piece
    if isAtStart {
      // A byte order mark is dropped, even when it arrives in pieces.
      opening.append(piece)
      guard opening.count >= 3 else { return }
      isAtStart = false
      piece = opening.starts(with: [0xEF, 0xBB, 0xBF]) ? opening.dropFirst(3) : opening
      opening = Data()
    }
    let failure = piece.withUnsafeBytes { bytes -> HTTPError? in
      do throws(HTTPError) {
        try feed(bytes, into: &events)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Feeds the next piece of the body; appends the events it completes to `events`.
  mutating func feed(_ bytes: UnsafeRawBufferPointer, into events: inout [StreamEvent])
    throws(HTTPError)
  {
    var start = 0
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D {
        try append(bytes, from: start, to: index)
        let isSecondHalf = byte == 0x0A && followsCarriageReturn
        followsCarriageReturn = byte == 0x0D
        if !isSecondHalf { try endLine(into: &events) }
        start = index + 1
      } else {
        followsCarriageReturn = false
      }
      index += 1
    }
    try append(bytes, from: start, to: count)
  }

  /// The body ended cleanly: a JSON line without its line feed still counts; a server-sent
  /// event without its blank line is dropped, as the standard says.
  mutating func finish(into events: inout [StreamEvent]) throws(HTTPError) {
    if isAtStart, !opening.isEmpty {
      isAtStart = false
      let rest = opening
      opening = Data()
      try feed(rest, into: &events)
    }
    if format == .jsonLines, !line.isEmpty { try endLine(into: &events) }
    line = []
  }

  private mutating func append(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int)
    throws(HTTPError)
  {
    guard end > start else { return }
    guard line.count + data.count + (end - start) <= maximumEventSize else {
      throw .eventTooLarge(limit: maximumEventSize)
    }
    line.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
  }

  private mutating func endLine(into events: inout [StreamEvent]) throws(HTTPError) {
    defer { line.removeAll(keepingCapacity: true) }
    switch format {
    case .jsonLines:
      if line.last == 0x0D { line.removeLast() }
      guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
      events.append(StreamEvent(data: String(decoding: line, as: UTF8.self)))
    case .serverSentEvents:
      if line.isEmpty {
        dispatch(into: &events)
      } else {
        try field()
      }
    }
  }

  /// One `name: value` line of a server-sent event.
  private mutating func field() throws(HTTPError) {
    guard line.first != UInt8(ascii: ":") else { return }
    let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
    var valueStart = min(colon + 1, line.endIndex)
    if valueStart < line.endIndex, line[valueStart] == 0x20 { valueStart += 1 }
    let name = line[..<colon]
    let value = line[valueStart...]
    switch String(decoding: name, as: UTF8.self) {
    case "data":
      guard data.count + value.count + 1 <= maximumEventSize else {
        throw .eventTooLarge(limit: maximumEventSize)
      }
      if hasData { data.append(0x0A) }
      data.append(contentsOf: value)
      hasData = true
    case "event":
      type = Array(value)
    case "id" where !value.contains(0):
      lastEventID = String(decoding: value, as: UTF8.self)
    case "retry":
      if !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
        let milliseconds = Int(String(decoding: value, as: UTF8.self))
      {
        retry = .milliseconds(milliseconds)
        pendingRetry = retry
      }
    default:
      break
    }
  }

  private mutating func dispatch(into events: inout [StreamEvent]) {
    defer {
      data.removeAll(keepingCapacity: true)
      type = []
      hasData = false
      pendingRetry = nil
    }
    guard hasData else { return }
    events.append(
      StreamEvent(
        id: lastEventID, type: type.isEmpty ? "message" : String(decoding: type, as: UTF8.self),
        data: String(decoding: data, as: UTF8.self), retry: pendingRetry))
  }
}
