import Foundation
import TetherTerminal

/// The devtools' dialogs as layers: each changes in place on the events it takes, or closes
/// (and does what it was opened for).
extension DevtoolsState {
  /// Opens `prompt` over the pages (and over any dialog open).
  mutating func ask(_ prompt: DevtoolsPrompt) {
    dialogs.push(.prompt(prompt))
  }

  /// Gives `event` to the dialog at `index` of ``dialogs``.
  mutating func handle(_ event: Event, inDialogAt index: Int, devtools: Devtools, now: Date) {
    switch dialogs[index] {
    case .faults(var faults):
      guard let target = devtools.faults,
        faults.handle(event, target: target, stores: devtools.storeFaults) != .close
      else {
        dialogs.remove(at: index)
        return
      }
      dialogs[index] = .faults(faults)
    case .prompt(var prompt):
      guard case .key(let key) = event else { return }
      guard let answer = prompt.handle(key) else {
        dialogs[index] = .prompt(prompt)
        return
      }
      dialogs.remove(at: index)
      perform(prompt, answer: answer, devtools: devtools, now: now)
    case .palette(var palette):
      switch palette.handle(event) {
      case .none:
        dialogs[index] = .palette(palette)
      case .cancelled:
        dialogs.remove(at: index)
      case .run(let entry):
        // Closed first: what it runs may open a question of its own.
        dialogs.remove(at: index)
        run(entry.command, devtools: devtools, now: now)
      }
    case .valueEditor(var editor):
      if case .key(let key) = event, key == .ctrl("s") || (key == .enter && editor.field != nil) {
        if apply(editor, devtools: devtools, now: now) {
          dialogs.remove(at: index)
        } else {
          editor.error = lastEditError
          dialogs[index] = .valueEditor(editor)
        }
        return
      }
      if editor.field != nil {
        _ = editor.field!.handle(event)
      } else {
        _ = editor.area!.handle(event)
      }
      editor.error = nil
      dialogs[index] = .valueEditor(editor)
    }
  }
}
