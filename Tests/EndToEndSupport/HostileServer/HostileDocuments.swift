import Foundation

/// The JSON a ``HostileServer`` sends, well-formed and hostile, in dummyjson's shapes.
public enum HostileDocuments {
  /// What a path asks for.
  enum Shape {
    case page(skip: Int, limit: Int, descending: Bool)
    case post(Int)
    case user(Int)
    case other
  }

  /// How many posts the well-behaved service has.
  public static let postCount = 30

  static func shape(of request: HostileRequest, path: String) -> Shape {
    let parts = path.split(separator: "/")
    if parts == ["posts"] {
      return .page(
        skip: request.query("skip").flatMap(Int.init) ?? 0,
        limit: request.query("limit").flatMap(Int.init) ?? 10,
        descending: request.query("order") == "desc")
    }
    if parts.count == 2, let id = Int(parts[1]) {
      if parts[0] == "posts" { return .post(id) }
      if parts[0] == "users" { return .user(id) }
    }
    return .other
  }

  /// Post `id` of the well-behaved service, as JSON.
  public static func post(_ id: Int, title: String? = nil, tags: String? = nil) -> String {
    let title = title ?? "\"Post number \(id)\""
    let tags = tags ?? #"["history","fiction"]"#
    return
      #"{"id":\#(id),"title":\#(title),"body":"The body of post \#(id).","tags":\#(tags),"#
      + #""reactions":{"likes":\#(id * 3),"dislikes":\#(id % 4)},"views":\#(id * 10),"#
      + #""userId":\#((id % 5) + 1)}"#
  }

  /// A page of posts wrapped around `posts` (already JSON).
  static func page(_ posts: [String], total: Int, skip: Int, limit: Int) -> String {
    #"{"posts":[\#(posts.joined(separator: ","))],"total":\#(total),"skip":\#(skip),"limit":\#(limit)}"#
  }

  /// User `id`, as JSON.
  public static func user(_ id: Int, firstName: String? = nil) -> String {
    let firstName = firstName ?? "\"Ada\(id)\""
    return #"{"id":\#(id),"firstName":\#(firstName),"lastName":"Lovelace","username":"ada\#(id)"}"#
  }

