/// The server's live fault settings and decision engine, shared by all connections.
final class FaultController: Sendable {
  private let injector: SanitizerVisibleMutex<FaultInjector>

  init(settings: FaultSettings, seed: UInt64) {
    injector = SanitizerVisibleMutex(FaultInjector(settings: settings, seed: seed))
  }

  var settings: FaultSettings {
    injector.withLock { $0.settings }
  }

  /// Applies `change` when the result is valid; otherwise throws and changes nothing.
  @discardableResult
  func update(
    _ change: (inout FaultSettings) throws(FaultSettingsError) -> Void
  ) throws(FaultSettingsError) -> FaultSettings {
    try injector.withLock { (injector) throws(FaultSettingsError) -> FaultSettings in
      var settings = injector.settings
      try change(&settings)
      try settings.validate()
      injector.settings = settings
      return settings
    }
  }

  func decide(method: String, pathSegments: [String]) -> FaultInjector.Decision {
    injector.withLock { $0.decide(method: method, pathSegments: pathSegments) }
  }
}
