import CNCursesW
import Foundation
import Glibc

extension NCursesScreen {
  /// The most text ``copyToClipboard(_:)`` sends: terminals drop longer OSC 52 requests.
  public static let clipboardLimit = 74_994

  /// Whether the terminal lets an app set its clipboard: its terminfo entry declares the `Ms`
  /// capability (OSC 52), as xterm's and tmux's do. Only meaningful while the screen is
  /// started.
  public var canSetClipboard: Bool {
    guard case .active = ownership else { return false }
    guard let capability = tigetstr("Ms") else { return false }
    return Int(bitPattern: capability) != -1
  }

  /// Puts `text` on the terminal's clipboard with OSC 52 (tmux passes it on unless its
  /// `set-clipboard` option is off), when ``canSetClipboard`` allows it and the text is at
  /// most ``clipboardLimit`` bytes of UTF-8. Call it on the loop's thread, as every screen
  /// call.
  ///
  /// - Returns: whether the request was sent; the terminal does not say whether it obeyed.
  @discardableResult
  public func copyToClipboard(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard canSetClipboard, bytes.count <= Self.clipboardLimit else { return false }
    var sequence = Array("\u{1B}]52;c;\(Data(bytes).base64EncodedString())\u{07}".utf8)
    return write(terminalDescriptor, &sequence, sequence.count) == sequence.count
  }
}
