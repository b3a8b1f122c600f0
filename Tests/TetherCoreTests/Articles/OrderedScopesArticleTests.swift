import Testing
import TetherCore

// The Swift blocks of TetherCore.docc/OrderedScopes.md, as written there.
func edits(of id: Int) -> some MutationRequest<String, String, any Error> {
  Mutation<String, String, any Error>(["post", id, "title"]) { title, _ in
    title  // send it
  }
  .scope("post-\(id)")
}

@Suite struct OrderedScopesArticleTests {
  @Test func orderedScopes() async throws {
    let client = OperationClient.testing()
    #expect(try await client.store(for: edits(of: 1)).mutate(with: "new") == "new")
  }
}
