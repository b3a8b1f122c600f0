import TetherPersistence
import TetherSynchronization

/// Collects the diagnostics a row store reports.
final class DiagnosticLog: Sendable {
  private let storage = SanitizerVisibleMutex([PersistenceDiagnostic]())

  var handler: @Sendable (PersistenceDiagnostic) -> Void {
    { [self] diagnostic in storage.withLock { $0.append(diagnostic) } }
  }

  var all: [PersistenceDiagnostic] { storage.withLock { $0 } }
  var problems: [PersistenceDiagnostic.Problem] { all.map(\.problem) }
}
