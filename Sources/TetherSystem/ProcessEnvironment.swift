import Glibc

/// The process's environment, read from the C library (Foundation-free).
public enum ProcessEnvironment {
  public static var current: [String: String] {
    var values: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        values[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return values
  }
}
