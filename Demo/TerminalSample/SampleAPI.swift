import Foundation
import TetherHTTP

/// One row of the list, as the endpoint answers it (the shape of dummyjson's posts).
struct Item: Codable, Sendable, Hashable {
  var id: Int
  var title: String
  var body: String
}

/// The list as the endpoint answers it.
struct ItemsPage: Codable, Sendable {
  var posts: [Item]
  var total: Int
}

/// The endpoints the sample reads. Each carries the answer a mocked client gives, so the
/// sample runs with no server; `--url https://dummyjson.com` sends them to a real one.
enum SampleAPI {
  static let count = 1000

  /// Every item, in one page.
  static let items = Endpoint<ItemsPage>(
    .get, "posts", query: [URLQueryItem(name: "limit", value: "\(count)")]
  ).mocked { _ in
    try .json(ItemsPage(posts: (1...count).map(item), total: count), delay: .milliseconds(400))
  }

  /// One item, with its whole body.
  static func item(_ id: Int) -> Endpoint<Item> {
    Endpoint<Item>(.get, "posts/\(id)").mocked { _ in
      try .json(item(id), delay: .milliseconds(300))
    }
  }

  /// The mocked item `id`.
  private static func item(_ id: Int) -> Item {
    Item(
      id: id, title: "Item \(id)",
      body: "The body of item \(id), fetched on its own when the item is selected.")
  }
}
