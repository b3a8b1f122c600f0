/// One event of a streamed response, as it arrived: a server-sent event, or one line of
/// newline-delimited JSON (an event of type `message` whose data is the line).
///
/// ```swift
/// for try await event in api.events(StreamEndpoint<StreamEvent>(.get, "posts/changes")) {
///   print(event.id ?? "-", event.type, event.data)
/// }
/// ```
public struct StreamEvent: Sendable, Hashable {
  /// The event's `id:` field: where a reconnection resumes (`Last-Event-ID`).
  public var id: String?
  /// The event's `event:` field, `message` when it has none.
  public var type: String
  /// The event's data: its `data:` lines joined by line feeds, or the JSON line.
  public var data: String
  /// The reconnection delay the server asked for with a `retry:` field in this event.
  public var retry: Duration?

  /// An event of `type` carrying `data`.
  public init(id: String? = nil, type: String = "message", data: String, retry: Duration? = nil) {
    self.id = id
    self.type = type
    self.data = data
    self.retry = retry
  }

  /// The event written as the server-sent events format frames it, blank line included.
  public var serverSentEventText: String {
    var text = ""
    if let id { text += "id: \(id)\n" }
    if type != "message" { text += "event: \(type)\n" }
    if let retry { text += "retry: \(Int(retry.timeInterval * 1000))\n" }
    for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
      text += "data: \(line)\n"
    }
    return text + "\n"
  }
}
