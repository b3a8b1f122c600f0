/// A column of a ``Table``: its header title, its width and how its cells align.
public struct TableColumn: Hashable, Sendable {
  /// Where a column puts its text.
  public enum Alignment: Hashable, Sendable {
    case leading, center, trailing
  }

  public var title: String
  /// A fixed width, a percentage, or a share of what is left (``LayoutConstraint``).
  public var width: LayoutConstraint
  public var alignment: Alignment

  /// A column titled `title`, as wide as `width` says, its text aligned as `alignment` says.
  public init(_ title: String, width: LayoutConstraint = .fill, alignment: Alignment = .leading) {
    self.title = title
    self.width = width
    self.alignment = alignment
  }
}

/// The column a ``Table`` is sorted by, shown as ▲ or ▼ in its header. The caller sorts.
public struct TableSort: Hashable, Sendable {
  public var column: Int
  public var ascending: Bool

  /// A sort by `column`, ascending or descending, shown ▲ or ▼ in its header.
  public init(column: Int, ascending: Bool = true) {
    self.column = column
    self.ascending = ascending
  }

  /// The sort after the user picked `column` (a key or a header click): the same column flips
  /// its direction, another column sorts ascending.
  public func selecting(_ column: Int) -> TableSort {
    column == self.column
      ? TableSort(column: column, ascending: !ascending) : TableSort(column: column)
  }
}

/// One row of a ``Table``: a cell per column and an optional style for the row.
public struct TableRow: Hashable, Sendable {
  public var cells: [Segment]
  public var style: Style?

  /// A row of `cells`, in `style` if given.
  public init(_ cells: [Segment], style: Style? = nil) {
    self.cells = cells
    self.style = style
  }

  /// A row of plain text cells.
  public init(texts: [String], style: Style? = nil) {
    self.init(texts.map { Segment($0) }, style: style)
  }
}
