import Foundation
import TetherCore
import TetherJSON
import TetherTerminal

/// The devtools' actions on a store — all safe: none re-sends a write unasked, the ones that
/// lose something in use ask first, simulated states touch no server.
extension DevtoolsState {
  /// The actions that need no store — the pages, full screen, mock offline, the palette,
  /// clearing the cache — done the same from every page; nil for an action on a store.
  mutating func performWithoutStore(
    _ action: DevtoolsAction, devtools: Devtools, now: Date
  ) -> Outcome? {
    switch action {
    case .back: return back()
    case .toggleFullScreen: presentation = presentation == .panel ? .fullScreen : .panel
    case .showNetwork:
      if devtools.network == nil {
        toast.show("No network log: give Devtools a NetworkLog", kind: .error, now: now)
      } else {
        showNetworkLog()
      }
    case .showStores: showStores()
    case .toggleOffline: toggleOffline(devtools, now: now)
    case .showEvents: showEventLog()
    case .openPalette: openPalette()
    case .clearCache: askToClearCache(devtools, now: now)
    default: return nil
    }
    return .handled
  }

  mutating func perform(
    _ action: DevtoolsAction, on key: StoreKey?, devtools: Devtools, now: Date
  ) -> Outcome {
    if let outcome = performWithoutStore(action, devtools: devtools, now: now) { return outcome }
    guard let key, let record = catalog.record(at: key.path, mutation: key.isMutation) else {
      return action == .open ? .ignored : .handled
    }
    let store = record.store
    let path = record.path
    switch action {
    case .refetch:
      guard !record.isMutation else {
        toast.show(
          "A mutation is never refetched: R sends its latest attempt again, after asking",
          kind: .error, now: now, duration: .seconds(5))
        return .handled
      }
      commands.append(
        Command("refetch \(path.label)") { () async -> DevtoolsMessage? in
          do {
            try await store.refetch()
          } catch is CancellationError {
          } catch let error as any CancellationTelling where error.isCancellation {
            // Cancelled (a reset, a newer run): no failure of the operation's.
          } catch {
            return .notice("Refetch of \(path.label) failed: \(error)", kind: .error)
          }
          return nil
        })
    case .invalidate:
      guard requireQuery(record, "invalidated", now: now) else { return .handled }
      store.invalidate()
      toast.show("Invalidated \(path.label)", now: now)
    case .reset:
      guard requireQuery(record, "reset", now: now) else { return .handled }
      if let reason = inUse(record) {
        ask(
          DevtoolsPrompt(
            title: "Reset \(path.label)", message: "Reset \(path.label)? \(reason)",
            confirmTitle: "Reset",
            question: .confirm(ConfirmState()), action: .reset(key)))
      } else {
        reset(record, devtools: devtools, now: now)
      }
    case .remove:
      guard requireQuery(record, "removed here", now: now) else { return .handled }
      if let reason = keptStores[path] {
        toast.show("\(path.label) is not removed: \(reason)", kind: .error, now: now)
        return .handled
      }
      if let reason = inUse(record) {
        ask(
          DevtoolsPrompt(
            title: "Remove \(path.label)",
            message: "Remove \(path.label) from the client? \(reason)", confirmTitle: "Remove",
            question: .confirm(ConfirmState()), action: .remove(key)))
      } else {
        remove(record, devtools: devtools, now: now)
      }
    case .triggerLoading:
      guard requireQuery(record, "simulated", now: now) else { return .handled }
      if record.snapshot.simulation != nil {
        toast.show("\(path.label) is simulated already: u restores it", kind: .error, now: now)
      } else if let simulation = store.simulateLoading() {
        simulations[key] = simulation
        toast.show("\(path.label) shows loading, no request sent — u restores", now: now)
      }
    case .triggerError:
      guard requireQuery(record, "simulated", now: now) else { return .handled }
      guard record.snapshot.simulation == nil else {
        toast.show("\(path.label) is simulated already: u restores it", kind: .error, now: now)
        return .handled
      }
      let fitting = devtools.failures.indices.filter {
        store.accepts(devtools.failures[$0].make(path))
      }
      switch fitting.count {
      case 0:
        let expected: String
        do {
          _ = try store.simulateFailure(DevtoolsFailure(message: "probe"))
          expected = "its own failure type"
        } catch {
          expected = "\(error)"
        }
        toast.show(
          "No failure fits: \(expected); give Devtools(failures:) one", kind: .error, now: now,
          duration: .seconds(6))
      case 1:
        simulateFailure(devtools.failures[fitting[0]], in: record, now: now)
      default:
        ask(
          DevtoolsPrompt(
            title: "Trigger error", message: "Which failure should \(path.label) show?",
            confirmTitle: "Show",
            question: .choose(fitting.map { devtools.failures[$0].name }, ListState()),
            action: .simulateFailure(key, choices: fitting)))
      }
    case .restore:
      if simulations[key] == nil, restoreEdit(key, devtools: devtools, now: now) {
        return .handled
      }
      let simulation = simulations.removeValue(forKey: key)
      guard let simulation, record.snapshot.simulation != nil else {
        toast.show(
          simulation == nil
            ? "Nothing to restore: P or E simulate a state first"
            : "Nothing to restore: a real outcome has replaced the simulated state",
          kind: .error, now: now)
        return .handled
      }
      store.restore(simulation)
      toast.show("Restored \(path.label)", now: now)
    case .retryLatest:
      guard record.isMutation else {
        toast.show("Retry latest is for mutations; r refetches a query", kind: .error, now: now)
        return .handled
      }
      guard let arguments = store.latestArguments else {
        toast.show("\(path.label) never ran: nothing to retry", kind: .error, now: now)
        return .handled
      }
      ask(
        DevtoolsPrompt(
          title: "Retry \(path.label)",
          message:
            "Send \(path.label) again with these arguments?\n\(StoreColumns.json(arguments, lines: 12))\n"
            + "This is a write: the server may apply it twice.",
          confirmTitle: "Send again", question: .confirm(ConfirmState()), action: .retryLatest(path)
        ))
    case .failNext:
      guard devtools.storeFaults != nil else {
        toast.show(
          "No client-side fault injector: give Devtools storeFaults", kind: .error, now: now)
        return .handled
      }
      let current = devtools.storeFaults?.storeFailures[path] ?? 0
      let queued =
        current > 0
        ? "\(current) injected failure\(current == 1 ? " is" : "s are") still queued for it. "
        : ""
      ask(
        DevtoolsPrompt(
          title: "Fail the next requests",
          message:
            "Fail the next requests caused by \(path.label): \(queued)How many of its next requests "
            + "should fail? 0 lets them all through.",
          confirmTitle: "Set", question: .count(current > 0 ? current : 3),
          action: .failNext(path)))
    default:
      return .ignored
    }
    return .handled
  }

