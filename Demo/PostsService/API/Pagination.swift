import TetherJSON

/// `limit` and `skip` of a list request: `limit` defaults to 30 and `0` means all; `skip`
/// defaults to 0 and may go past the end (an empty page). Both must be whole non-negative
/// numbers (dummyjson also takes `1.5` or an empty value and reads them its own way).
struct Pagination {
  static let defaultLimit = 30

  /// `nil` means no limit.
  var limit: Int?
  var skip: Int

  init(_ query: [String: String]) throws(APIError) {
    let limit = try Self.count(named: "limit", in: query) ?? Self.defaultLimit
    self.limit = limit == 0 ? nil : limit
    skip = try Self.count(named: "skip", in: query) ?? 0
  }

  func page<Element>(of items: [Element]) -> ArraySlice<Element> {
    let start = min(skip, items.count)
    let end = limit.map { min(items.count, start + min($0, items.count)) } ?? items.count
    return items[start..<end]
  }

  private static func count(named name: String, in query: [String: String]) throws(APIError) -> Int?
  {
    guard let text = query[name] else { return nil }
    guard let value = Int(text), value >= 0, text.utf8.allSatisfy({ (0x30...0x39).contains($0) })
    else {
      throw .badRequest("Invalid '\(name)' parameter '\(text)': expected a non-negative integer")
    }
    return value
  }
}

extension JSONWriter {
  /// The list envelope shared by all list routes: `{"<key>": [...], "total", "skip", "limit"}`,
  /// where `limit` is the number of items returned, as on dummyjson.
  mutating func envelope<Element>(
    _ key: String, page: ArraySlice<Element>, total: Int, skip: Int,
    item write: (Element, inout JSONWriter) -> Void
  ) {
    object { json in
      json.key(key)
      json.array { json in
        for element in page { write(element, &json) }
      }
      json.field("total", total)
      json.field("skip", skip)
      json.field("limit", page.count)
    }
  }
}
