/// The one shape of every widget, as in ratatui: a widget is a value — made fresh each frame
/// from the app's state — that draws itself into a rectangle of the frame.
///
/// ```swift
/// StatusBar(left: ["Feed"], right: ["? help"]).render(in: rows[2], into: &frame)
/// ```
///
/// Widgets only draw: they never start work, create stores or keep anything. What must
/// persist between frames (a selection, a scroll position, typed text) lives in a small
/// `*State` struct the app owns, and the widget is a ``StatefulWidget``.
public protocol Widget {
  /// Draws into `rect` (clipped to it), asking for later frames with ``Frame/redraw(at:)``
  /// when what it shows changes with time.
  func render(in rect: Rect, into frame: inout Frame)
}

/// A widget whose persistent state the app keeps between frames: ``ListView`` and
/// ``ListState``, ``Tree`` and ``TreeState``, ``Table`` and ``ListState``, ``TextArea`` and
/// ``TextAreaState``, ``ScrollView`` and ``ScrollState``...
///
/// Rendering may adjust the state — keep a selection visible, clamp a scroll offset to the
/// content, remember where it was drawn for mouse hit tests — so the app passes it `inout`.
/// Keys and clicks change the state through its own methods (`state.handle(key, ...)`), between
/// frames.
///
/// ```swift
/// var feed = ListState()                 // in the app
/// ListView(count: posts.count) { ListItem(posts[$0].title) }
///   .render(in: area, into: &frame, state: &feed)
/// ```
public protocol StatefulWidget {
  associatedtype State
  /// Draws the widget into `area` of `frame`, reading and updating `state`.
  func render(in rect: Rect, into frame: inout Frame, state: inout State)
}
