import TetherCore

extension APIClient {
  /// Sends `endpoint` with ``RequestOrigin/current`` set to the attempt `context` runs, of
  /// `run` (nil when unknown: a page of a paginated query). A query `revalidates` what
  /// ``validators`` remember for its store and endpoint; `reportTransfer` hears the
  /// transfer's progress.
  func send<Response>(
    _ endpoint: Endpoint<Response>, in context: OperationContext, run: OperationRunID?,
    revalidates: Bool, reportTransfer: TransferReporting.Reporter? = nil
  ) async throws(HTTPError) -> Response {
    let origin = RequestOrigin(path: context.path, run: run, attempt: context.retryAttempt + 1)
    let key = revalidates ? "\(context.path) \(endpoint)" : nil
    do {
      return try await RequestOrigin.$current.withValue(origin) {
        try await TransferReporting.$current.withValue(reportTransfer) {
          try await send(endpoint, revalidating: key)
        }
      }
    } catch let error as HTTPError {
      throw error
    } catch {
      throw .cancelled
    }
  }
}
