import TetherCore
import TetherTerminal

/// A question the devtools ask before acting: a confirmation (remove a store in use, re-send
/// a mutation), a choice (which failure to show), or a number (how many requests to fail).
struct DevtoolsPrompt {
  /// What happens once the question is answered.
  enum Action {
    case remove(StoreKey)
    case reset(StoreKey)
    case retryLatest(OperationPath)
    case failNext(OperationPath)
    case simulateFailure(StoreKey, choices: [Int])
    case clearCache
  }

  enum Question {
    case confirm(ConfirmState)
    case choose([String], ListState)
    case count(Int)
  }

  enum Answer {
    case confirmed, cancelled
    case chose(Int)
    case counted(Int)
  }

  var title: String
  var message: String
  var confirmTitle: String
  var question: Question
  var action: Action

  /// Handles a key; returns the answer once given.
  mutating func handle(_ key: Key) -> Answer? {
    switch question {
    case .confirm(var state):
      let outcome = state.handle(key)
      question = .confirm(state)
      switch outcome {
      case .confirmed: return .confirmed
      case .cancelled: return .cancelled
      case nil: return nil
      }
    case .choose(let options, var list):
      switch key {
      case .escape, "q": return .cancelled
      case .enter: return .chose(list.selection)
      default:
        if let digit = key.character?.wholeNumberValue, (1...options.count).contains(digit) {
          return .chose(digit - 1)
        }
        _ = list.handle(key, count: options.count)
        question = .choose(options, list)
        return nil
      }
    case .count(let value):
      switch key {
      case .escape: return .cancelled
      case .enter: return .counted(value)
      case .right, .up, "+", "l", "k": question = .count(min(999, value + 1))
      case .left, .down, "-", "h", "j": question = .count(max(0, value - 1))
      case .backspace: question = .count(value / 10)
      default:
        if let digit = key.character?.wholeNumberValue {
          question = .count(min(999, value * 10 + digit))
        }
      }
      return nil
    }
  }

  /// The prompt's keys, for the footer.
  var hints: [KeyHint] {
    switch question {
    case .confirm: ConfirmState.hints
    case .choose:
      [
        KeyHint(keys: "↑/↓", label: "choose", importance: .high),
        KeyHint(keys: "Enter", label: "show it", importance: .essential),
        KeyHint(keys: "Esc", label: "cancel", importance: .essential),
      ]
    case .count:
      [
        KeyHint(keys: "←/→ 0-9", label: "how many", importance: .high),
        KeyHint(keys: "Enter", label: confirmTitle, importance: .essential),
        KeyHint(keys: "Esc", label: "cancel", importance: .essential),
      ]
    }
  }

  func render(in rect: Rect, into frame: inout Frame) {
    switch question {
    case .confirm(var state):
      ConfirmPrompt(
        title: title, message: message, confirmTitle: confirmTitle, cancelTitle: "Cancel"
      ).render(in: rect, into: &frame, state: &state)
    case .choose(let options, var list):
      let width = min(rect.width, max(40, (options.map(DisplayWidth.of).max() ?? 0) + 10))
      let messageLines = TextLayout.wrap(message, toWidth: width - 4)
      let dialog = Dialog(
        title: title, size: Size(width: width, height: options.count + messageLines.count + 4))
      dialog.render(in: rect, into: &frame)
      let content = dialog.content(in: rect)
      let parts = content.rows([.fixed(messageLines.count), .fixed(1), .fill])
      Paragraph(message).render(in: parts[0], into: &frame)
      ListView(count: options.count) { ListItem("\($0 + 1)  " + options[$0]) }
        .render(in: parts[2], into: &frame, state: &list)
    case .count(let value):
      let width = min(rect.width, max(44, DisplayWidth.of(message) + 6))
      let lines = TextLayout.wrap(message, toWidth: width - 4)
      let dialog = Dialog(title: title, size: Size(width: width, height: lines.count + 6))
      dialog.render(in: rect, into: &frame)
      let content = dialog.content(in: rect)
      let parts = content.rows([.fixed(lines.count), .fixed(1), .fixed(1), .fill, .fixed(1)])
      Paragraph(message).render(in: parts[0], into: &frame)
      let text = "‹ \(value) request\(value == 1 ? "" : "s") ›"
      frame.write(
        text, at: Point(x: parts[2].minX + 2, y: parts[2].minY), style: .reverse.adding(.bold),
        clip: parts[2])
      ButtonRow([confirmTitle, "Cancel"], focused: 0).render(in: parts[4], into: &frame)
    }
  }
}
