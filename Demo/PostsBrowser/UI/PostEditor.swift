import Foundation
import TetherTerminal

/// The dialog that writes a new post or edits one: a title field, a multi-line body, and
/// Submit / Cancel buttons. What is typed is kept through failures until it is submitted or
/// discarded.
struct PostEditor {
  enum Mode: Hashable, Sendable {
    case create
    case edit(Int)
  }

  /// The controls, in Tab order.
  enum Control: Int, CaseIterable {
    case title, body, submit, cancel
  }

  /// What the app should do after a key.
  enum Outcome: Equatable {
    case handled
    case submit(PostDraft)
    case close, ignored
  }

  let mode: Mode
  private let original: PostDraft
  var title: TextFieldState
  var body: TextAreaState
  var focus = FocusRing(count: Control.allCases.count)
  /// When the running submission started; submitting again is disabled meanwhile.
  var submittedAt: Date?
  /// Why the last submission failed.
  var error: String?
  /// Set while asking whether to discard typed text.
  var discardPrompt: ConfirmState?

  init(mode: Mode, draft: PostDraft = PostDraft(title: "", body: "")) {
    self.mode = mode
    self.original = draft
    self.title = TextFieldState(text: draft.title)
    self.body = TextAreaState(text: draft.body)
  }

  var draft: PostDraft { PostDraft(title: title.text, body: body.text) }

  /// Whether closing would lose typed text.
  var wouldLoseText: Bool {
    draft != original && !(title.text.isEmpty && body.text.isEmpty)
  }

  var isSubmitting: Bool { submittedAt != nil }

  private var focused: Control { Control(rawValue: focus.index) ?? .title }

  mutating func handle(_ event: Event) -> Outcome {
    if var prompt = discardPrompt {
      guard case .key(let key) = event else { return .ignored }
      switch prompt.handle(key) {
      case .confirmed: return .close
      case .cancelled: discardPrompt = nil
      case nil: discardPrompt = prompt
      }
      return .handled
    }
    if case .key(let key) = event, let action = BrowserKeys.editor.action(for: key) {
      switch action {
      case .nextControl: _ = focus.handle(.tab)
      case .previousControl: _ = focus.handle(.shiftTab)
      case .submit: return submit()
      case .close: return close()
      }
      return .handled
    }
    if case .key(.enter) = event {
      switch focused {
      case .title: focus.focus(Control.body.rawValue)
      case .body: _ = body.handle(event)
      case .submit: return submit()
      case .cancel: return close()
      }
      return .handled
    }
    switch focused {
    case .title: return title.handle(event) ? .handled : .ignored
    case .body: return body.handle(event) ? .handled : .ignored
    case .submit, .cancel:
      // Typing on a button goes to the field the user most likely meant.
      guard case .paste = event else { return .ignored }
      focus.focus(Control.body.rawValue)
      return body.handle(event) ? .handled : .ignored
    }
  }

  /// Asks the app to submit, unless a submission runs or the title is empty; the app records
  /// when it started with ``submitted(at:)``.
  private mutating func submit() -> Outcome {
    guard !isSubmitting else { return .handled }
    guard !title.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      error = "A post needs a title."
      focus.focus(Control.title.rawValue)
      return .handled
    }
    error = nil
    return .submit(draft)
  }

  mutating func submitted(at date: Date) {
    submittedAt = date
  }

  /// The submission failed: show why, keep every typed character.
  mutating func failed(_ reason: String) {
    submittedAt = nil
    error = reason
  }

  private mutating func close() -> Outcome {
    guard wouldLoseText else { return .close }
    discardPrompt = ConfirmState()
    return .handled
  }

  // MARK: Drawing

  func render(in bounds: Rect, into frame: inout Frame) {
    let size = Size(width: min(72, bounds.width - 4), height: min(18, bounds.height - 2))
    let heading = if case .edit(let id) = mode { "Edit post #\(id)" } else { "New post" }
    let dialog = Dialog(title: heading, size: size)
    dialog.render(in: bounds, into: &frame)
    let inner = dialog.content(in: bounds)
    let rows = inner.rows([.fixed(1), .fixed(1), .fixed(1), .fill, .fixed(1), .fixed(1)])
    // Drawing does not change the editor: its fields' scroll positions last one frame.
    var titleState = title
    var bodyState = body
    frame.write("Title", at: Point(x: rows[0].minX, y: rows[0].minY), style: .bold)
    TextField(placeholder: "What is it about?", isFocused: focused == .title)
      .render(in: rows[1], into: &frame, state: &titleState)
    frame.write("Body", at: Point(x: rows[2].minX, y: rows[2].minY), style: .bold)
    TextArea(placeholder: "Say more…", isFocused: focused == .body)
      .render(in: rows[3], into: &frame, state: &bodyState)
    if let submittedAt {
      let verb = mode == .create ? "Creating…" : "Saving…"
      Spinner(startedAt: submittedAt, label: verb).render(in: rows[4], into: &frame)
    } else if let error {
      frame.write(
        error, at: Point(x: rows[4].minX, y: rows[4].minY), style: Theme.error, clip: rows[4])
    } else {
      frame.write(
        "Tab next field · Ctrl-S submit · Esc close", at: Point(x: rows[4].minX, y: rows[4].minY),
        style: .dim, clip: rows[4])
    }
    let submitTitle = mode == .create ? "Create" : "Save"
    let focusedButton: Int? =
      switch focused {
      case .submit: 0
      case .cancel: 1
      default: nil
      }
    ButtonRow(
      [submitTitle, "Cancel"], focused: focusedButton, disabled: isSubmitting ? [0] : []
    ).render(in: rows[5], into: &frame)
    if var discardPrompt {
      ConfirmPrompt(
        title: "Discard the post?", message: "What you typed will be lost.",
        confirmTitle: "Discard", cancelTitle: "Keep editing"
      ).render(in: bounds, into: &frame, state: &discardPrompt)
    }
  }
}
