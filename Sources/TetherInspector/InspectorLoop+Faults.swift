import TetherCore
import TetherDiagnostics
import TetherJSON

/// The faults a viewer sets — a plan for the process's fault target, the next failures of one
/// store — and the faults state viewers are sent whenever it changes (a plan applied, a queued
/// failure used up, the process changing its own faults).
extension InspectorLoop {
  /// `setFaults`: the plan is read strictly, validated, then applied.
  mutating func setFaults(id: Int, _ message: JSONValue, for viewer: ViewerConnection) {
    guard let target = server.faults else {
      answer(
        viewer, id, ok: false,
        "\(server.name) injects no faults: it starts its inspector without a fault target")
      return
    }
    do {
      let plan = try FaultPlan(json: message["plan"])
      try plan.validate()
      try target.apply(plan)
    } catch {
      answer(viewer, id, ok: false, "faults not set: \(Redaction.standard.text("\(error)"))")
      return
    }
    server.onViewerChange?()
    answer(viewer, id, ok: true, "faults set: " + (target.statusText ?? "none"))
    sendFaultsAfterCommand()
  }

  /// `failNext`: `count` next requests of a query fail, with the statuses of `plan` (the
  /// process's own plan's when left out).
  mutating func failNext(
    id: Int, _ message: JSONValue, at address: StoreAddress, for viewer: ViewerConnection
  ) {
    guard let target = server.storeFaults else {
      answer(
        viewer, id, ok: false,
        "\(server.name) cannot fail a store's requests: it starts its inspector without a "
          + "store fault target")
      return
    }
    guard !address.isMutation else {
      answer(viewer, id, ok: false, "fail next is for queries, not mutations")
      return
    }
    guard let count = message["count"]?.integer, (0...FaultPlan.mostJSONFailures).contains(count)
    else {
      answer(
        viewer, id, ok: false,
        "failNext needs a count: a whole number from 0 to \(FaultPlan.mostJSONFailures)")
      return
    }
    guard store(at: address) != nil else {
      answer(viewer, id, ok: false, "no query at \(address.path.label)")
      return
    }
    let like: FaultPlan
    do {
      like =
        message["plan"] == nil
        ? server.faults?.plan ?? FaultPlan() : try FaultPlan(json: message["plan"])
      try like.validate()
    } catch {
      answer(viewer, id, ok: false, "fail next not set: \(error)")
      return
    }
    target.failNext(count, of: address.path, like: like)
    server.onViewerChange?()
    answer(
      viewer, id, ok: true,
      count > 0
        ? "the next \(count) request\(count == 1 ? "" : "s") of \(address.path.label) will fail"
        : "requests of \(address.path.label) go through")
    sendFaultsAfterCommand()
  }

  /// Sends every viewer the faults state after a viewer's command, even when it is what they
  /// were sent last: the viewer showed its change before the process had it, and the process
  /// (or another viewer) may have undone it meanwhile — with no message the viewer would keep
  /// showing a change the process does not have.
  private mutating func sendFaultsAfterCommand() {
    lastFaults = nil
    sendFaultsIfChanged()
  }

  /// The faults state, when the process has a fault target.
  func faultsState() -> JSONValue? {
    guard server.faults != nil || server.storeFaults != nil else { return nil }
    return WireFaults.state(faults: server.faults, storeFaults: server.storeFaults)
  }

  /// Sends `viewer` (one of ``viewers``) the faults state after its snapshot — and the others
  /// too, when it changed since they were sent it.
  mutating func sendFaults(to viewer: ViewerConnection) {
    guard let state = faultsState() else { return }
    guard state == lastFaults else {
      sendFaultsIfChanged()
      return
    }
    viewer.send(InspectorProtocol.line(state), limit: 0, always: true)
  }

  /// Sends every viewer the faults state if it is not what they were sent last.
  mutating func sendFaultsIfChanged() {
    guard !viewers.isEmpty, let state = faultsState(), state != lastFaults else { return }
    lastFaults = state
    let line = InspectorProtocol.line(state)
    for viewer in viewers { viewer.send(line, limit: server.options.bufferLimit) }
  }
}
