/// Makes any text safe to put in a terminal cell.
///
/// ``Canvas/write(_:at:style:clip:)`` calls ``sanitize(_:)`` on every string, so text from a
/// server or a user can never move the cursor, clear the screen, change colours, set the window
/// title or write the clipboard:
/// - whole escape sequences are removed: CSI (`ESC [` and 8-bit `0x9B`), OSC (`ESC ]`, `0x9D`),
///   DCS (`ESC P`, `0x90`), SOS/PM/APC and two-character escapes;
/// - line breaks (CR, LF, CR LF, VT, FF, NEL, U+2028, U+2029) become one space;
/// - a tab expands with spaces to the next multiple of 8 columns from the start of the text;
/// - other C0 and C1 controls and DEL become `�` (visible, so hostile data is noticed);
/// - bidirectional overrides, embeddings, isolates and marks are dropped, so text cannot be
///   reordered on screen.
public enum TextSanitizer {
  /// The replacement for a lone control character.
  public static let placeholder: Unicode.Scalar = "\u{FFFD}"

  /// `text` without control characters and escape sequences, with tabs expanded.
  public static func sanitize(_ text: String) -> String {
    if isPrintableASCII(text) { return text }
    var scanner = Scanner()
    for scalar in text.unicodeScalars { scanner.consume(scalar) }
    return String(scanner.output)
  }

  /// Whether every byte is printable ASCII (the common case, which needs no work).
  static func isPrintableASCII(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
  }

  private enum State {
    case text
    case escape
    case escapeIntermediate
    case controlSequence
    case controlString
    case controlStringEscape
  }

  private struct Scanner {
    var output = String.UnicodeScalarView()
    var state = State.text
    var lastWasCarriageReturn = false

    mutating func consume(_ scalar: Unicode.Scalar) {
      let value = scalar.value
      switch state {
      case .text:
        consumeText(scalar)
      case .escape:
        switch value {
        case 0x5B: state = .controlSequence  // [
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F: state = .controlString  // ] P X ^ _
        case 0x20...0x2F: state = .escapeIntermediate
        default: continueSequence(scalar, finals: 0x30...0x7E)
        }
      case .escapeIntermediate: continueSequence(scalar, finals: 0x30...0x7E)
      case .controlSequence: continueSequence(scalar, finals: 0x40...0x7E)
      case .controlString:
        switch value {
        case 0x07, 0x9C: state = .text
        case 0x1B: state = .controlStringEscape
        default: break
        }
      case .controlStringEscape:
        if value == 0x5C {
          state = .text
        } else {
          state = .escape
          consume(scalar)
        }
      }
    }

    /// Inside an escape or control sequence: a byte from 0x20 up to `finals` (an intermediate,
    /// a CSI parameter) continues it, one of `finals` ends it, and anything else ends it and is
    /// text again.
    private mutating func continueSequence(_ scalar: Unicode.Scalar, finals: ClosedRange<UInt32>) {
      let value = scalar.value
      if (0x20..<finals.lowerBound).contains(value) { return }
      state = .text
      if !finals.contains(value) { consumeText(scalar) }
    }

    private mutating func consumeText(_ scalar: Unicode.Scalar) {
      let value = scalar.value
      defer { lastWasCarriageReturn = value == 0x0D }
      switch value {
      case 0x1B: state = .escape
      case 0x9B: state = .controlSequence
      case 0x90, 0x98, 0x9D, 0x9E, 0x9F: state = .controlString
      case 0x0A where lastWasCarriageReturn: break
      case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: output.append(" ")
      case 0x09: expandTab()
      case 0x00...0x1F, 0x7F...0x9F: output.append(TextSanitizer.placeholder)
      case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: break
      default: output.append(scalar)
      }
    }

    private mutating func expandTab() {
      let column = DisplayWidth.of(String(output))
      let spaces = 8 - column % 8
      output.append(contentsOf: repeatElement(" ", count: spaces))
    }
  }
}
