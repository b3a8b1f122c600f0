import Testing
import TetherCore

// The Swift blocks of TetherCore.docc/RetriesAndFocus.md, as written there.
func makeClient(focus: ManualCondition) -> OperationClient {
  OperationClient(clock: SystemClock(), focus: focus)
}

func saveDraft(
  _ client: OperationClient
) -> OperationStore<MutationState<String, Bool, any Error>> {
  client.store(
    for: Mutation<String, Bool, any Error>(["draft", "save"]) { _, _ in true }
      .retry(limit: 5)
      .retriesWhileUnfocused())  // a draft is saved even in the background
}

@Suite struct RetriesAndFocusArticleTests {
  @Test func savesWhileUnfocused() async throws {
    let focus = ManualCondition(false)
    let client = makeClient(focus: focus)
    #expect(try await saveDraft(client).mutate(with: "draft") == true)
  }
}
