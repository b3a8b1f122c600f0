/// How a streamed response frames its events.
public enum StreamFormat: Sendable, Hashable {
  /// `text/event-stream`, as the HTML standard defines it: `data:`, `event:`, `id:` and
  /// `retry:` fields, events ended by a blank line, comments (`:`) ignored.
  case serverSentEvents
  /// Newline-delimited JSON (`application/x-ndjson`, JSON Lines): one value a line, blank lines
  /// ignored.
  case jsonLines

  /// The media type a request for this format accepts.
  var mediaType: String {
    switch self {
    case .serverSentEvents: "text/event-stream"
    case .jsonLines: "application/x-ndjson, application/jsonl, application/json-seq;q=0.5"
    }
  }
}
