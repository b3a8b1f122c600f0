/// The query of a post list route: pagination plus `select=title,reactions` and
/// `sortBy=title&order=asc|desc`.
struct PostListQuery {
  var pagination: Pagination
  /// The fields to return besides `id`; `nil` means all.
  var fields: Set<Post.Field>?
  var sortField: Post.Field
  var ascending: Bool

  private static let sortableFields: [Post.Field] = [.id, .title, .body, .views, .userId]

  init(_ query: [String: String]) throws(APIError) {
    pagination = try Pagination(query)
    fields = try Self.selectedFields(in: query)
    let sortName = query["sortBy"] ?? "id"
    guard let sortField = Post.Field(rawValue: sortName), Self.sortableFields.contains(sortField)
    else {
      let names = Self.sortableFields.map(\.rawValue).joined(separator: ", ")
      throw .badRequest("Cannot sort by '\(sortName)'; 'sortBy' must be one of \(names)")
    }
    self.sortField = sortField
    switch query["order"] ?? "asc" {
    case "asc": ascending = true
    case "desc": ascending = false
    case let order: throw .badRequest("Invalid 'order' parameter '\(order)': expected asc or desc")
    }
  }

  /// The fields `select=title,reactions` names, or `nil` (all fields) without `select`.
  static func selectedFields(in query: [String: String]) throws(APIError) -> Set<Post.Field>? {
    guard let select = query["select"] else { return nil }
    var fields: Set<Post.Field> = []
    for name in select.split(separator: ",") {
      let trimmed = String(name.trimmingPrefix(" "))
      guard let field = Post.Field(rawValue: trimmed) else {
        throw .badRequest("Unknown field '\(trimmed)' in 'select'")
      }
      fields.insert(field)
    }
    return fields
  }

  /// A JSON envelope `{"posts", "total", "skip", "limit"}` of `posts`, sorted and paged.
  func response(listing posts: [Post]) -> HTTPResponse {
    let sorted = sortField == .id && ascending ? posts : posts.sorted(by: areInOrder)
    return HTTPResponse { json in
      json.envelope(
        "posts", page: pagination.page(of: sorted), total: posts.count, skip: pagination.skip
      ) { post, json in post.write(to: &json, fields: fields) }
    }
  }

  private func areInOrder(_ first: Post, _ second: Post) -> Bool {
    let (left, right) = ascending ? (first, second) : (second, first)
    switch sortField {
    case .title where left.title != right.title: return left.title < right.title
    case .body where left.body != right.body: return left.body < right.body
    case .views where left.views != right.views: return left.views < right.views
    case .userId where left.userId != right.userId: return left.userId < right.userId
    default: return left.id < right.id
    }
  }
}
