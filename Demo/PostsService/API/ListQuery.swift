/// The query of a list route, read as dummyjson reads it: `limit` and `skip`, `select=title,tags`
/// (`id` plus those fields, in that order; unknown names are left out), and
/// `sortBy=views&order=desc` (`order` counts only with `sortBy`, in any case; an unknown field
/// sorts nothing; ties keep id order both ways).
struct ListQuery {
  var pagination: Pagination
  /// The fields `select` names, or `nil` for whole records.
  var fields: [String]?
  var sortField: String?
  var ascending: Bool

  init(_ query: [String: String]) throws(APIError) {
    ascending = true
    if let sortBy = query["sortBy"], !sortBy.allSatisfy(\.isWhitespace) {
      sortField = sortBy
      if let order = query["order"], !order.allSatisfy(\.isWhitespace) {
        switch order.lowercased() {
        case "asc": ascending = true
        case "desc": ascending = false
        default: throw .badRequest("Invalid 'order' - should be either 'asc' or 'desc'")
        }
      }
    }
    pagination = try Pagination(query)
    fields = Self.selectedFields(in: query)
  }

  /// The most distinct names `select` may name: more than any record here has fields, and few
  /// enough that selecting from every record stays cheap.
  static let maximumSelectedFields = 64

  /// The fields `select=title,reactions` names, each once, in order (at most
  /// `maximumSelectedFields`, the rest ignored), or `nil` (whole records) without it.
  static func selectedFields(in query: [String: String]) -> [String]? {
    guard let select = query["select"], !select.allSatisfy(\.isWhitespace) else { return nil }
    var seen: Set<Substring> = []
    return select.split(separator: ",", omittingEmptySubsequences: false)
      .filter { seen.insert($0).inserted }.prefix(maximumSelectedFields).map(String.init)
  }

  /// `{"<key>": [...], "total", "skip", "limit"}` of `records`, sorted, paged and selected.
  func response<Element: Record>(_ key: String, listing records: [Element]) -> HTTPResponse {
    let page = pagination.page(of: sorted(records))
    return HTTPResponse { json in
      json.envelope(key, page: page, total: records.count, skip: pagination.skip) {
        record, json in record.write(to: &json, selecting: fields)
      }
    }
  }

  /// `records` (in id order) sorted by `sortField`, stably.
  func sorted<Element: Record>(_ records: [Element]) -> [Element] {
    guard let sortField, !(sortField == "id" && ascending) else { return records }
    let keys = records.map { $0.value(of: sortField) }
    let order = records.indices.sorted { first, second in
      let comparison = JavaScript.compare(keys[first], keys[second])
      if comparison == 0 { return first < second }
      return ascending ? comparison < 0 : comparison > 0
    }
    return order.map { records[$0] }
  }
}
