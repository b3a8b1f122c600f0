import Foundation
import PostsBrowser
import Synchronization
import TetherCore
import TetherHTTP

/// Polls the first page of the feed with TetherCore — a query that reruns every `interval`
/// while subscribed, with retries — and prints each new or changed post once, and each failed
/// poll, as lines.
final class FeedWatcher: Sendable {
  let store: OperationStore<QueryState<PostsPage, HTTPError>>
  private let printer: LinePrinter
  private let subscription: OperationSubscription

  init(client: OperationClient, api: APIClient, interval: Duration, limit: Int) {
    let query = api.query(PostsAPI.posts(skip: 0, limit: limit), path: ["posts", "first-page"])
      .stale(after: interval)
      .rerunOnChange(of: .polling(every: interval))
    store = client.store(for: query)
    let printer = LinePrinter()
    self.printer = printer
    let store = store
    subscription = store.subscribe { _ in printer.report(store.state) }
  }

  deinit {
    subscription.cancel()
  }
}

/// What has been printed: each post's last version seen, the last failure said.
final class LinePrinter: Sendable {
  private struct Seen {
    var posts: [Int: Post] = [:]
    var valueUpdates = 0
    var lastFailure: String?
    var errorUpdates = 0
  }

  private let seen = Mutex(Seen())

  func report(_ state: QueryState<PostsPage, HTTPError>) {
    let lines = seen.withLock { seen -> [String] in
      var lines: [String] = []
      if state.valueUpdateCount != seen.valueUpdates, let page = state.currentValue {
        seen.valueUpdates = state.valueUpdateCount
        for post in page.posts {
          switch seen.posts[post.id] {
          case nil: lines.append("new     #\(post.id) \(post.title)")
          case let old? where old != post: lines.append("changed #\(post.id) \(post.title)")
          default: break
          }
          seen.posts[post.id] = post
        }
      }
      if state.errorUpdateCount != seen.errorUpdates, let error = state.error {
        seen.errorUpdates = state.errorUpdateCount
        lines.append("poll failed after \(state.failureCount) attempts: \(error)")
      }
      return lines
    }
    for line in lines {
      FileHandle.standardOutput.write(Data((Self.clock() + " " + line + "\n").utf8))
    }
  }

  static func clock() -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm:ss"
    return formatter.string(from: Date())
  }
}
