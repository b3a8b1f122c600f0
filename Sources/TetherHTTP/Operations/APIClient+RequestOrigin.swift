import TetherCore

extension APIClient {
  /// Sends `endpoint` with ``RequestOrigin/current`` set to the attempt `context` runs, of
  /// `run` (nil when unknown: a page of a paginated query).
  func send<Response>(
    _ endpoint: Endpoint<Response>, in context: OperationContext, run: OperationRunID?
  ) async throws(HTTPError) -> Response {
    let origin = RequestOrigin(path: context.path, run: run, attempt: context.retryAttempt + 1)
    do {
      return try await RequestOrigin.$current.withValue(origin) { try await send(endpoint) }
    } catch let error as HTTPError {
      throw error
    } catch {
      throw .cancelled
    }
  }
}
