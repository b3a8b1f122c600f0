/// The screen as a stack, as in a compositor: the panels at the bottom (the app itself), then
/// dialogs, prompts, help and toasts, the last pushed on top.
///
/// ``route(_:)`` says who gets an event: the topmost layer that wants it; `Esc` that the
/// topmost modal layer does not want closes it; a modal layer keeps everything else from the
/// layers below; with no layer in the way the event goes to the panels. The app draws the
/// panels and then ``layers`` bottom first, and shows the hints of the topmost one.
///
/// Each layer has a ``CommandScope``: commands scoped to it (``scope(at:)``) are cancelled when
/// it is popped, removed or closed by `Esc`.
///
/// ```swift
/// switch layers.route(event) {
/// case .layer(let index): return handle(event, inLayerAt: index)
/// case .closed: return .handled            // Esc closed the top layer
/// case .blocked: return .ignored           // a modal layer is open
/// case .panels: return handlePanels(event)
/// }
/// ```
public struct LayerStack<Element: Layer> {
  /// Where an event goes.
  public enum Route {
    /// To the layer at this index of ``layers``, the topmost that wants it.
    case layer(Int)
    /// Nowhere: it was `Esc`, and it closed this layer (already removed from the stack).
    case closed(Element)
    /// Nowhere: a modal layer that does not want it is open.
    case blocked
    /// To the panels under every layer: no layer wants it or is modal.
    case panels
  }

  /// The layers, bottom first: the order to draw them in.
  public private(set) var layers: [Element] = []
  /// The scope of each layer, in the order of ``layers``.
  private var scopes: [CommandScope] = []

  /// An empty stack: events go to the panels.
  public init() {}

  /// The topmost layer, if any.
  public var top: Element? { layers.last }

  /// Whether no layer is open.
  public var isEmpty: Bool { layers.isEmpty }

  /// Whether a modal layer is open: the panels get no input (and should not look focused).
  public var isModal: Bool { layers.contains { $0.isModal } }

  /// The layer at `index` of ``layers``, to read or change in place.
  public subscript(index: Int) -> Element {
    get { layers[index] }
    set { layers[index] = newValue }
  }

  /// The scope of the layer at `index`: commands scoped to it end with the layer.
  public func scope(at index: Int) -> CommandScope { scopes[index] }

  /// The index of the topmost layer matching `predicate`.
  public func lastIndex(where predicate: (Element) -> Bool) -> Int? {
    layers.lastIndex(where: predicate)
  }

  /// Puts `layer` on top.
  public mutating func push(_ layer: Element) {
    layers.append(layer)
    scopes.append(CommandScope())
  }

  /// Takes the top layer away and cancels its commands.
  @discardableResult
  public mutating func pop() -> Element? {
    guard !layers.isEmpty else { return nil }
    return remove(at: layers.count - 1)
  }

  /// Takes the layer at `index` away and cancels its commands.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    scopes.remove(at: index).cancel()
    return layers.remove(at: index)
  }

  /// Takes away every layer matching `predicate` and cancels their commands.
  public mutating func removeAll(where predicate: (Element) -> Bool) {
    for index in layers.indices.reversed() where predicate(layers[index]) {
      remove(at: index)
    }
  }

  /// Who gets `event`, closing the topmost modal layer when it is an `Esc` that layer does not
  /// want. Resizes, focus changes and messages always go to the panels (the app).
  public mutating func route(_ event: Event) -> Route {
    switch event {
    case .key, .paste, .mouse: break
    case .resize, .focus, .message: return .panels
    }
    for index in layers.indices.reversed() {
      let layer = layers[index]
      if layer.wants(event) { return .layer(index) }
      guard layer.isModal else { continue }
      if event == .key(.escape) { return .closed(remove(at: index)) }
      return .blocked
    }
    return .panels
  }
}

extension LayerStack: Sendable where Element: Sendable {}
