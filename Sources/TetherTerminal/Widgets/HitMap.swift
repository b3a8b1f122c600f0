/// Where the last frame drew what, for mapping a click to a panel, a button or any region the
/// app names. The app keeps one, clears it at the start of `render`, and adds a region for each
/// thing it draws that a click can mean; later regions lie on top of earlier ones (draw order).
///
/// ```swift
/// enum Target: Hashable { case feed, post, stores, button(Int) }
/// var hits = HitMap<Target>()
/// // render:
/// hits.removeAll()
/// hits.add(.feed, feedArea)
/// hits.add(.post, postArea)
/// // handle:
/// case .mouse(let mouse) where mouse.isPrimaryPress:
///   switch hits.target(at: mouse.position) { case .feed: focus = .feed ... }
/// ```
///
/// Rows inside a widget come from its state: ``ListState/index(at:)``,
/// ``TreeState/node(at:)``, ``ScrollState/line(at:)``, ``Table/column(at:in:)``,
/// ``ButtonRow/button(at:in:)``.
public struct HitMap<Target: Hashable>: Sendable where Target: Sendable {
  private var regions: [(target: Target, rect: Rect)] = []

  /// An empty map.
  public init() {}

  /// Forgets every region (at the start of a frame).
  public mutating func removeAll() { regions.removeAll(keepingCapacity: true) }

  /// Adds `rect` for `target`, on top of the regions added before.
  public mutating func add(_ target: Target, _ rect: Rect) {
    guard !rect.isEmpty else { return }
    regions.append((target, rect))
  }

  /// The topmost target whose region contains `point`.
  public func target(at point: Point) -> Target? {
    regions.last { $0.rect.contains(point) }?.target
  }

  /// The region of `target` (its last one), if it was drawn.
  public func rect(of target: Target) -> Rect? {
    regions.last { $0.target == target }?.rect
  }
}