  /// The well-behaved answer for `shape`: status and body.
  static func wellBehaved(_ shape: Shape) -> (Int, String) {
    switch shape {
    case .page(let skip, let limit, let descending):
      let ids = Array(1...postCount)
      let ordered = descending ? ids.reversed() : ids
      let slice = ordered.dropFirst(max(0, skip)).prefix(max(0, limit))
      return (200, page(slice.map { post($0) }, total: postCount, skip: skip, limit: limit))
    case .post(let id) where (1...postCount).contains(id):
      return (200, post(id))
    case .post(let id):
      return (404, #"{"message":"Post with id '\#(id)' not found"}"#)
    case .user(let id):
      return (200, user(id))
    case .other:
      return (404, #"{"message":"not found"}"#)
    }
  }

  /// The body `mode` answers `shape` with, for the JSON faults.
  static func hostile(_ mode: HostileMode, _ shape: Shape) -> [UInt8] {
    switch mode {
    case .tooDeep:
      return Array(repeating: UInt8(ascii: "["), count: 513)
    case .nested:
      return nested512
    case .truncated:
      let whole = Array(wellBehaved(shape).1.utf8)
      return Array(whole.prefix(whole.count / 2))
    case .wrongShape:
      switch shape {
      case .page: return Array(#"{"posts":"none","total":"many","skip":0,"limit":10}"#.utf8)
      case .post: return Array(#"{"id":"one","title":7,"tags":"x"}"#.utf8)
      case .user, .other: return Array(#"{"id":[],"firstName":{}}"#.utf8)
      }
    case .hugeTitle:
      let title = "\"" + String(repeating: "A very long title. ", count: 10_000_000 / 19) + "\""
      return Array(document(shape, title: title).utf8)
    case .hugeArray:
      switch shape {
      case .page:
        let posts = (1...100_000).map { #"{"id":\#($0),"title":"p\#($0)","userId":1}"# }
        return Array(page(posts, total: 100_000, skip: 0, limit: 100_000).utf8)
      default:
        let tags = "[" + Array(repeating: "\"t\"", count: 100_000).joined(separator: ",") + "]"
        return Array(post(1, tags: tags).utf8)
      }
    case .controlCharacters:
      let title =
        #""NUL\u0000 clear\u001b[2J title\u001b]0;owned\u0007 C1\u009b31m bidi\u202eevil\u202c""#
      return Array(document(shape, title: title).utf8)
    case .invalidUTF8:
      let parts = Array(document(shape, title: "\"TITLE\"").utf8)
      let marker = Array("TITLE".utf8)
      let poison: [UInt8] =
        Array("bad ".utf8) + [0xFF, 0xFE, 0x20, 0x80, 0x20, 0x00] + Array(" nul".utf8)
      return parts.replacing(marker, with: poison)
    case .wellBehaved, .resetMidBody, .neverAnswer, .slowDrip, .overCap, .basicChallenge:
      return Array(wellBehaved(shape).1.utf8)
    }
  }

  /// `shape`'s document with `title` (JSON) as the post's title or the user's first name.
  private static func document(_ shape: Shape, title: String) -> String {
    switch shape {
    case .page(let skip, _, _): page([post(1, title: title)], total: 1, skip: skip, limit: 1)
    case .post(let id): post(id, title: title)
    case .user(let id): user(id, firstName: title)
    case .other: post(1, title: title)
    }
  }

  /// 512 nested arrays in exactly 1,024 bytes.
  public static let nested512: [UInt8] =
    Array(repeating: UInt8(ascii: "["), count: 512)
    + Array(repeating: UInt8(ascii: "]"), count: 512)

  /// The document behind `/encoded/…` and `/chunked`: 100 small items, 3,491 bytes.
  public static let compressible: Data = Data(
    ("{\"items\":["
      + (0..<100).map { #"{"id":\#($0),"title":"Post number \#($0)"}"# }.joined(separator: ",")
      + "]}").utf8)

  /// ``compressible`` in each content coding, made with zlib and libbrotli.
  static let encoded: [String: [UInt8]] = [
    "gzip": decode(
      "H4sIAAAAAAACA3XXPWocQRBA4auIiRWoq39rT6HcODHeYMGyQFpFQneXwTBvgnn5iz6aqurP7Xa/vrxvlx+f2+33dnl63O63+5/rdtmeX9/vD38/Xn5d3x6etq/H/0E5D8oexHkQe1DPg7oH7Txoe9DPg74H4zwYezDPg7kH6zxYe5DnQQIllOVgaZhoFuEseBYBLYgWIS2YFkEtqBZhLbgWgS3IFqEt2BbBLeiG6Aa6IbpxeKv2WNEN0Q10Q3QD3RDdQDdEN9AN0Q10Q3QD3RDdQLeKbkW3im5Ft4puPcwCGwboVtGt6FbRrehW0a3oVtGt6FbRrehW0a3oNtFt6DbRbeg20W3oNtFth1lrwxbdJroN3Sa6Dd0mug3dJroN3Sa6Dd0uuh3dLrod3S66Hd0uuh3dLrr9sMtsmaHbRbej20W3o9tFt6PbRbejO0R3oDtEd6A7RHegO0R3oDtEd6A7RHccbgU7FtAdojvQHaI70B2iO9CdojvRnaI70Z2iO9GdojvRnaI70Z2iO9GdojsPt5gdY+hO0Z3oTtGd6C7RXegu0V3oLtFd6C7RXegu0V3oLtFd6C7RXegu0V2HW9eOXXSX6C50U3QT3RTdRDdFN9FN0U10U3QT3RTdRDdFN9FN0U10U3Tz8Jewz8Q/3Z9f34YtVN6jDQAA"
    ),
    "deflate": decode(
      "eNp11z1qHEEQQOGriIkVqKt/a0+h3Dgx3mDBskBaRUJ3l8Ewb4J5+Ys+mqrqz+12v768b5cfn9vt93Z5etzut/uf63bZnl/f7w9/P15+Xd8enravx/9BOQ/KHsR5EHtQz4O6B+08aHvQz4O+B+M8GHswz4O5B+s8WHuQ50ECJZTlYGmYaBbhLHgWAS2IFiEtmBZBLagWYS24FoEtyBahLdgWwS3ohugGuiG6cXir9ljRDdENdEN0A90Q3UA3RDfQDdENdEN0A90Q3UC3im5Ft4puRbeKbj3MAhsG6FbRrehW0a3oVtGt6FbRrehW0a3oVtGt6DbRbeg20W3oNtFt6DbRbYdZa8MW3Sa6Dd0mug3dJroN3Sa6Dd0mug3dLrod3S66Hd0uuh3dLrod3S66/bDLbJmh20W3o9tFt6PbRbej20W3oztEd6A7RHegO0R3oDtEd6A7RHegO0R3HG4FOxbQHaI70B2iO9AdojvQnaI70Z2iO9GdojvRnaI70Z2iO9GdojvRnaI7D7eYHWPoTtGd6E7Rnegu0V3oLtFd6C7RXegu0V3oLtFd6C7RXegu0V3oLtFdh1vXjl10l+gudFN0E90U3UQ3RTfRTdFNdFN0E90U3UQ3RTfRTdFNdFN08/CXsM/EP92fX9+vozOh"
    ),
    "br": decode(
      "G6IN0CwKbBuZfSc54WB5ayzMJ0sdqD2TTsmfC7mVQdzs62JJkTe6Ipvj/+EPZpg91QsHPnymojycjWQw2ICjJOJxHOn3lg+/v1Cf8vh59Sf41lMABuAImsAzZIFew2xgt3C7f6D4g0IQCENRJI4liXRaJiObldtdsA6WIBCGokgcSxLptExGNiu3u1AdKkEgDEWROJYk0mmZjGxWbnfhOlyCQBiKInEsSaTTMhnZrNzuInWkBIEwFEXiWJJIp2Uyslm53UXX0SUIhKEoEseSRDotk5HNyu0upo4pQSAMRZE4liTSaZmMbFZud7F1bAkCYSiKxLEkkU7LZGSzcruLq+NKEAhDUSSOJYl0WiYjm5V73ms="
    ),
  ]

  private static func decode(_ base64: String) -> [UInt8] {
    Array(Data(base64Encoded: base64)!)
  }
}
