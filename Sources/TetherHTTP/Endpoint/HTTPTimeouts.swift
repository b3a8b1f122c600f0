/// How long a request may take, named by what is being waited for.
///
/// - ``connect``: until the connection (TCP and TLS) is established.
/// - ``idle``: the longest silence while the response is on its way — no byte sent or
///   received for that long ends the request (a stalled server).
/// - ``total``: the deadline of the whole send — interceptors, transport and decoding. The
///   client enforces it itself, on its clock, and cancels the transport when it passes, so no
///   transport can make a send outlive it.
///
/// Each ends the send as ``HTTPError/timedOut(after:)``. An endpoint's `timeout` replaces the
/// total; the connect and idle timeouts are never longer than the total.
///
/// ```swift
/// var client = APIClient(baseURL: url)
/// client.defaults.timeouts = .interactive            // a person is waiting
/// client.defaults.timeouts.total = .seconds(5)        // `posts --timeout 5s`
/// ```
public struct HTTPTimeouts: Sendable, Hashable {
  /// The longest wait for the connection (TCP and TLS).
  public var connect: Duration
  /// The longest wait for the next byte once the request is under way.
  public var idle: Duration
  /// The deadline of the whole send.
  public var total: Duration

  /// Connect 10 s, idle 30 s, total 60 s: a background client's patience.
  public init(
    connect: Duration = .seconds(10), idle: Duration = .seconds(30),
    total: Duration = .seconds(60)
  ) {
    self.connect = connect
    self.idle = idle
    self.total = total
  }

  /// Connect 3 s, idle 5 s, total 8 s: what a person in front of a screen can live with.
  public static let interactive = HTTPTimeouts(
    connect: .seconds(3), idle: .seconds(5), total: .seconds(8))

  /// These timeouts with the total replaced by `total` (when given) and the connect and idle
  /// timeouts cut to it.
  public func limited(toTotal total: Duration?) -> HTTPTimeouts {
    let total = total ?? self.total
    return HTTPTimeouts(connect: min(connect, total), idle: min(idle, total), total: total)
  }
}
