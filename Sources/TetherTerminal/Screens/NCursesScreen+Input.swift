import CNCursesW
import Glibc

/// Reading: keys, paste, focus and mouse from curses; signals from the signal thread.
extension NCursesScreen {
  public func read() -> [Input] {
    guard isStarted else { return [] }
    var inputs = readSignals()
    // In the background, reading the terminal would stop the process (SIGTTIN).
    guard case .active = ownership else { return inputs }
    var batch: [RawInput] = []
    var character: wint_t = 0
    while true {
      let result = wget_wch(inputPad, &character)
      if result == ERR { break }
      if result == KEY_CODE_YES {
        let code = Int32(character)
        if code == KEY_RESIZE {
          if let event = resizeIfNeeded() { inputs.append(.event(event)) }
        } else if code == KEY_MOUSE {
          if let mouse = Self.readMouse() { batch.append(.mouse(mouse)) }
        } else if code > KEY_MAX, !InputDecoder.isOwnCode(code), let name = keyname(code) {
          batch.append(.namedKey(String(cString: name)))
        } else {
          batch.append(.keyCode(code))
        }
      } else if let scalar = Unicode.Scalar(UInt32(character)) {
        batch.append(.character(scalar))
      }
    }
    inputs += decoder.decode(batch).map { .event($0) }
    if batch.isEmpty && inputs.isEmpty && inputHungUp() {
      inputs.append(.terminationRequested(signal: SIGHUP))
    }
    return inputs
  }

  private func readSignals() -> [Input] {
    var inputs: [Input] = []
    var interrupts = 0
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = Glibc.read(signals.loopDescriptor, &buffer, buffer.count)
      guard count > 0 else { break }
      for byte in buffer[0..<count] {
        let signal = Int32(byte & 0x7F)
        let fromTerminal = Int32(byte) & tether_signal_from_terminal() != 0
        switch signal {
        case SIGINT where fromTerminal:
          // Ctrl-C, turned into a signal by the terminal: a key like any other for the app.
          interrupts += 1
          inputs.append(.event(.key(.ctrl("c"))))
        case SIGWINCH:
          if let event = resizeIfNeeded() { inputs.append(.event(event)) }
        case SIGTSTP: inputs.append(.suspendRequested)
        case SIGCONT:
          if continued() { inputs.append(.resumed) }
        default:
          options.log?.write("signal \(signal) received")
          inputs.append(.terminationRequested(signal: signal))
        }
      }
    }
    signals.acknowledgeInterrupts(interrupts)
    return inputs
  }

  /// The event ncurses decoded after `KEY_MOUSE`.
  private static func readMouse() -> MouseEvent? {
    var event = MEVENT()
    guard getmouse(&event) == OK else { return nil }
    let state = event.bstate
    var modifiers: Key.Modifiers = []
    if state & tether_mouse_shift() != 0 { modifiers.insert(.shift) }
    if state & tether_mouse_ctrl() != 0 { modifiers.insert(.control) }
    if state & tether_mouse_alt() != 0 { modifiers.insert(.alt) }
    let position = Point(x: Int(event.x), y: Int(event.y))
    let buttons: [(Int32, MouseEvent.Button)] = [(1, .left), (2, .middle), (3, .right)]
    for (number, button) in buttons {
      if state & (tether_mouse_pressed(number) | tether_mouse_clicked(number)) != 0 {
        return MouseEvent(.press(button), at: position, modifiers: modifiers)
      }
      if state & tether_mouse_released(number) != 0 {
        return MouseEvent(.release(button), at: position, modifiers: modifiers)
      }
    }
    if state & tether_mouse_pressed(4) != 0 {
      return MouseEvent(.scrollUp, at: position, modifiers: modifiers)
    }
    if state & tether_mouse_pressed(5) != 0 {
      return MouseEvent(.scrollDown, at: position, modifiers: modifiers)
    }
    return nil
  }

  private func resizeIfNeeded() -> Event? {
    guard let newSize = terminalSize(), newSize != size else { return nil }
    resize(to: newSize)
    options.log?.write("resized to \(newSize)")
    return .resize(newSize)
  }

  private func inputHungUp() -> Bool {
    var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 0) > 0 else { return false }
    return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
  }
}
