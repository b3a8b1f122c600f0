import Foundation

/// What a paused mutation attempt keeps in a snapshot beyond its arguments, so that a restored
/// attempt goes on where it was rather than starting anew: when it was submitted, how many of
/// its attempts had failed, and the contexts its lifecycles' `onMutate` returned.
struct RestoredAttempt: Sendable {
  /// When the attempt was first submitted: its start date in the restored history.
  let startDate: Date
  /// How many of its attempts had failed: its retries go on from there.
  let failedAttempts: Int
  /// Each lifecycle's context as JSON, in the order the lifecycles were applied (nil for one
  /// that is not `Codable`); nil when no `onMutate` had run.
  let hookRecords: [String?]?
}

/// What a store knows of a paused run besides its state, for the snapshot of a mutation.
struct RestorableRun: Sendable {
  let failedAttempts: Int
  let hookRecords: [String?]?
}
