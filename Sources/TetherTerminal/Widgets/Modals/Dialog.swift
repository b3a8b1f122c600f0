/// A modal box centred over the screen: it dims what lies behind it, clears its own area and
/// draws a titled border. It returns the rectangle inside for the content.
///
/// Modality is the app's routing: while a dialog is shown, the app sends events to the
/// dialog's state (fields, ``FocusRing``, buttons) and nothing else.
///
/// ```swift
/// let dialog = Dialog(title: "New post", size: Size(width: 60, height: 16))
/// dialog.render(in: frame.bounds, into: &frame)
/// let parts = dialog.content(in: frame.bounds).rows([.fixed(1), .fill, .fixed(1)])
/// TextField(isFocused: focus.isFocused(0)).render(in: parts[0], into: &frame, state: &title)
/// ```
public struct Dialog: Widget, Sendable {
  public var title: String
  public var size: Size
  public var style: Style
  public var dimsBackground: Bool

  /// A centred dialog of `size` titled `title`, over the screen (dimmed unless `dimsBackground` is
  /// false).
  public init(title: String, size: Size, style: Style = .plain, dimsBackground: Bool = true) {
    self.title = title
    self.size = size
    self.style = style
    self.dimsBackground = dimsBackground
  }

  /// The box a dialog drawn over `rect` takes.
  public func box(in rect: Rect) -> Rect { rect.centered(size) }

  /// Where the content goes in a dialog drawn over `rect`: inside the border, one column of
  /// padding left and right.
  public func content(in rect: Rect) -> Rect {
    Border().inner(of: box(in: rect)).inset(top: 0, left: 1, bottom: 0, right: 1)
  }

  public func render(in rect: Rect, into frame: inout Frame) {
    if dimsBackground {
      frame.canvas.restyle(rect) { style in
        style.attributes.insert(.dim)
        style.attributes.remove(.bold)
      }
    }
    let box = box(in: rect)
    frame.fill(box, style: style)
    Border(title: title, style: style.adding(.bold)).render(in: box, into: &frame)
  }
}
