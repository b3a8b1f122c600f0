import Foundation
import TetherAttach
import TetherCore
import TetherDevtools
import TetherTerminal

/// The devtools over the whole terminal, on another process's stores — attached live, or a
/// recording replayed with a time cursor — with a status bar that says which.
final class DevtoolsScreen: TerminalApp {
  /// What the connection reports to the loop.
  enum Message: Sendable {
    /// The process went away (the text says how); the last state stays.
    case detached(String)
    /// A command sent without waiting failed, or the process reported an error.
    case notice(String)
  }

  enum ReplayAction: Hashable, Sendable {
    case playPause, nextChange, previousChange, back, forward, start, end, jump
  }

  static let replayKeys = Keymap<ReplayAction>(
    title: "Replay",
    [
      .init([" "], .playPause, "Play or pause", hint: "play/pause", importance: .high),
      .init(["."], .nextChange, "Step to the next change", hint: "next", importance: .high),
      .init(
        [","], .previousChange, "Step to the previous change", hint: "previous", importance: .high),
      .init(["]"], .forward, "Jump 5 s forward", hint: "+5s"),
      .init(["["], .back, "Jump 5 s back", hint: "-5s"),
      .init(["0"], .start, "Jump to the start"),
      .init(["$"], .end, "Jump to the end"),
      .init(["t"], .jump, "Jump to a time (seconds from the start)", hint: "time"),
    ])

  static let appKeys = Keymap<AppAction>(
    title: "tether",
    [
      .init(["?"], .help, "Show this help", hint: "help", importance: .high),
      .init(
        ["F"], .faults, "Faults the process injects: failure rate, statuses, latency, fail next",
        hint: "faults"),
      .init(["q"], .quit, "Quit", hint: "quit", importance: .essential),
    ])

  enum AppAction: Hashable, Sendable {
    case help, quit, faults
  }

  let devtools: Devtools
  let source: RemoteSource
  let replay: Replay?
  let inbox: Inbox<Message>
  var state = DevtoolsState()
  var help: HelpState?
  /// While playing: when play started and where the cursor was then.
  var playing: (since: Date, from: Double)?
  /// The time being typed after `t`.
  var jumpField: TextFieldState?
  var toast = ToastState()

  /// The devtools on `source`; `faults` and `storeFaults` set the attached process's faults
  /// (nil for a replay).
  init(
    source: RemoteSource, replay: Replay? = nil, inbox: Inbox<Message> = Inbox(),
    faults: (any FaultTarget)? = nil, storeFaults: (any StoreFaultTarget)? = nil
  ) {
    self.source = source
    self.inbox = inbox
    self.replay = replay
    devtools = Devtools(
      source: source, network: source.network, faults: faults, storeFaults: storeFaults,
      exporter: RecordingExporter())
    state.presentation = .fullScreen
    offerOnlyWhatWorks()
  }

  /// Whether nothing can change the source any more: a recording, or a process that has gone.
  private var changesNoMore: Bool { replay != nil || source.status?.isDetached == true }

  /// The app's keys that work here: not the faults once nothing changes.
  private var offeredAppKeys: Keymap<AppAction> {
    changesNoMore ? Self.appKeys.removing([.faults]) : Self.appKeys
  }

  /// Leaves out of the devtools' keys, and so of the footers, the help and the palette, what
  /// does nothing here: the full-screen key (this screen is the whole terminal), and once
  /// nothing can change the source, every action that would (refetch, mock offline…).
  private func offerOnlyWhatWorks() {
    state.keys = state.keys.removing(
      changesNoMore
        ? DevtoolsAction.changingTheSource.union([.toggleFullScreen]) : [.toggleFullScreen])
  }

  /// Takes the config file's keys, theme and first page for a terminal of `colors` colours;
  /// a bad file is said once, in a toast, and the defaults are used.
  func configure(with loaded: DevtoolsConfiguration.Loaded, colors: Int) {
    state.theme = DevtoolsTheme(colors: colors)
    let problem =
      loaded.problem ?? state.configure(with: loaded.configuration, devtools: devtools)
    if let problem {
      toast.show(problem, kind: .error, now: Date(), duration: .seconds(10))
    }
    offerOnlyWhatWorks()
  }

  var minimumSize: Size { Size(width: 40, height: 8) }
  var inboxes: [any MessageSource] { [devtools.messages, inbox] }

