import TetherCore

extension APIClient {
  /// Sends `endpoint` as ``send(_:)`` does, telling `progress` how far the transfer has come:
  /// bytes sent and received and the totals when known, at most ~30 times a second, the first
  /// once the transfer has taken ~33 ms. Cancelling the task stops the transfer at any point.
  ///
  /// Queries and mutations made by this client report their requests' progress into their
  /// store's state (`state.transferProgress`) without this.
  ///
  /// ```swift
  /// let archive = try await api.send(Endpoint<Data>(.get, "export") { data, _ in data }) {
  ///   progress in
  ///   print(progress.fractionCompleted ?? 0)
  /// }
  /// ```
  public func send<Response>(
    _ endpoint: Endpoint<Response>,
    progress: @escaping @Sendable (TransferProgress) -> Void
  ) async throws(HTTPError) -> Response {
    do {
      return try await TransferReporting.$current.withValue(progress) { try await send(endpoint) }
    } catch let error as HTTPError {
      throw error
    } catch {
      throw .cancelled
    }
  }
}