  private mutating func requireQuery(_ record: StoreRecord, _ verb: String, now: Date) -> Bool {
    guard record.isMutation else { return true }
    toast.show("A mutation is not \(verb): R retries its latest attempt", kind: .error, now: now)
    return false
  }

  /// Why removing or resetting `record` needs asking: subscribers, or a change made by hand
  /// while a mutation runs (an optimistic update not yet saved).
  func inUse(_ record: StoreRecord) -> String? {
    var reasons: [String] = []
    let subscribers = record.snapshot.subscriberCount
    if subscribers > 0 {
      reasons.append(
        "It has \(subscribers) subscriber\(subscribers == 1 ? "" : "s"): what shows it will fetch "
          + "it again.")
    }
    if hasUnsavedChange(record) {
      reasons.append(
        "Its value has a change not yet saved by a running mutation, which would be lost.")
    }
    return reasons.isEmpty ? nil : reasons.joined(separator: " ")
  }

  /// Whether `record`'s value was last set by hand (not by a run) while some mutation runs.
  func hasUnsavedChange(_ record: StoreRecord) -> Bool {
    guard !record.isMutation else { return false }
    let mutationRuns = catalog.records.values.contains {
      $0.isMutation && $0.snapshot.fetchStatus != .idle
    }
    guard mutationRuns else { return false }
    let log = catalog.runLog(of: ObjectIdentifier(record.store))
    let last = log.last { entry in
      switch entry.event {
      case .valueSet, .succeeded, .failed, .reset: true
      default: false
      }
    }
    if case .valueSet = last?.event { return true }
    return false
  }

  private mutating func reset(_ record: StoreRecord, devtools: Devtools, now: Date) {
    simulations[StoreKey(path: record.path, isMutation: false)] = nil
    record.store.reset()
    performed = (.reset, record.path)
    toast.show("Reset \(record.path.label)", now: now)
  }

  private mutating func remove(_ record: StoreRecord, devtools: Devtools, now: Date) {
    simulations[StoreKey(path: record.path, isMutation: false)] = nil
    devtools.source.remove(at: record.path)
    performed = (.remove, record.path)
    catalog.synchronize(with: devtools)
    toast.show(
      "Removed \(record.path.label)"
        + (record.snapshot.subscriberCount > 0 ? ": what showed it fetches it again" : ""),
      now: now)
  }

  private mutating func simulateFailure(
    _ failure: SimulatedFailure, in record: StoreRecord, now: Date
  ) {
    do {
      let simulation = try record.store.simulateFailure(failure.make(record.path))
      simulations[StoreKey(path: record.path, isMutation: false)] = simulation
      toast.show(
        "\(record.path.label) shows “\(failure.name)”, no request sent — u restores", now: now)
    } catch {
      toast.show("\(error)", kind: .error, now: now)
    }
  }

