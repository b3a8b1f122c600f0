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
    case close, quit, ignored
  }

  /// A question asked before typed text is lost: to close the editor or to quit the app.
  struct DiscardPrompt {
    var outcome: Outcome
    var state = ConfirmState()
  }

  let mode: Mode
  /// The text as the server has it: closing asks first when the typed text differs.
  let original: PostDraft
  var title: TextFieldState
  var body: TextAreaState
  var focus = FocusRing(count: Control.allCases.count)
  /// When the running submission started; submitting again is disabled meanwhile.
  var submittedAt: Date?
  /// Why the last submission failed (or was refused before sending).
  var error: String?
  /// Whether `error` is the server's refusal, which Ctrl-S tries again.
  var canRetry = false
  /// Set while asking whether to discard typed text.
  var discardPrompt: DiscardPrompt?

  /// An editor holding `draft`; closing asks first when the text differs from `original`
  /// (the post as the server has it; by default the draft itself).
  init(mode: Mode, draft: PostDraft = PostDraft(title: "", body: ""), original: PostDraft? = nil) {
    self.mode = mode
    self.original = original ?? draft
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
      switch prompt.state.handle(key) {
      case .confirmed: return prompt.outcome
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
      case .close: return leave(.close)
      case .quit: return leave(.quit)
      }
      return .handled
    }
    if case .key(.enter) = event {
      switch focused {
      case .title: focus.focus(Control.body.rawValue)
      case .body: _ = body.handle(event)
      case .submit: return submit()
      case .cancel: return leave(.close)
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
      canRetry = false
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
    canRetry = true
  }

  /// Closes the editor or quits (`outcome`), asking first when typed text would be lost.
  private mutating func leave(_ outcome: Outcome) -> Outcome {
    guard wouldLoseText else { return outcome }
    discardPrompt = DiscardPrompt(outcome: outcome)
    return .handled
  }

  /// The footer while the editor is open: its own keys, or the question's.
  var hints: [KeyHint] {
    discardPrompt == nil ? BrowserKeys.editor.hints : ConfirmState.hints
  }

  // MARK: Drawing

  /// The dialog over `bounds`, and its rows: title label, title field, body label, body,
  /// status line, buttons.
  private func layout(in bounds: Rect) -> (dialog: Dialog, rows: [Rect]) {
    let size = Size(width: min(72, bounds.width - 4), height: min(18, bounds.height - 2))
    let heading = if case .edit(let id) = mode { "Edit post #\(id)" } else { "New post" }
    let dialog = Dialog(title: heading, size: size)
    let rows = dialog.content(in: bounds).rows([
      .fixed(1), .fixed(1), .fixed(1), .fill, .fixed(1), .fixed(1),
    ])
    return (dialog, rows)
  }

  private var buttons: ButtonRow {
    let focusedButton: Int? =
      switch focused {
      case .submit: 0
      case .cancel: 1
      default: nil
      }
    return ButtonRow(
      [mode == .create ? "Create" : "Save", "Cancel"], focused: focusedButton,
      disabled: isSubmitting ? [0] : [])
  }

  /// A click: on a field focuses it, on a button presses it, on a discard question's button
  /// answers it.
  mutating func click(at point: Point, in bounds: Rect) -> Outcome {
    if let prompt = discardPrompt {
      switch discardQuestion(prompt.outcome).button(at: point, in: bounds) {
      case 0: return prompt.outcome
      case 1: discardPrompt = nil
      default: break
      }
      return .handled
    }
    let rows = layout(in: bounds).rows
    if rows[1].contains(point) {
      focus.focus(Control.title.rawValue)
    } else if rows[3].contains(point) {
      focus.focus(Control.body.rawValue)
    } else if let button = buttons.button(at: point, in: rows[5]) {
      return button == 0 ? submit() : leave(.close)
    }
    return .handled
  }

  private func discardQuestion(_ outcome: Outcome) -> ConfirmPrompt {
    let quits = outcome == .quit
    return ConfirmPrompt(
      title: quits ? "Quit and discard your changes?" : "Discard your changes?",
      message: "What you typed will be lost.",
      confirmTitle: quits ? "Quit" : "Discard", cancelTitle: "Keep editing")
  }

  /// The error, and how to try again when Ctrl-S can, wrapped at words to `width`.
  private func wrappedError(_ error: String, width: Int) -> [String] {
    let text = canRetry ? error + " — Ctrl-S to try again" : error
    return TextLayout.wrap(text, toWidth: max(1, width))
  }

  /// Draws the dialog; the fields keep their scroll positions in the editor.
  mutating func render(in bounds: Rect, into frame: inout Frame) {
    let (dialog, rows) = layout(in: bounds)
    dialog.render(in: bounds, into: &frame)
    frame.write("Title", at: Point(x: rows[0].minX, y: rows[0].minY), style: .bold)
    TextField(placeholder: "What is it about?", isFocused: focused == .title)
      .render(in: rows[1], into: &frame, state: &title)
    frame.write("Body", at: Point(x: rows[2].minX, y: rows[2].minY), style: .bold)
    // An error too long for its row takes rows from the bottom of the body, rather than being
    // cut: the reason is what the user needs to read (the body keeps at least three rows).
    let errorLines =
      submittedAt == nil ? error.map { wrappedError($0, width: rows[4].width) } ?? [] : []
    let borrowed = min(max(0, errorLines.count - 1), max(0, rows[3].height - 3))
    TextArea(placeholder: "Say more…", isFocused: focused == .body)
      .render(in: rows[3].inset(bottom: borrowed), into: &frame, state: &body)
    if let submittedAt {
      let verb = mode == .create ? "Creating…" : "Saving…"
      Spinner(startedAt: submittedAt, label: verb).render(in: rows[4], into: &frame)
    } else if !errorLines.isEmpty {
      let area = Rect(
        x: rows[4].minX, y: rows[4].minY - borrowed, width: rows[4].width, height: borrowed + 1)
      for (index, line) in errorLines.suffix(borrowed + 1).enumerated() {
        frame.write(
          line, at: Point(x: area.minX, y: area.minY + index), style: Theme.error, clip: area)
      }
    } else {
      frame.write(
        "Tab next field · Ctrl-S submit · Esc close", at: Point(x: rows[4].minX, y: rows[4].minY),
        style: .dim, clip: rows[4])
    }
    buttons.render(in: rows[5], into: &frame)
    if var discardPrompt {
      discardQuestion(discardPrompt.outcome).render(
        in: bounds, into: &frame, state: &discardPrompt.state)
      self.discardPrompt = discardPrompt
    }
  }
}
