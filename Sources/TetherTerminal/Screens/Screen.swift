/// Where frames are shown: the terminal (``NCursesScreen``) or memory (``VirtualScreen``).
///
/// The event loop calls every method from its own thread.
public protocol Screen: AnyObject {
  /// The current size in cells.
  var size: Size { get }
  /// Takes over the terminal (no-op in memory).
  func start() throws
  /// Gives the terminal back as it was.
  func stop()
  /// Shows `canvas`, writing only the cells that differ from the last frame. Afterwards
  /// `canvas` holds the previous frame's cells, ready to be reset and reused (double buffering).
  func present(_ canvas: inout Canvas)
  /// Adopts a new size after a resize event; the next present repaints everything.
  func resize(to size: Size)
  /// Forgets what is on screen, so the next present repaints everything.
  func invalidate()
  /// Gives the terminal back and stops the process (Ctrl-Z); returns when it is continued,
  /// ready to repaint at the current size.
  func suspend()
}
