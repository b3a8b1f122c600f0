/// One layer of a ``LayerStack``: a dialog, a prompt, the help, a toast — whatever is drawn
/// over the panels and may take events before them.
///
/// A layer says two things: whether it wants an event (then it gets it, and no layer below
/// does), and whether it is modal (then the layers below and the panels get nothing while it is
/// open). Apps usually make one enum of their layers:
///
/// ```swift
/// enum FeedLayer: Layer {
///   case help(HelpState)
///   case confirmDelete(ConfirmState)
///
///   var isModal: Bool { true }
///
///   func wants(_ event: Event) -> Bool {
///     switch (self, event) {
///     case (.help(let help), .key(.escape)): help.isFiltering  // Esc ends the filter first
///     case (_, .key(.escape)): false  // Esc pops the layer
///     case (_, .key), (_, .paste), (_, .mouse): true
///     default: false
///     }
///   }
/// }
/// ```
public protocol Layer {
  /// Whether the layers below get no keys, pastes or clicks while this one is open: what it
  /// does not want goes nowhere (and `Esc` closes it). A toast is not modal; a dialog is.
  var isModal: Bool { get }
  /// Whether this layer takes `event`, before every layer below it. Resizes, focus changes and
  /// messages never go through the stack: the app handles them for every layer.
  func wants(_ event: Event) -> Bool
}
