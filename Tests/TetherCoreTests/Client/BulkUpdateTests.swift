import Testing

@testable import TetherCore

@Suite struct BulkUpdateTests {
  struct Note: Sendable, Equatable {
    var id: Int
    var title: String
  }

  let client = OperationClient.testing()

  @Test func updateValuesChangesEveryValueOfTheTypeUnderThePrefixAndSaysWhat() async throws {
    let first = client.store(
      for: Query<Note, any Error>(["note", 1]) { _ in Note(id: 1, title: "a") })
    let second = client.store(
      for: Query<Note, any Error>(["note", 2]) { _ in Note(id: 2, title: "B") })
    let unloaded = client.store(
      for: Query<Note, any Error>(["note", 3]) { _ in Note(id: 3, title: "c") })
    let count = client.store(for: Query<Int, any Error>(["note", "count"]) { _ in 3 })
    let pages = client.store(
      for: PaginatedQuery<Int, Note, any Error>(["note", "feed"], initialPageID: 1) { last, _ in
        last.id < 2 ? last.id + 1 : nil
      } fetchPage: { id, _ in
        Note(id: id, title: "page \(id)")
      })
    let other = client.store(
      for: Query<Note, any Error>(["other"]) { _ in Note(id: 9, title: "x") })
    try await first.fetch()
    try await second.fetch()
    try await count.fetch()
    try await pages.fetchNextPage()
    try await pages.fetchNextPage()
    try await other.fetch()

    let changes = client.updateValues(matching: ["note"], of: Note.self) { note in
      note.title = note.title.uppercased()
    }
    // "B" was already upper case: not a change.
    #expect(
      Set(changes.map { "\($0.path) \($0.pageID.map { "\($0)" } ?? "-") \($0.current.title)" }) == [
        #"["note", 1] - A"#, #"["note", "feed"] 1 PAGE 1"#, #"["note", "feed"] 2 PAGE 2"#,
      ])
    #expect(first.state.currentValue?.title == "A")
    #expect(first.runLog.last?.event.description == "value set")
    #expect(second.state.valueUpdateCount == 1)
    #expect(!unloaded.state.hasValue && count.state.currentValue == 3)
    #expect(pages.state.pages.map(\.value.title) == ["PAGE 1", "PAGE 2"])
    #expect(other.state.currentValue?.title == "x")
    #expect(changes.first { $0.path == ["note", 1] }?.previous.title == "a")
  }
}
