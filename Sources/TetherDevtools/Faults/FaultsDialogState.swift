import Foundation
import TetherTerminal

/// The faults dialog's state: the plan being edited — applied live to its target with every
/// change —, the focused field, the route fields being typed, and the last error.
public struct FaultsDialogState {
  /// One line of the dialog.
  public enum Field: Int, CaseIterable, Sendable, Hashable {
    case failureRate, failureStatus, retryAfter, failNext, failNextRoutes, routes
    case latency, jitter, truncated, drop, clear, close

    var title: String {
      switch self {
      case .failureRate: "Failure rate"
      case .failureStatus: "Failure status"
      case .retryAfter: "Retry-After"
      case .failNext: "Fail the next"
      case .failNextRoutes: "  of routes"
      case .routes: "Only routes"
      case .latency: "Latency"
      case .jitter: "Jitter"
      case .truncated: "Truncated JSON"
      case .drop: "Dropped connections"
      case .clear: "Clear all"
      case .close: "Close"
      }
    }

    var isText: Bool { self == .routes || self == .failNextRoutes }
  }

  static let rates: [Double] = [0, 0.1, 0.25, 0.5, 0.75, 1]
  static let statuses: [[Int]] = [[500, 503], [500], [503], [429], [502], [504]]
  static let retryAfters: [Duration?] = [nil, .seconds(1), .seconds(2), .seconds(5), .seconds(10)]
  static let latencies: [Duration] = [
    .zero, .milliseconds(100), .milliseconds(300), .seconds(1), .milliseconds(1500), .seconds(3),
    .seconds(10),
  ]
  static let jitters: [Duration] = [
    .zero, .milliseconds(50), .milliseconds(100), .milliseconds(300), .seconds(1),
  ]
  static let smallRates: [Double] = [0, 0.1, 0.25, 0.5, 1]

  public private(set) var plan: FaultPlan
  public private(set) var focus = Field.failureRate
  var routes: TextFieldState
  var failNextRoutes: TextFieldState
  /// Why the last change was not applied.
  public private(set) var error: String?

  /// A dialog editing what `target` applies now.
  public init(target: any FaultTarget) {
    plan = target.plan
    routes = TextFieldState(text: plan.routes.joined(separator: ", "))
    failNextRoutes = TextFieldState(text: plan.failNextRoutes.joined(separator: ", "))
  }

  /// What a key did.
  public enum Outcome: Equatable {
    case handled, ignored, close
  }

  /// ↑/↓ (Tab, Shift-Tab) move between fields; ←/→ (h/l, Space) change a value and apply it at
  /// once; digits type the number of failures; route fields take text, applied with Enter or
  /// when leaving them; Enter on "Clear all" removes every fault; Esc closes.
  public mutating func handle(
    _ event: Event, target: any FaultTarget, stores: (any StoreFaultTarget)?
  )
    -> Outcome
  {
    guard case .key(let key) = event else {
      if case .paste = event, focus.isText {
        _ = editField { $0.handle(event) }
        return .handled
      }
      return .ignored
    }
    switch key {
    case .escape:
      commitText(target)
      return .close
    case .up, .shiftTab:
      move(by: -1, target: target)
      return .handled
    case .down, .tab:
      move(by: 1, target: target)
      return .handled
    default:
      break
    }
    if focus.isText {
      if key == .enter {
        commitText(target)
        return .handled
      }
      return editField { $0.handle(event) } ? .handled : .ignored
    }
    switch (focus, key) {
    case (.clear, .enter), (.clear, .space):
      plan = .none
      routes = TextFieldState()
      failNextRoutes = TextFieldState()
      apply(target)
      for path in stores?.storeFailures.keys.map({ $0 }) ?? [] {
        stores?.failNext(0, of: path, like: plan)
      }
      return .handled
    case (.close, .enter), (.close, .space):
      commitText(target)
      return .close
    case (.failNext, let key) where key.character?.isNumber == true:
      let digit = Int(String(key.character!)) ?? 0
      plan.failNext = min(999, plan.failNext * 10 + digit)
      apply(target)
      return .handled
    case (.failNext, .backspace):
      plan.failNext /= 10
      apply(target)
      return .handled
    case (_, .right), (_, "l"), (_, .space), (_, .enter), (_, "+"):
      change(by: 1)
    case (_, .left), (_, "h"), (_, "-"):
      change(by: -1)
    default:
      return .ignored
    }
    apply(target)
    return .handled
  }

