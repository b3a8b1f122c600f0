import EndToEndSupport
import Foundation
import Testing
import TetherDiagnostics
import TetherSynchronization

@testable import PostsService

/// Seeded mutation fuzz over loopback: 20,000 requests derived from valid ones by bit flips,
/// truncation, duplicate and huge `Content-Length`, `Content-Length` with `Transfer-Encoding`,
/// bare LF, NUL bytes, 100 KB header lines and invalid UTF-8. Every answer must be a well-formed
/// HTTP response with a JSON body, no connection may hang, and the server must serve normally
/// afterwards. The same seed always sends the same bytes.
@Suite("Mutation fuzz", .onOwnThread)
struct MutationFuzzTests {
  static let requestCount = Int(ProcessInfo.processInfo.environment["FUZZ_COUNT"] ?? "") ?? 20_000
  static let clientThreads = 4

  static let seeds: [[UInt8]] = [
    request("GET /posts?limit=5&skip=3&select=title,tags HTTP/1.1"),
    request("GET /posts/7 HTTP/1.1", headers: ["Connection: close"]),
    request("HEAD /posts/1 HTTP/1.1"),
    request("GET /posts/search?q=old-town&sortBy=views&order=desc HTTP/1.1"),
    request("GET /users/search?q=emily&limit=2 HTTP/1.1"),
    request("GET /comments/post/3 HTTP/1.1"),
    request("DELETE /posts/9 HTTP/1.1"),
    request(
      "POST /posts/add HTTP/1.1",
      body: #"{"title":"Fuzz ☕","userId":3,"body":"b","tags":["x"],"reactions":{"likes":1}}"#),
    request("PUT /posts/3 HTTP/1.1", body: #"{"title":"Changed","views":4}"#),
    request("PATCH /comments/2 HTTP/1.1", body: #"{"body":"Edited \u00e9"}"#),
    request("POST /comments/add HTTP/1.1", body: #"{"body":"Hi","postId":2,"userId":2}"#),
    request("GET /posts/1 HTTP/1.0", host: false)
      + request("GET /posts/2 HTTP/1.1"),
  ]

  static func request(
    _ line: String, headers: [String] = [], body: String? = nil, host: Bool = true
  ) -> [UInt8] {
    var text = line + "\r\n"
    if host { text += "Host: fuzz\r\n" }
    for header in headers { text += header + "\r\n" }
    if let body {
      text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
    } else {
      text += "\r\n"
    }
    return Array(text.utf8)
  }

  @Test func mutatedRequestsGetWellFormedAnswers() async throws {
    try await withServer(
      PostsServer.Configuration(idleTimeout: .seconds(5), headerTimeout: .seconds(5))
    ) { server, client in
      let problems = SanitizerVisibleMutex<[String]>([])
      let statuses = SanitizerVisibleMutex<[Int: Int]>([:])
      let port = server.port
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let remaining = SanitizerVisibleMutex(Self.clientThreads)
        for thread in 0..<Self.clientThreads {
          Thread.detachNewThread {
            var random = SeededRandom(seed: 0xF022 + UInt64(thread))
            for index in stride(from: thread, to: Self.requestCount, by: Self.clientThreads) {
              let seed = Self.seeds[index % Self.seeds.count]
              let mutated = Mutation.apply(to: seed, using: &random)
              switch Self.exchange(mutated, port: port) {
              case .success(let seen):
                statuses.withLock { counts in
                  for status in seen { counts[status, default: 0] += 1 }
                }
              case .failure(let problem):
                problems.withLock { $0.append("request \(index): \(problem)") }
              }
            }
            let last = remaining.withLock { count -> Bool in
              count -= 1
              return count == 0
            }
            if last { done.resume() }
          }
        }
      }
      let found = problems.withLock { $0 }
      #expect(found.isEmpty, "\(found.count) problems, first: \(found.prefix(5))")
      let seen = statuses.withLock { $0 }
      #expect(seen.values.reduce(0, +) >= Self.requestCount / 2)
      #expect(Set(seen.keys).isSubset(of: [100, 200, 201, 400, 404, 405, 408, 413, 431, 501, 505]))
      #expect(seen[200, default: 0] > 0 && seen[400, default: 0] > 0)
      let afterwards = try await client.get("/users/1")
      #expect(afterwards.status == 200)
    }
  }

  /// Sends `bytes` on a new connection, closes the sending side, and checks everything the
  /// server sends until it closes; returns the statuses seen.
  private static func exchange(_ bytes: [UInt8], port: Int) -> Result<[Int], FuzzProblem> {
    let connection: RawConnection
    do {
      connection = try RawConnection(port: port, timeout: .seconds(10))
    } catch {
      return .failure(FuzzProblem("connect: \(error)"))
    }
    // The server may answer and close before taking everything: sending can fail then.
    try? connection.send(bytes)
    connection.shutdownWriting()
    guard let answer = connection.readUntilClosed() else {
      return .failure(FuzzProblem("no answer and no close within 10 s"))
    }
    let isHead = bytes.starts(with: Array("HEAD ".utf8))
    return ResponseStream.statuses(in: answer, firstIsHead: isHead)
  }
}

struct FuzzProblem: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}

/// The mutations, each chosen at random for one request.
enum Mutation: CaseIterable {
  case flipBits, truncate, duplicateContentLength, hugeContentLength, chunkedToo, bareLineFeeds
  case nulBytes, longHeaderLine, invalidUTF8, insertAndDelete

  static func apply(to seed: [UInt8], using random: inout SeededRandom) -> [UInt8] {
    var bytes = seed
    for _ in 0..<random.integer(in: 1...2) {
      bytes = random.element(of: allCases).apply(to: bytes, using: &random)
    }
    return bytes
  }

  func apply(to original: [UInt8], using random: inout SeededRandom) -> [UInt8] {
    var bytes = original
    switch self {
    case .flipBits:
      for _ in 0..<random.integer(in: 1...4) {
        let index = random.integer(in: 0...(bytes.count - 1))
        bytes[index] ^= UInt8(1) << UInt8(random.integer(in: 0...7))
      }
    case .truncate:
      bytes = Array(bytes.prefix(random.integer(in: 0...(bytes.count - 1))))
    case .duplicateContentLength:
      let value = random.element(of: ["0", "5", "17", "1048576"])
      bytes.insert(
        contentsOf: Array("Content-Length: \(value)\r\n".utf8), at: Self.secondLine(of: bytes))
    case .hugeContentLength:
      let value = random.element(of: ["1048577", "99999999999999999999", "-1", "1e3", " 12"])
      bytes.insert(
        contentsOf: Array("Content-Length: \(value)\r\n".utf8), at: Self.secondLine(of: bytes))
    case .chunkedToo:
      bytes.insert(
        contentsOf: Array("Transfer-Encoding: chunked\r\nContent-Length: 3\r\n".utf8),
        at: Self.secondLine(of: bytes))
    case .bareLineFeeds:
      var result: [UInt8] = []
      for (index, byte) in bytes.enumerated()
      where !(byte == 13 && index + 1 < bytes.count && bytes[index + 1] == 10) {
        result.append(byte)
      }
      bytes = result
    case .nulBytes:
      for _ in 0..<random.integer(in: 1...3) {
        bytes.insert(0, at: random.integer(in: 0...bytes.count))
      }
    case .longHeaderLine:
      bytes.insert(contentsOf: Self.longHeader, at: Self.secondLine(of: bytes))
    case .invalidUTF8:
      let sequences: [[UInt8]] = [[0xFF], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF8, 0x88]]
      let junk = random.element(of: sequences)
      // In the path, in a header value, or in the body.
      let places: [Int] = [min(4, bytes.count), Self.headEnd(of: bytes), bytes.count]
      bytes.insert(contentsOf: junk, at: random.element(of: places))
    case .insertAndDelete:
      let index = random.integer(in: 0...(bytes.count - 1))
      if random.integer(in: 0...1) == 0 {
        bytes.remove(at: index)
      } else {
        bytes.insert(UInt8(random.integer(in: 0...255)), at: index)
      }
    }
    return bytes.isEmpty ? [UInt8(ascii: "G")] : bytes
  }

  private static let longHeader = Array(
    ("X-Long: " + String(repeating: "a", count: 100 * 1024) + "\r\n").utf8)

  private static func secondLine(of bytes: [UInt8]) -> Int {
    (bytes.firstIndex(of: 10).map { $0 + 1 }) ?? bytes.count
  }

  private static func headEnd(of bytes: [UInt8]) -> Int {
    guard bytes.count >= 4 else { return bytes.count }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13
      && bytes[index + 3] == 10
    {
      return index
    }
    return bytes.count
  }
}

/// Checks a stream of responses: each a status line, headers with `Content-Length`, then that
/// many bytes of JSON (none for `HEAD` and `100 Continue`).
enum ResponseStream {
  static func statuses(in bytes: [UInt8], firstIsHead: Bool) -> Result<[Int], FuzzProblem> {
    var statuses: [Int] = []
    var rest = bytes[...]
    while !rest.isEmpty {
      guard let end = headEnd(in: rest) else {
        return .failure(FuzzProblem("a response head without its end: \(preview(rest))"))
      }
      let head = String(decoding: rest[rest.startIndex..<end], as: UTF8.self)
      rest = rest[(end + 4)...]
      let lines = head.components(separatedBy: "\r\n")
      let parts = lines[0].split(separator: " ", maxSplits: 2)
      guard parts.count == 3, parts[0] == "HTTP/1.1", let status = Int(parts[1]),
        parts[1].count == 3
      else { return .failure(FuzzProblem("bad status line '\(lines[0])'")) }
      statuses.append(status)
      if status == 100 { continue }
      var headers: [String: String] = [:]
      for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else {
          return .failure(FuzzProblem("bad header line '\(line)'"))
        }
        headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
          .trimmingCharacters(in: .whitespaces)
      }
      guard headers["content-type"] == "application/json; charset=utf-8",
        headers["x-request-id"] != nil, headers["date"] != nil,
        let length = headers["content-length"].flatMap({ Int($0) })
      else { return .failure(FuzzProblem("missing or bad headers in '\(head)'")) }
      // A HEAD request's answer has no body, unless the request was refused before its method
      // was known (then the error message follows).
      if firstIsHead && statuses.count == 1
        && (rest.isEmpty || rest.starts(with: Array("HTTP/1.1 ".utf8)))
      {
        continue
      }
      guard rest.count >= length else {
        return .failure(FuzzProblem("body shorter than Content-Length \(length)"))
      }
      let body = Data(rest.prefix(length))
      rest = rest.dropFirst(length)
      guard (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) != nil
      else {
        return .failure(FuzzProblem("\(status) body is not JSON: \(preview(body[...]))"))
      }
    }
    return .success(statuses)
  }

  private static func headEnd(in bytes: ArraySlice<UInt8>) -> Int? {
    var index = bytes.startIndex
    while index + 3 < bytes.endIndex {
      if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10
      {
        return index
      }
      index += 1
    }
    return nil
  }

  private static func preview<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
    String(decoding: bytes.prefix(120), as: UTF8.self)
  }
}
