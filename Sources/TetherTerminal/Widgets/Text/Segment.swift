/// A piece of styled text: a segment of a ``StatusBar`` side, a cell of a ``TableRow``.
public struct Segment: Hashable, Sendable, ExpressibleByStringLiteral {
  public var text: String
  public var style: Style?

  /// `text`, in `style` if given (else in the style of the line it stands in).
  public init(_ text: String, style: Style? = nil) {
    self.text = text
    self.style = style
  }

  public init(stringLiteral text: String) {
    self.init(text)
  }
}
