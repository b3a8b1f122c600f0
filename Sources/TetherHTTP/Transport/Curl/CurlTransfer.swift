import CCurl
import Foundation
import TetherCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request on its way through libcurl: its easy handle, the options it was given and the
/// response as it arrives. Used only on the event loop's thread.
final class CurlTransfer {
  let id: Int
  let exchange: TransportExchange
  private(set) var request: CurlRequest
  let handle: UnsafeMutableRawPointer
  private var headerList: UnsafeMutablePointer<curl_slist>?
  private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
  /// The header fields of the latest response head (a 100 Continue or a redirect starts over).
  private(set) var responseHeaders: [(name: String, value: String)] = []
  var body = ResponseBuffer()
  /// Whether a streamed transfer's head went to its caller (its body then goes to the channel).
  private(set) var hasDeliveredHead = false
  /// Set by the write callback when the body passed the cap.
  private(set) var isOverCap = false
  /// Reads a streamed request body for the read callback.
  private var bodyReader: MultipartReader?
  /// When the latest transfer report went (or the transfer started), in monotonic
  /// nanoseconds.
  private var lastReport: UInt64 = 0
  /// Why the read callback stopped the upload (a file that cannot be read or shrank).
  private(set) var bodyFailure: HTTPError?

  init(id: Int, request: CurlRequest, exchange: TransportExchange, handle: UnsafeMutableRawPointer)
  {
    self.id = id
    self.request = request
    self.exchange = exchange
    self.handle = handle
  }

  deinit {
    curl_slist_free_all(headerList)
    errorBuffer.deallocate()
  }

  /// Sets every option of `request` on the (fresh or reset) handle.
  func configure(_ settings: CurlTransport.Configuration, share: UnsafeMutableRawPointer?) {
    errorBuffer[0] = 0
    responseHeaders = []
    body.clear()
    isOverCap = false
    hasDeliveredHead = false
    bodyReader = nil
    bodyFailure = nil
    lastReport = Self.monotonicNanoseconds()
    let context = Unmanaged.passUnretained(self).toOpaque()
    setLong(CURLOPT_NOSIGNAL, 1)
    setPointer(CURLOPT_ERRORBUFFER, errorBuffer)
    set(CURLOPT_URL, request.url.absoluteString)
    set(CURLOPT_PROTOCOLS_STR, "http,https")
    setLong(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
    // Every coding libcurl was built with (gzip, deflate, br, zstd here), decoded as it arrives.
    set(CURLOPT_ACCEPT_ENCODING, "")
    tether_easy_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteBody)
    setPointer(CURLOPT_WRITEDATA, context)
    tether_easy_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, curlReadHeader)
    setPointer(CURLOPT_HEADERDATA, context)