  private mutating func editField(_ edit: (inout TextFieldState) -> Bool) -> Bool {
    if focus == .routes { return edit(&routes) }
    return edit(&failNextRoutes)
  }

  private mutating func move(by step: Int, target: any FaultTarget) {
    commitText(target)
    let fields = Field.allCases
    focus = fields[(focus.rawValue + step + fields.count) % fields.count]
  }

  /// Applies the route fields if they changed.
  mutating func commitText(_ target: any FaultTarget) {
    let routes = Self.patterns(self.routes.text)
    let failNextRoutes = Self.patterns(self.failNextRoutes.text)
    guard routes != plan.routes || failNextRoutes != plan.failNextRoutes else { return }
    plan.routes = routes
    plan.failNextRoutes = failNextRoutes
    apply(target)
  }

  static func patterns(_ text: String) -> [String] {
    text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
      !$0.isEmpty
    }
  }

  private mutating func apply(_ target: any FaultTarget) {
    do {
      try plan.validate()
      try target.apply(plan)
      error = nil
    } catch {
      self.error = "\(error)"
    }
  }

  /// Steps the focused value.
  private mutating func change(by step: Int) {
    switch focus {
    case .failureRate: plan.failureRate = Self.step(plan.failureRate, in: Self.rates, by: step)
    case .failureStatus:
      let index = Self.statuses.firstIndex(of: plan.failureStatuses) ?? 0
      plan.failureStatuses =
        Self.statuses[(index + step + Self.statuses.count) % Self.statuses.count]
    case .retryAfter:
      let index = Self.retryAfters.firstIndex(of: plan.retryAfter) ?? 0
      plan.retryAfter =
        Self.retryAfters[(index + step + Self.retryAfters.count) % Self.retryAfters.count]
    case .failNext: plan.failNext = max(0, plan.failNext + step)
    case .latency: plan.latency = Self.step(plan.latency, in: Self.latencies, by: step)
    case .jitter: plan.jitter = Self.step(plan.jitter, in: Self.jitters, by: step)
    case .truncated:
      plan.truncatedRate = Self.step(plan.truncatedRate, in: Self.smallRates, by: step)
    case .drop: plan.dropRate = Self.step(plan.dropRate, in: Self.smallRates, by: step)
    case .failNextRoutes, .routes, .clear, .close: break
    }
  }

  /// The step after (or before) `value` in `steps`, wrapping; a value between steps goes to
  /// the nearest one in that direction.
  static func step<Value: Comparable>(_ value: Value, in steps: [Value], by step: Int) -> Value {
    if step > 0 {
      return steps.first { $0 > value } ?? steps[0]
    }
    return steps.last { $0 < value } ?? steps[steps.count - 1]
  }

  /// The text of a field's value.
  func value(of field: Field) -> String {
    switch field {
    case .failureRate: FaultPlan.percentage(plan.failureRate)
    case .failureStatus: plan.failureStatuses.map(String.init).joined(separator: " or ")
    case .retryAfter:
      plan.retryAfter.map { FaultPlan.duration($0) + " (on 429 and 503)" } ?? "none"
    case .failNext: "\(plan.failNext) request\(plan.failNext == 1 ? "" : "s")"
    case .latency: FaultPlan.duration(plan.latency)
    case .jitter: "up to " + FaultPlan.duration(plan.jitter) + " more"
    case .truncated: FaultPlan.percentage(plan.truncatedRate) + " of successful responses"
    case .drop: FaultPlan.percentage(plan.dropRate) + " of requests"
    case .failNextRoutes, .routes, .clear, .close: ""
    }
  }
}
