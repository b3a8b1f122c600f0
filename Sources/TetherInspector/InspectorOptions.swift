/// How an inspector serves its viewers.
public struct InspectorOptions: Sendable {
  /// The shortest time between two batches of changes: a store changing 1,000 times in it is
  /// sent once. Zero sends every change as it comes.
  public var frameInterval: Duration = .milliseconds(50)
  /// The largest value sent as JSON, in bytes; larger ones are cut with a marker.
  public var valueLimit = 256 << 10
  /// What a viewer that stops reading may cost: past it, its changes are dropped, and it gets
  /// a fresh snapshot once it reads again.
  public var bufferLimit = 4 << 20
  /// How many viewers may be attached at once; more are refused with an error.
  public var maximumViewers = 32
  /// The folder of the socket; `SocketFolder` by default (`$XDG_RUNTIME_DIR/tether`).
  public var folder: String?

  /// The defaults: 50 ms frames, 256 KiB values, 4 MiB per viewer, 32 viewers.
  public init() {}
}