  /// Does what `prompt`, answered with `answer` and closed, asked about.
  mutating func perform(
    _ prompt: DevtoolsPrompt, answer: DevtoolsPrompt.Answer, devtools: Devtools, now: Date
  ) {
    switch (prompt.action, answer) {
    case (_, .cancelled):
      break
    case (.remove(let key), .confirmed):
      if let record = catalog.record(at: key.path) { remove(record, devtools: devtools, now: now) }
    case (.clearCache, .confirmed):
      clearCache(devtools, now: now)
    case (.reset(let key), .confirmed):
      if let record = catalog.record(at: key.path) { reset(record, devtools: devtools, now: now) }
    case (.retryLatest(let path), .confirmed):
      guard let record = catalog.record(at: path, mutation: true) else { return }
      let store = record.store
      toast.show("Sending \(path.label) again…", now: now)
      commands.append(
        Command("retry the latest attempt of \(path.label)") { () async -> DevtoolsMessage? in
          do {
            try await store.retryLatestAttempt()
            return .notice("\(path.label) sent again: it succeeded", kind: .info)
          } catch {
            return .notice("\(path.label) sent again: \(error)", kind: .error)
          }
        })
    case (.failNext(let path), .counted(let count)):
      devtools.storeFaults?.failNext(count, of: path, like: devtools.faults?.plan ?? FaultPlan())
      toast.show(
        count > 0
          ? "The next \(count) request\(count == 1 ? "" : "s") of \(path.label) will fail: "
            + "\(count) queued"
          : "Requests of \(path.label) go through: none queued",
        now: now)
    case (.simulateFailure(let key, let choices), .chose(let index)):
      guard choices.indices.contains(index), let record = catalog.record(at: key.path) else {
        return
      }
      simulateFailure(devtools.failures[choices[index]], in: record, now: now)
    default:
      break
    }
  }

  /// Copies the selected value (or the whole value) as JSON: to the terminal's clipboard when
  /// it allows it, and to a new file in ``exportFolder``.
  mutating func copy(whole: Bool, devtools: Devtools, now: Date) {
    guard let detail, let outline = detail.outline, outline.count > 0 else {
      toast.show("No value to copy", kind: .error, now: now)
      return
    }
    let node = whole ? 0 : detail.explorer.selectedNode
    let json = outline.value(at: min(node, outline.count - 1)).text(.pretty)
    export(json, kind: "JSON", as: Self.fileName(for: detail.path, at: now))
  }

  /// Copies the selected request of the network log as a `curl` command.
  mutating func copyCurl(devtools: Devtools, now: Date) {
    guard let id = network.openID ?? network.selection.id, let record = devtools.network?.record(id)
    else {
      toast.show("No request to copy", kind: .error, now: now)
      return
    }
    let time = StoreColumns.clockTime(now).replacingOccurrences(of: ":", with: "")
    export(CurlCommand.of(record), kind: "curl command", as: "request-\(id)-\(time).sh")
  }

  /// Puts `text` on the terminal's clipboard when it takes text, and in a new file `name` of
  /// ``exportFolder`` (a command: the outcome comes back as a notice).
  private mutating func export(_ text: String, kind: String, as name: String) {
    let copied = clipboard?(text) ?? false
    let folder = exportFolder
    let bytes = text.utf8.count
    commands.append(
      Command("save \(name)") { () async -> DevtoolsMessage? in
        do {
          let file = try folder.save(Data(text.utf8), as: name)
          return .notice(
            (copied ? "Copied \(bytes) bytes of \(kind) to the clipboard and " : "Saved \(kind) ")
              + "to \(file)" + (copied ? "" : " (the terminal takes no clipboard text)"),
            kind: .info)
        } catch {
          return .notice(
            (copied ? "Copied to the clipboard; " : "") + "could not save the \(kind): \(error)",
            kind: copied ? .info : .error)
        }
      })
  }

  /// `post-248-120305.json`.
  static func fileName(for path: OperationPath, at date: Date) -> String {
    let parts = path.map(\.label).joined(separator: "-")
    let safe = String(parts.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }.prefix(80))
    let time = StoreColumns.clockTime(date).replacingOccurrences(of: ":", with: "")
    return "\(safe.isEmpty ? "value" : safe)-\(time).json"
  }
}

/// An error that may say its run was cancelled, whatever the operation's failure type: the
/// devtools hold stores of every type, so they tell a cancellation apart by this, never by the
/// error's text.
protocol CancellationTelling: Error {
  var isCancellation: Bool { get }
}

extension OperationError: CancellationTelling {}