    let limits = request.limits
    setLong(CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(limits.connectTimeout.timeInterval * 1000)))
    // Idle: fewer than 1 byte per second for that many (whole) seconds ends the transfer.
    setLong(CURLOPT_LOW_SPEED_LIMIT, 1)
    setLong(CURLOPT_LOW_SPEED_TIME, max(1, Int(limits.idleTimeout.timeInterval.rounded(.up))))
    if request.streamChannel == nil {
      tether_easy_setopt_offset(
        handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maximumResponseSize))
    }
    setLong(CURLOPT_TCP_KEEPALIVE, 1)

    let proxy = settings.proxies.proxy(forScheme: request.url.scheme ?? "http")
    set(CURLOPT_PROXY, proxy ?? "")
    if let noProxy = settings.proxies.noProxy { set(CURLOPT_NOPROXY, noProxy) }
    if let authorities = settings.certificateAuthorities { set(CURLOPT_CAINFO, authorities) }
    setLong(CURLOPT_SSL_VERIFYPEER, 1)
    setLong(CURLOPT_SSL_VERIFYHOST, 2)
    if let share {
      setPointer(CURLOPT_SHARE, share)
      // An empty file name turns the cookie engine on without reading a file.
      set(CURLOPT_COOKIEFILE, "")
    }

    configureMethodAndBody(context: context)
    if request.reportTransfer != nil {
      setLong(CURLOPT_NOPROGRESS, 0)
      tether_easy_setopt_transfer_info_callback(handle, curlTransferInfo)
      setPointer(CURLOPT_XFERINFODATA, context)
    }
    curl_slist_free_all(headerList)
    headerList = nil
    var hasUserAgent = false
    for field in request.headers {
      if field.name.lowercased() == "user-agent" { hasUserAgent = true }
      // `Name;` is curl's way to send a header with an empty value.
      let line = field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
      headerList = curl_slist_append(headerList, line)
    }
    // No `Expect: 100-continue` round trip before a body.
    headerList = curl_slist_append(headerList, "Expect:")
    setPointer(CURLOPT_HTTPHEADER, headerList)
    if !hasUserAgent { set(CURLOPT_USERAGENT, settings.userAgent) }
  }

  private func configureMethodAndBody(context: UnsafeMutableRawPointer) {
    if let segments = request.streamedBody {
      let reader = MultipartReader(segments)
      bodyReader = reader
      if request.method != "POST" { set(CURLOPT_CUSTOMREQUEST, request.method) }
      setLong(CURLOPT_POST, 1)
      tether_easy_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(reader.length))
      tether_easy_setopt_data_callback(handle, CURLOPT_READFUNCTION, curlReadBody)
      setPointer(CURLOPT_READDATA, context)
      return
    }
    let body = request.body ?? Data()
    switch request.method {
    case "GET" where body.isEmpty:
      setLong(CURLOPT_HTTPGET, 1)
    case "HEAD":
      setLong(CURLOPT_NOBODY, 1)
    default:
      if request.method != "POST" { set(CURLOPT_CUSTOMREQUEST, request.method) }
      if request.method == "POST" || !body.isEmpty {
        setLong(CURLOPT_POST, 1)
        tether_easy_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
        body.withUnsafeBytes { raw in
          // libcurl keeps its own copy, which it sends again on a 307 or 308.
          _ = tether_easy_setopt_pointer(
            handle, CURLOPT_COPYPOSTFIELDS, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1))
        }
      }
    }
  }

  /// Replaces the request with the follow-up of a redirect; configure again before re-adding.
  func follow(_ next: CurlRequest) {
    request = next
  }

  /// Called by the write callback for a streamed response: answers the caller with the head
  /// first (unless this is a redirect, whose body is dropped), then hands the piece over.
  func stream(_ bytes: UnsafeRawPointer, count: Int, to channel: CurlStreamChannel)
    -> CurlStreamChannel.Delivery
  {
    if !hasDeliveredHead {
      let status = statusCode
      if (300...399).contains(status), redirectURL != nil { return .accepted }
      hasDeliveredHead = true
      guard exchange.finish(.success(takeResponse())) else { return .stop }
    }
    return channel.deliver(bytes, count: count)
  }

  /// Called by the write callback: appends `count` bytes, or refuses them past the cap.
  func receive(_ bytes: UnsafeRawPointer, count: Int) -> Bool {
    if body.count == 0 {
      var expected: curl_off_t = -1
      tether_easy_getinfo_offset(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &expected)
      if expected > 0, expected <= request.limits.maximumResponseSize {
        body.reserve(Int(expected))
      }
    }
    guard body.count + count <= request.limits.maximumResponseSize else {
      isOverCap = true
      return false
    }
    body.append(bytes, count: count)
    return true
  }

  /// Called by the read callback: fills `buffer` with the next bytes of the streamed body;
  /// nil when reading failed, which stops the transfer.
  func sendBody(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
    guard let bodyReader else { return 0 }
    do {
      return try bodyReader.read(into: buffer)
    } catch {
      bodyFailure = error
      return nil
    }
  }

  /// Called by the transfer-info callback: reports the counts when the latest report is at
  /// least ``TransferReporting/interval`` old.
  func reportTransfer(
    downloadTotal: Int, downloadNow: Int, uploadTotal: Int, uploadNow: Int
  ) {
    // libcurl calls this for every piece it moves: the clock first (a vDSO read), and the
    // exchange's lock only for the few calls that may report.
    guard let report = request.reportTransfer else { return }
    let now = Self.monotonicNanoseconds()
    guard now - lastReport >= Self.reportInterval, !exchange.isFinished else { return }
    lastReport = now
    report(
      TransferProgress(
        bytesSent: uploadNow, bytesToSend: uploadTotal > 0 ? uploadTotal : nil,
        bytesReceived: downloadNow, bytesToReceive: downloadTotal > 0 ? downloadTotal : nil))
  }

  private static let reportInterval = UInt64(
    TransferReporting.interval.components.attoseconds / 1_000_000_000)

  private static func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  /// Called by the header callback with one line of a response head.
  func receiveHeader(_ line: UnsafeBufferPointer<UInt8>) {
    if line.starts(with: "HTTP/".utf8) {
      responseHeaders = []
      return
    }
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
    // The value without the blanks around it (and the line's CR LF).
    var start = colon + 1
    var end = line.endIndex
    while start < end, Self.isBlank(line[start]) { start += 1 }
    while end > start, Self.isBlank(line[end - 1]) { end -= 1 }
    let name = String(decoding: UnsafeBufferPointer(rebasing: line[..<colon]), as: UTF8.self)
    let value = String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
    responseHeaders.append((name: name, value: value))
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
      || byte == UInt8(ascii: "\n")
  }

  /// The status code libcurl read.
  var statusCode: Int {
    var code = 0
    tether_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code)
    return code
  }

  /// Where a 3xx response points, resolved against the request's URL.
  var redirectURL: URL? {
    var location: UnsafePointer<CChar>?
    tether_easy_getinfo_string(handle, CURLINFO_REDIRECT_URL, &location)
    return location.flatMap { URL(string: String(cString: $0)) }
  }

  /// Whether the connection was made (to tell a connect timeout from an idle one).
  var connected: Bool {
    var time: curl_off_t = 0
    tether_easy_getinfo_offset(handle, CURLINFO_CONNECT_TIME_T, &time)
    return time > 0
  }

  /// libcurl's message about the failure, or its text for `code`.
  func message(for code: CURLcode) -> String {
    errorBuffer[0] != 0 ? String(cString: errorBuffer) : String(cString: curl_easy_strerror(code))
  }

  /// The complete response; the body moves out of the transfer without a copy.
  func takeResponse() -> HTTPResponse {
    var version = 0
    tether_easy_getinfo_long(handle, CURLINFO_HTTP_VERSION, &version)
    let httpVersion =
      switch version {
      case Int(CURL_HTTP_VERSION_2_0): "HTTP/2"
      case Int(CURL_HTTP_VERSION_3): "HTTP/3"
      case Int(CURL_HTTP_VERSION_1_0): "HTTP/1.0"
      default: "HTTP/1.1"
      }
    var fields: [String: String] = [:]
    for field in responseHeaders {
      if let existing = fields[field.name] {
        fields[field.name] = existing + ", " + field.value
      } else {
        fields[field.name] = field.value
      }
    }
    let metadata = HTTPURLResponse(
      url: request.url, statusCode: statusCode, httpVersion: httpVersion, headerFields: fields)!
    return HTTPResponse(metadata: metadata, body: body.take())
  }

  private func set(_ option: CURLoption, _ value: String) {
    _ = value.withCString { tether_easy_setopt_pointer(handle, option, $0) }
  }

  private func setLong(_ option: CURLoption, _ value: Int) {
    tether_easy_setopt_long(handle, option, value)
  }

  private func setPointer(_ option: CURLoption, _ value: UnsafeRawPointer?) {
    tether_easy_setopt_pointer(handle, option, value)
  }
}

