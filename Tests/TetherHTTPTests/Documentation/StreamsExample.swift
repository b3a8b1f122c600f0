// Mirrors the Swift blocks of Sources/TetherHTTP/TetherHTTP.docc/StreamedResponses.md as written;
// DocumentationTests checks it, and StreamsArticleTests runs them.

import Foundation
import TetherCore
import TetherHTTP

struct FeedChange: Decodable, Sendable, Equatable {
  var change: String
  var id: Int?
}

let feedChanges = StreamEndpoint<FeedChange>(.get, "posts/changes")

/// Prints each change as it arrives, reconnecting whenever the connection stops.
func follow(_ api: APIClient) async throws {
  for try await change in api.events(feedChanges) {
    print(change.change, change.id ?? 0)
  }
}

/// The ids of the posts changed while the store follows the stream, live in its state.
func changedPosts(_ api: APIClient, in operations: OperationClient)
  -> OperationStore<QueryState<Set<Int>, HTTPError>>
{
  let query = api.streamedQuery(feedChanges, initialValue: Set<Int>()) { ids, change in
    if let id = change.id { ids.insert(id) }
  }
  return operations.store(for: query.retry(limit: 20, backoff: .constant(.seconds(1))))
}

let mockedChanges = feedChanges.mocked { request in
  let resumed = request.value(forHTTPHeaderField: "Last-Event-ID") != nil
  return .stream([
    .event(
      StreamEvent(id: resumed ? "2" : "1", data: #"{"change":"changed","id":3}"#),
      after: .seconds(1)),
    resumed ? .stall : .failure(URLError(.networkConnectionLost), after: .seconds(1)),
  ])
}