  func render(into frame: inout Frame) {
    if let replay, let playing {
      let elapsed = frame.now.timeIntervalSince(playing.since)
      replay.seek(to: playing.from + elapsed)
      if replay.time >= replay.contents.duration {
        self.playing = nil
      } else {
        frame.redraw(after: .milliseconds(100))
      }
    }
    let rows = frame.bounds.rows([.fill, .fixed(1), .fixed(1)])
    if let replay {
      // The devtools draw the recording as it was: their "now" is the cursor's date, so a
      // run in flight at that moment is drawn up to it, not to the wall clock.
      var past = Frame(canvas: frame.canvas, now: replay.date)
      DevtoolsView(devtools, isFocused: help == nil).render(
        in: rows[0], into: &past, state: &state)
      frame.canvas = past.canvas
    } else {
      DevtoolsView(devtools, isFocused: help == nil).render(
        in: rows[0], into: &frame, state: &state)
    }
    statusBar.render(in: rows[1], into: &frame)
    if var jumpField {
      frame.fill(rows[2])
      let label = "Jump to (seconds): "
      frame.write(label, at: Point(x: 0, y: rows[2].minY), style: .bold)
      TextField(placeholder: "e.g. 4.5", isFocused: true).render(
        in: Rect(
          x: label.count, y: rows[2].minY, width: max(0, rows[2].width - label.count), height: 1),
        into: &frame, state: &jumpField)
      self.jumpField = jumpField
    } else {
      KeyHintBar(hints).render(in: rows[2], into: &frame)
    }
    Toast().render(in: rows[0], into: &frame, state: &toast)
    DevtoolsDialogs(devtools).render(in: frame.bounds, into: &frame, state: &state)
    if var help {
      HelpOverlay(helpSections).render(in: frame.bounds, into: &frame, state: &help)
      self.help = help
    }
  }

  var hints: [KeyHint] {
    if help != nil { return HelpState.keymap.hints }
    var hints = state.hints
    if replay != nil && !state.isEditingText { hints = Self.replayKeys.hints + hints }
    return hints + (state.isEditingText ? [] : offeredAppKeys.hints)
  }

  var helpSections: [HelpSection] {
    guard replay != nil else { return [offeredAppKeys.help] + state.helpSections }
    // The replay's keys go first: a key of the devtools they take (`t`) is not listed there.
    let taken = Set(Self.replayKeys.help.entries.map(\.keys))
    let devtools = state.helpSections.map { section in
      HelpSection(
        title: section.title, entries: section.entries.filter { !taken.contains($0.keys) })
    }
    return [offeredAppKeys.help, Self.replayKeys.help] + devtools
  }

  func handle(_ event: Event, context: EventContext) -> EventResult {
    if case .message(let posted) = event, let message = posted.value as? Message {
      switch message {
      case .detached(let why):
        toast.show("detached: \(why)", kind: .error, now: context.now, duration: .seconds(6))
        offerOnlyWhatWorks()
      case .notice(let text):
        toast.show(text, kind: .error, now: context.now, duration: .seconds(6))
      }
      return .handled
    }
    if var help {
      switch help.handle(event) {
      case .close: self.help = nil
      case .handled: self.help = help
      case .ignored: break
      }
      return .handled
    }
    if jumpField != nil, case .key(let key) = event {
      return handleJump(key, now: context.now)
    }
    if !state.isModal && !state.isEditingText, case .key(let key) = event {
      switch Self.appKeys.action(for: key) {
      case .quit: return .quit
      case .help:
        help = HelpState()
        return .handled
      case .faults:
        if changesNoMore {
          toast.show(
            "Faults are set on a live process: \(replay != nil ? "a recording" : "this one") "
              + "changes no more", kind: .error, now: context.now)
        } else {
          state.openFaults(devtools, now: context.now)
        }
        return .handled
      case nil: break
      }
      if let replay, let action = Self.replayKeys.action(for: key) {
        perform(action, on: replay, now: context.now)
        return .handled
      }
    }
    let outcome = state.handle(event, devtools: devtools, context: context)
    state.presentation = .fullScreen
    switch outcome {
    case .ignored: return .ignored
    default: return .handled(running: state.commands)
    }
  }

  private func perform(_ action: ReplayAction, on replay: Replay, now: Date) {
    let current = playing.map { $0.from + now.timeIntervalSince($0.since) } ?? replay.time
    switch action {
    case .playPause:
      if playing != nil {
        playing = nil
        replay.seek(to: min(current, replay.contents.duration))
      } else {
        let from = replay.time >= replay.contents.duration ? 0 : replay.time
        replay.seek(to: from)
        playing = (now, from)
      }
      return
    case .nextChange:
      if let next = replay.nextChange { replay.seek(to: next) }
    case .previousChange:
      if let previous = replay.previousChange { replay.seek(to: previous) }
    case .forward: replay.seek(to: current + 5)
    case .back: replay.seek(to: current - 5)
    case .start: replay.seek(to: 0)
    case .end: replay.seek(to: replay.contents.duration)
    case .jump:
      jumpField = TextFieldState()
    }
    playing = nil
  }

  private func handleJump(_ key: Key, now: Date) -> EventResult {
    guard var field = jumpField else { return .ignored }
    switch key {
    case .escape:
      jumpField = nil
    case .enter:
      jumpField = nil
      if let seconds = Double(field.text.trimmingCharacters(in: .whitespaces)), seconds.isFinite {
        replay?.seek(to: seconds)
      } else {
        toast.show("Not a time in seconds: \(field.text)", kind: .error, now: now)
      }
    default:
      _ = field.handle(.key(key))
      jumpField = field
    }
    return .handled
  }
}