/// libcurl's write callback: body bytes for the transfer in `context`.
private func curlWriteBody(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
  _ context: UnsafeMutableRawPointer?
) -> Int {
  guard let data, let context else { return 0 }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
  let total = size * count
  if let channel = transfer.request.streamChannel {
    switch transfer.stream(data, count: total, to: channel) {
    case .accepted: return total
    case .pause: return Int(CURL_WRITEFUNC_PAUSE)
    case .stop: return 0
    }
  }
  return transfer.receive(data, count: total) ? total : 0
}

/// libcurl's read callback: the next bytes of the request body of the transfer in `context`.
private func curlReadBody(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
  _ context: UnsafeMutableRawPointer?
) -> Int {
  guard let data, let context else { return Int(CURL_READFUNC_ABORT) }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
  let buffer = UnsafeMutableRawBufferPointer(start: data, count: size * count)
  return transfer.sendBody(into: buffer) ?? Int(CURL_READFUNC_ABORT)
}

/// libcurl's transfer-info callback: byte counts of the transfer in `context`.
private func curlTransferInfo(
  _ context: UnsafeMutableRawPointer?, _ downloadTotal: curl_off_t, _ downloadNow: curl_off_t,
  _ uploadTotal: curl_off_t, _ uploadNow: curl_off_t
) -> Int32 {
  guard let context else { return 0 }
  Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().reportTransfer(
    downloadTotal: Int(downloadTotal), downloadNow: Int(downloadNow),
    uploadTotal: Int(uploadTotal), uploadNow: Int(uploadNow))
  return 0
}

/// libcurl's header callback: one line of a response head for the transfer in `context`.
private func curlReadHeader(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
  _ context: UnsafeMutableRawPointer?
) -> Int {
  guard let data, let context else { return 0 }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
  let total = size * count
  data.withMemoryRebound(to: UInt8.self, capacity: total) {
    transfer.receiveHeader(UnsafeBufferPointer(start: $0, count: total))
  }
  return total
}
