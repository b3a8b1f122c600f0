import Foundation
import Testing
import TetherCore
import TetherDevtools
import TetherJSON
import TetherTerminal

/// A post-like value for the explorer.
struct Article: Codable, Sendable, Hashable {
  struct Reactions: Codable, Sendable, Hashable {
    var likes: Int
    var dislikes: Int
  }

  var id: Int
  var title: String
  var body: String
  var tags: [String]
  var reactions: Reactions
}

@Suite struct ValueExplorerTests {
  static let article = Article(
    id: 248, title: "长城上的日出",
    body: String(repeating: "She had always believed that the notebook was bright. ", count: 4),
    tags: ["music", "fiction"], reactions: .init(likes: 173, dislikes: 46))

  func openValue(_ harness: DevtoolsHarness) async throws {
    let store = harness.query(["post", 248], value: Self.article)
    try await store.fetch()
    await harness.waitFor("post · 248")
    harness.press(.down, .enter, .tab)
  }

  @Test func showsTheValueInDeclarationOrderWrappingLongStrings() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 80, height: 30))
    try await openValue(harness)
    let lines = harness.screen.lines
    let order = ["id: 248", "title: \"长城上的日出\"", "body: \"She had", "tags: [2]", "reactions: {2}"]
      .map { key in lines.firstIndex { $0.contains(key) } ?? -1 }
    #expect(order == order.sorted() && !order.contains(-1), "\(order)\n\(harness.text)")
    let body = try #require(lines.firstIndex { $0.contains("body: \"She had") })
    #expect(lines[body + 1].contains("believed") || lines[body + 1].contains("notebook"), "wrapped")
    #expect(
      lines.contains { $0.contains("▸ tags: [2] \"music\", \"fiction\"") }, "a folded preview")
    #expect(lines.contains { $0.contains("▸ reactions: {2} likes: 173, dislikes: 46") })
  }

  @Test func unfoldsAndFoldsWithTheTreeKeys() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 80, height: 30))
    try await openValue(harness)
    harness.press("G")
    #expect(harness.line(containing: "reactions")?.contains("›") == true, "\(harness.text)")
    harness.press(.right)
    #expect(harness.screen.find("▾ reactions: {2}") != nil, "\(harness.text)")
    #expect(harness.screen.find("likes: 173") != nil)
    harness.press(.right)
    #expect(harness.line(containing: "likes: 173")?.contains("›") == true, "→ steps into it")
    harness.press(.left)
    #expect(harness.line(containing: "reactions")?.contains("›") == true, "← goes to the parent")
    harness.press(.left)
    #expect(harness.screen.find("▸ reactions") != nil, "← folds")
    harness.press("g")
    #expect(harness.line(containing: "value: {5}")?.contains("›") == true, "\(harness.text)")
    harness.press("*")
    #expect(harness.screen.find("▾ tags: [2]") != nil, "* unfolds everything")
    #expect(harness.screen.find("\"fiction\"") != nil)
  }

  @Test func searchesKeysAndValuesWithNextAndPrevious() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 80, height: 30))
    try await openValue(harness)
    harness.press("/")
    harness.type("i")
    // Matches in document order: id, title, body, music and fiction (inside the folded
    // tags), reactions, likes, dislikes. The first from the top is `id`.
    #expect(harness.line(containing: "id: 248")?.contains("›") == true, "\(harness.text)")
    harness.press(.enter)
    harness.press("n")
    #expect(harness.line(containing: "title:")?.contains("›") == true, "\(harness.text)")
    harness.press("n", "n", "n")
    #expect(harness.screen.find("▾ tags") != nil, "a match inside a folded node unfolds it")
    #expect(harness.line(containing: "\"fiction\"")?.contains("›") == true, "\(harness.text)")
    #expect(harness.screen.find("5 of 8") != nil, "\(harness.text)")
    harness.press("N")
    #expect(harness.line(containing: "\"music\"")?.contains("›") == true)
    let match = try #require(harness.screen.find("id: 248"))
    #expect(harness.screen.style(at: Point(x: match.x, y: match.y)).foreground == .yellow)
  }

  @Test func copiesTheSelectionAsJSONToTheClipboardAndAFile() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 100, height: 30))
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "devtools-copy-\(UUID().uuidString)")
    harness.app.inspector.exportFolder = ExportFolder(path: directory.path)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await openValue(harness)
    harness.press("G", "c")
    #expect(harness.app.clipboardTexts == ["{\n  \"likes\": 173,\n  \"dislikes\": 46\n}"])
    await harness.waitFor("Copied")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(files.count == 1 && files[0].hasPrefix("post-248-"), "\(files)")
    let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
    #expect(attributes[.posixPermissions] as? Int == 0o700)
    let file = try FileManager.default.attributesOfItem(
      atPath: directory.appendingPathComponent(files[0]).path)
    #expect(file[.posixPermissions] as? Int == 0o600)
    harness.press("C")
    let whole = try #require(harness.app.clipboardTexts.last)
    let decoded = try JSONDecoder().decode(Article.self, from: Data(whole.utf8))
    #expect(decoded == Self.article)
    #expect(whole.hasPrefix("{\n  \"id\": 248,\n  \"title\""), "keys in declaration order")
  }

  @Test func anUnobservedValueKeepsItsPlaceAcrossRefetches() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 80, height: 30))
    try await openValue(harness)
    harness.press("G", .right, .right)
    let store = try #require(harness.client.store(at: ["post", 248]) as? any InspectableStore)
    try await store.refetch()
    await harness.waitUntil("the value again") { $0.screen.find("likes: 173") != nil }
    #expect(harness.line(containing: "likes: 173")?.contains("›") == true, "\(harness.text)")
  }
}

@Suite struct ValueModelTests {
  @Test func chunksLongArraysAndFindsMatches() {
    let node = JSONValue.array((0..<250).map { .number(JSONNumber($0)) })
    let outline = ValueOutline(node)
    let chunks = outline.children(of: 0)
    #expect(chunks.map { outline.nodes[$0].key } == ["[0…99]", "[100…199]", "[200…249]"])
    #expect(outline.children(of: chunks[2]).count == 50)
    #expect(outline.value(at: 0) == node, "a chunked array reads back whole")
    let matches = outline.matches(of: "249")
    #expect(matches.count == 1 && outline.ancestors(of: matches[0]) == [0, chunks[2]])
  }

  @Test func aSubtreeReadsBackAsJSON() throws {
    let node = try JSONValue(
      parsing: #"{"id":1,"title":"a\"b","tags":["x"],"n":null,"r":0.5}"#.utf8)
    let outline = ValueOutline(node)
    #expect(outline.value(at: 0) == node)
    #expect(
      outline.value(at: 0).text() == #"{"id":1,"title":"a\"b","tags":["x"],"n":null,"r":0.5}"#)
  }
}
