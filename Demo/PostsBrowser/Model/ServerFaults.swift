import PostsService
import TetherDevtools

/// The embedded Posts service's faults as the devtools' faults dialog edits them: the server's
/// own ``FaultPlan``, read and applied live.
public final class ServerFaults: FaultTarget {
  public let server: PostsServer

  /// The faults of `server`.
  public init(server: PostsServer) {
    self.server = server
  }

  public var side: FaultSide { .server }

  public var plan: FaultPlan { server.faults }

  public func apply(_ plan: FaultPlan) throws {
    try server.updateFaults { $0 = plan }
  }
}
