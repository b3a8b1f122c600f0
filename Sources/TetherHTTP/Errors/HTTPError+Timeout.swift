import TetherCore

/// `.timeout(_:)` on HTTP operations: a run that takes too long fails as
/// ``HTTPError/timedOut(after:)``, which the retry policy retries like any timeout.
///
/// ```swift
/// let post = api.query(Endpoint<Post>(.get, "posts/1")).timeout(.seconds(3))
/// ```
extension HTTPError: TimeoutFailure {}
