import TetherDiagnostics

extension DevtoolsState {
  /// Takes the config file's keys, theme and first page, and applies its faults to
  /// `devtools`' fault target; returns why the faults could not be applied (nil when they
  /// were, or there were none). The theme keeps the terminal's colour count already set.
  ///
  /// - Parameters:
  ///   - configuration: what the config file says (``DevtoolsConfiguration/load(file:environment:)``).
  ///   - devtools: the devtools whose fault target takes the faults.
  @discardableResult
  public mutating func configure(
    with configuration: DevtoolsConfiguration, devtools: Devtools
  ) -> String? {
    keys = configuration.keys
    theme = DevtoolsTheme(configuration.theme, colors: theme.colors)
    if let page = configuration.page {
      switch page {
      case .stores, .detail: showStores()
      case .network: showNetworkLog()
      case .events: showEventLog()
      }
    }
    guard let plan = configuration.faults else { return nil }
    guard let target = devtools.faults else {
      return "the config file's faults are not applied: nothing here injects faults"
    }
    do {
      try target.apply(plan)
      return nil
    } catch {
      return "the config file's faults are not applied: \(error)"
    }
  }
}
