import TetherTerminal

/// The retry lab's faults dialog: every fault its target can inject, changed with ←/→ and
/// applied at once, the side that injects them, and the stores whose next requests fail.
///
/// ```
/// ┌ Faults · injected by the server ─────────────────────┐
/// │ Failure rate         ‹ 100% ›                        │
/// │ Failure status       ‹ 429 ›                         │
/// │ Retry-After          ‹ 2 s (on 429 and 503) ›        │
/// │ ...                                                  │
/// └──────────────────────────────────────────────────────┘
/// ```
public struct FaultsDialog: StatefulWidget {
  public var side: FaultSide
  /// `client: fail next 3 of post · 5`, shown under the fields.
  public var storeFailures: String?
  /// The colours it is drawn in.
  public var theme = DevtoolsTheme()

  /// The faults dialog of `side`, with `storeFailures` shown under the fields if given.
  public init(side: FaultSide, storeFailures: String? = nil) {
    self.side = side
    self.storeFailures = storeFailures
  }

  public func render(in rect: Rect, into frame: inout Frame, state: inout FaultsDialogState) {
    let fields = FaultsDialogState.Field.allCases.filter { $0 != .clear && $0 != .close }
    let extra = (state.error != nil ? 1 : 0) + (storeFailures != nil ? 1 : 0)
    let height = fields.count + 5 + extra
    let width = min(rect.width, 72)
    let title =
      side == .server ? "Faults · injected by the server" : "Faults · injected by the client"
    let dialog = Dialog(title: title, size: Size(width: width, height: height))
    dialog.render(in: rect, into: &frame)
    let content = dialog.content(in: rect)
    let labelWidth = 21
    for (index, field) in fields.enumerated() {
      let y = content.minY + index
      let focused = state.focus == field
      let row = Rect(x: content.minX, y: y, width: content.width, height: 1)
      frame.write(
        field.title, at: Point(x: row.minX, y: y), style: focused ? .bold : .plain, clip: row)
      let valueArea = row.inset(left: labelWidth)
      if field.isText {
        var text = field == .routes ? state.routes : state.failNextRoutes
        TextField(
          placeholder: field == .routes ? "all, or /posts, GET /users/*" : "any affected request",
          isFocused: focused
        ).render(in: valueArea, into: &frame, state: &text)
        if field == .routes { state.routes = text } else { state.failNextRoutes = text }
        continue
      }
      let value = state.value(of: field)
      let text = focused ? "‹ \(value) ›" : "  \(value)"
      let active = Self.isActive(field, state.plan)
      var style = active ? theme.failure.adding(.bold) : Style.plain
      if focused { style = style.adding(.reverse) }
      frame.write(text, at: Point(x: valueArea.minX, y: y), style: style, clip: valueArea)
    }
    var y = content.minY + fields.count
    if let storeFailures {
      frame.write(
        storeFailures, at: Point(x: content.minX, y: y), style: theme.fault,
        clip: content)
      y += 1
    }
    if let error = state.error {
      frame.write(
        "✖ " + error, at: Point(x: content.minX, y: y), style: theme.failure,
        clip: content)
      y += 1
    }
    let hint = "↑/↓ field · ←/→ change (applied at once) · Esc close"
    frame.write(hint, at: Point(x: content.minX, y: y + 1), style: theme.secondary, clip: content)
    let buttons = ButtonRow(
      ["Clear all", "Close"],
      focused: state.focus == .clear ? 0 : state.focus == .close ? 1 : nil)
    buttons.render(
      in: Rect(x: content.minX, y: content.maxY - 1, width: content.width, height: 1), into: &frame)
  }

  static func isActive(_ field: FaultsDialogState.Field, _ plan: FaultPlan) -> Bool {
    switch field {
    case .failureRate: plan.failureRate > 0
    case .failNext: plan.failNext > 0
    case .latency: plan.latency > .zero
    case .jitter: plan.jitter > .zero
    case .truncated: plan.truncatedRate > 0
    case .drop: plan.dropRate > 0
    default: false
    }
  }
}
