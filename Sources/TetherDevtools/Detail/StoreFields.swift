import Foundation
import TetherCore
import TetherTerminal

/// Every field of a store's state as lines of the detail's state tab: statuses and label,
/// failure history and retry, value and error counts and dates, staleness, subscribers,
/// collection, and a simulated state in effect.
enum StoreFields {
  struct Line {
    var name: String
    var value: String
    var style: Style = .plain
    /// A deadline to count down to, drawn live after the value.
    var countdown: Date?
  }

  static func lines(
    of record: StoreRecord, simulation: SimulatedState?, hasUnsavedChange: Bool, now: Date,
    theme: DevtoolsTheme = DevtoolsTheme()
  ) -> [Line] {
    let snapshot = record.snapshot
    var lines: [Line] = [
      Line(name: "path", value: record.path.description, style: .bold),
      Line(name: "kind", value: kindName(record.kind)),
    ]
    if record.isMutation {
      let status = record.mutationStatus
      lines.append(Line(name: "label", value: status.rawValue, style: theme.style(for: status)))
    } else {
      let status = record.status(at: now)
      lines.append(Line(name: "label", value: status.rawValue, style: theme.style(for: status)))
    }
    lines += [
      Line(name: "status", value: snapshot.status.rawValue),
      Line(name: "fetch status", value: snapshot.fetchStatus.rawValue),
    ]
    if let kind = snapshot.simulation {
      let since = simulation.map { " since \(StoreColumns.clockTime($0.date))" } ?? ""
      lines.append(
        Line(
          name: "simulated",
          value: "\(kind.rawValue)\(since), no request sent — u restores",
          style: theme.fault.adding(.bold)))
    }
    let failures = snapshot.failureCount
    var failureText = "\(failures)"
    if let reason = snapshot.failureReason { failureText += " — last: \(describe(reason))" }
    lines.append(
      Line(
        name: "failures", value: failureText, style: failures > 0 ? theme.failure : .plain
      ))
    if let retry = snapshot.retryProgress, let sent = retry.nextAttemptStartDate {
      lines.append(
        Line(
          name: "retry",
          value:
            "\(retry.failureText) — sending attempt "
            + "\(retry.nextAttempt) since \(StoreColumns.clockTime(sent)) "
            + "(\(StoreColumns.durationText(now.duration(since: sent))))",
          style: theme.warning))
    } else if let retry = snapshot.retryProgress {
      lines.append(
        Line(
          name: "retry",
          value:
            "\(retry.failureText) — next at "
            + "\(StoreColumns.clockTime(retry.nextAttemptDate)), in",
          style: theme.warning, countdown: retry.nextAttemptDate))
    }
    lines.append(
      Line(
        name: "value",
        value: updates(snapshot.valueUpdateCount, snapshot.valueLastUpdatedAt, now: now)
          + (snapshot.isPlaceholder ? " · showing a placeholder" : "")))
    var errorText = updates(snapshot.errorUpdateCount, snapshot.errorLastUpdatedAt, now: now)
    if let error = snapshot.error { errorText += " · \(describe(error))" }
    lines.append(
      Line(
        name: "error", value: errorText,
        style: snapshot.error != nil ? theme.failure : .plain))
    if !record.isMutation {
      var stale = StoreStatus.isStale(snapshot, staleDate: record.staleDate, at: now) ? "yes" : "no"
      if let staleDate = record.staleDate, staleDate > now, !snapshot.isStale {
        stale +=
          ", at \(StoreColumns.clockTime(staleDate)) (in \(StoreColumns.durationText(staleDate.duration(since: now))))"
      } else if record.staleDate == nil, snapshot.hasValue, !snapshot.isStale {
        stale += ", never"
      }
      lines.append(Line(name: "stale", value: stale))
      lines.append(Line(name: "invalidated", value: snapshot.isInvalidated ? "yes" : "no"))
      lines.append(
        Line(name: "runs by itself", value: snapshot.runsAutomatically ? "yes" : "no (disabled)"))
    }
    let cancelled =
      switch snapshot.cancellation {
      case .kept?: "yes, kept what it had"
      case .reverted?: "yes, its changes reverted"
      case nil: "no"
      }
    lines.append(
      Line(
        name: "cancelled", value: cancelled,
        style: snapshot.cancellation != nil
          ? theme.muted : .plain))
    lines.append(Line(name: "subscribers", value: "\(snapshot.subscriberCount)"))
    lines.append(Line(name: "runs", value: "\(snapshot.runCount)"))
    if record.isMutation {
      lines.append(Line(name: "attempts", value: "\(record.attempts.count) kept"))
      if let latest = record.store.latestArguments {
        lines.append(Line(name: "latest arguments", value: latest.description(limit: 400)))
      }
    }
    let collection: String
    if snapshot.subscriberCount > 0 {
      collection = "not while observed"
    } else if let date = record.collectionDate {
      collection =
        date > now
        ? "at \(StoreColumns.clockTime(date)) (in \(StoreColumns.durationText(date.duration(since: now))))"
        : "due now"
    } else {
      collection = "never"
    }
    lines.append(Line(name: "collected", value: collection))
    if hasUnsavedChange {
      lines.append(
        Line(
          name: "unsaved",
          value: "its value was changed by hand while a mutation runs",
          style: theme.warning.adding(.bold)))
    }
    return lines
  }

  static func kindName(_ kind: OperationKind) -> String {
    switch kind {
    case .query: "query"
    case .paginatedQuery: "paginated query"
    case .mutation: "mutation"
    }
  }

  /// `3 updates, last 12:03:05 (4.2 s ago)`, or `none`.
  static func updates(_ count: Int, _ date: Date?, now: Date) -> String {
    guard count > 0 else { return "no update" }
    var text = "\(count) update\(count == 1 ? "" : "s")"
    if let date {
      text += ", last \(StoreColumns.clockTime(date))"
      let age = now.duration(since: date)
      if age >= .zero { text += " (\(StoreColumns.durationText(age)) ago)" }
    }
    return text
  }

  /// A failure in one line.
  static func describe(_ error: any Error) -> String {
    let text = String(describing: error)
    return TextLayout.truncate(text.replacingOccurrences(of: "\n", with: " "), toWidth: 300)
  }
}
