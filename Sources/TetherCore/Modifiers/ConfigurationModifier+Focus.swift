extension OperationRequest {
  /// Lets this operation's retries go on while the application is unfocused.
  ///
  /// By default, as in TanStack Query, a retry that comes due while the client's
  /// ``OperationContext/focus`` does not hold waits, paused (`PauseReason.unfocused`), until
  /// focus returns: an app in the background does not spend its attempts on a failing server
  /// nobody is looking at. Use this for work that must finish regardless, such as saving a
  /// draft.
  ///
  /// ```swift
  /// saveDraft.retry(limit: 5).retriesWhileUnfocused()
  /// ```
  public func retriesWhileUnfocused() -> ModifiedOperation<Self, ConfigurationModifier<Self>> {
    modifier(ConfigurationModifier { $0.options.pausesRetriesWhenUnfocused = false })
  }
}
