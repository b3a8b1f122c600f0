import Testing
import TetherCore
import TetherDevtools
import TetherTerminal

@Suite struct EmbeddingExampleTests {
  @Test func theGuidesAppShowsThePanelFullScreenAndGoesBack() throws {
    let clock = TestClock()
    let client = OperationClient(clock: clock, connectivity: ManualCondition(true))
    let store = client.store(for: Query<Int, any Error>(["post", 12]) { _ in 12 })
    let subscription = store.subscribe { _ in }
    defer { subscription.cancel() }
    let app = InspectedApp(client: client)
    let screen = VirtualScreen(size: Size(width: 100, height: 20))
    let input = ScriptedInput()
    let loop = try EventLoop(app: app, screen: screen, input: input, clock: clock)
    loop.runUntilIdle()
    #expect(screen.find("Stores ·") == nil)
    input.send("s")
    loop.runUntilIdle()
    #expect(screen.find("Stores · 1 · S full screen") != nil, "\(screen.text)")
    #expect(screen.find("Your screens here") != nil)
    input.send("S")
    loop.runUntilIdle()
    #expect(screen.find("Your screens here") == nil)
    input.send(.escape)
    input.send(.escape)
    loop.runUntilIdle()
    #expect(screen.find("Stores ·") == nil)
    #expect(screen.find("Your screens here") != nil)
  }
}
