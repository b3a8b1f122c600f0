import Foundation
import TetherCore
import TetherJSON
import TetherTerminal

extension DevtoolsState {
  /// `e` in the value explorer: edits the selected part of the value — a boolean is flipped
  /// at once, another scalar opens a field, an object or array its JSON.
  mutating func editSelectedValue(devtools: Devtools, now: Date) {
    guard let detail, !detail.isMutation, let outline = detail.outline, outline.count > 0 else {
      toast.show("Only a query's value can be edited", kind: .error, now: now)
      return
    }
    let key = StoreKey(path: detail.path, isMutation: false)
    guard let record = catalog.record(at: key.path), record.snapshot.hasValue else {
      toast.show("No value to edit yet", kind: .error, now: now)
      return
    }
    let node = min(detail.explorer.selectedNode, outline.count - 1)
    var editor = ValueEditorState(key: key, outline: outline, node: node)
    if outline.nodes[node].kind == .bool {
      editor.field = TextFieldState(text: outline.nodes[node].text == "true" ? "false" : "true")
      apply(editor, devtools: devtools, now: now)
      return
    }
    dialogs.push(.valueEditor(editor))
  }

  /// Sets the edited value on the store; false (with ``lastEditError``) when it is not JSON
  /// or does not decode as the store's type.
  @discardableResult
  mutating func apply(_ editor: ValueEditorState, devtools: Devtools, now: Date) -> Bool {
    guard let record = catalog.record(at: editor.key.path) else {
      lastEditError = "\(editor.key.path.label) is no longer in the client"
      return false
    }
    switch editor.edited() {
    case .failure(let error):
      lastEditError = error.message
      return false
    case .success(let value):
      do {
        try record.store.setCurrentValue(json: value)
      } catch {
        lastEditError = "\(error)"
        toast.show("\(error)", kind: .error, now: now)
        return false
      }
      edits[editor.key] = editor.original
      toast.show("Set \(editor.location) of \(editor.key.path.label) — u restores", now: now)
      return true
    }
  }

  /// `u` after an edit: the value from before it, set by hand again.
  mutating func restoreEdit(_ key: StoreKey, devtools: Devtools, now: Date) -> Bool {
    guard let original = edits.removeValue(forKey: key),
      let record = catalog.record(at: key.path)
    else { return false }
    do {
      try record.store.setCurrentValue(json: original)
      toast.show("Restored the value of \(key.path.label) from before the edit", now: now)
    } catch {
      toast.show("\(error)", kind: .error, now: now)
    }
    return true
  }
}
