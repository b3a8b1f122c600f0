import Foundation
import Synchronization
import Testing

@testable import TetherTerminal

/// An app whose async work reports through an inbox.
private final class WorkApp: TerminalApp {
  enum Message: Sendable, Equatable {
    case done(Int)
    case failed(String)
  }

  let messages = Inbox<Message>()
  var received: [Message] = []
  var renders = 0
  var minimumSize = Size(width: 1, height: 1)

  var inboxes: [any MessageSource] { [messages] }

  func render(into frame: inout Frame) {
    renders += 1
    frame.write("received \(received.count)", at: Point(x: 0, y: 0))
  }

  func handle(_ event: Event, context: EventContext) -> EventResult {
    guard let message = event.message(as: Message.self) else { return .ignored }
    received.append(message)
    return message == .failed("quit") ? .quit : .handled
  }
}

@Suite struct InboxTests {
  private let screen = VirtualScreen(size: Size(width: 20, height: 2))
  private let input = ScriptedInput()
  private let clock = TestClock(now: testEpoch)

  @Test func messagesFromManyTasksArriveInOrderPerTaskAsOneFrame() async throws {
    let app = WorkApp()
    let loop = try EventLoop(app: app, screen: screen, input: input, clock: clock)
    loop.runUntilIdle()
    let inbox = app.messages
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<4 {
        group.addTask {
          for step in 0..<25 { inbox.post(.done(task * 100 + step)) }
        }
      }
    }
    loop.runUntilIdle()
    #expect(app.received.count == 100)
    for task in 0..<4 {
      let mine = app.received.compactMap { message -> Int? in
        guard case .done(let value) = message, value / 100 == task else { return nil }
        return value
      }
      #expect(mine == Array((task * 100)..<(task * 100 + 25)))
    }
    #expect(loop.framesRendered == 2)
    #expect(screen.lines[0] == "received 100")
  }

  @Test func aPostWakesTheLoopAndTheMessageIsHandledBeforeDrawing() async throws {
    let app = WorkApp()
    let loop = try EventLoop(app: app, screen: screen, input: input, clock: clock)
    loop.runUntilIdle()
    let inbox = app.messages
    // From a thread of its own: a pool task could wait behind other tests' blocking work.
    Thread { inbox.post(.done(1)) }.start()
    #expect(await loop.waitForWork(orGiveUpAfter: .seconds(60)))
    loop.runUntilIdle()
    #expect(app.received == [.done(1)])
    #expect(screen.lines[0] == "received 1")
    // Nothing pending: the loop has no work, and says so when the limit passes.
    #expect(!(await loop.waitForWork(orGiveUpAfter: .milliseconds(1))))
  }

  @Test func messagesPostedBeforeTheLoopExistedWaitForIt() throws {
    let app = WorkApp()
    app.messages.post(.done(7))
    let loop = try EventLoop(app: app, screen: screen, input: input, clock: clock)
    loop.runUntilIdle()
    #expect(app.received == [.done(7)])
    #expect(app.messages.count == 0)
  }

  @Test func aMessageCanEndTheLoop() throws {
    let app = WorkApp()
    let loop = try EventLoop(app: app, screen: screen, input: input, clock: clock)
    app.messages.post(.failed("quit"))
    app.messages.post(.done(2))
    loop.runUntilIdle()
    #expect(loop.isFinished)
    #expect(app.received == [.failed("quit")])
  }

  @Test func messagesAreDeliveredWhileTheTerminalIsTooSmall() throws {
    let app = WorkApp()
    app.minimumSize = Size(width: 80, height: 24)
    let loop = try EventLoop(app: app, screen: screen, input: input, clock: clock)
    app.messages.post(.done(3))
    loop.runUntilIdle()
    #expect(app.received == [.done(3)])
    #expect(app.renders == 0)
  }

  @Test func observersHearEveryPost() {
    let inbox = Inbox<Int>()
    let heard = Counter()
    inbox.onPost { heard.increment() }
    inbox.post(1)
    inbox.post(2)
    #expect(heard.value == 2)
    #expect(inbox.take() == [1, 2])
    #expect(inbox.take().isEmpty)
    // An observer added while messages wait hears about them at once.
    inbox.post(3)
    let late = Counter()
    inbox.onPost { late.increment() }
    #expect(late.value == 1)
  }

  @Test func postedMessagesAreOccurrences() {
    let first = Event.message(PostedMessage(1, sequence: 1))
    let second = Event.message(PostedMessage(1, sequence: 2))
    #expect(first == first)
    #expect(first != second)
    #expect(first.message(as: Int.self) == 1)
    #expect(first.message(as: String.self) == nil)
    #expect(Event.key("x").message(as: Int.self) == nil)
  }
}

/// A thread-safe count, for observers.
private final class Counter: Sendable {
  private let count = Atomic(0)
  var value: Int { count.load(ordering: .sequentiallyConsistent) }
  func increment() { count.add(1, ordering: .sequentiallyConsistent) }
}
