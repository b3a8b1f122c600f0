/// The help overlay as a layer of a ``LayerStack``: modal, it takes every key, paste and click
/// but an `Esc` that only closes it, which the stack turns into closing the layer.
extension HelpState: Layer {
  /// Always: the help covers the screen.
  public var isModal: Bool { true }

  /// Every key, paste and click, but an `Esc` with no filter to clear.
  public func wants(_ event: Event) -> Bool {
    switch event {
    case .key(.escape): isFiltering || !filter.text.isEmpty
    case .key, .paste, .mouse: true
    case .resize, .focus, .message: false
    }
  }
}
