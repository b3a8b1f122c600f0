/// A confirmation as a layer of a ``LayerStack``: modal, it takes every key and click; `Esc`
/// (no) closes it through the stack.
extension ConfirmState: Layer {
  /// Always: the question must be answered first.
  public var isModal: Bool { true }

  /// Every key and click but `Esc`, which the stack turns into closing the prompt.
  public func wants(_ event: Event) -> Bool {
    switch event {
    case .key(.escape): false
    case .key, .mouse: true
    case .paste, .resize, .focus, .message: false
    }
  }
}
