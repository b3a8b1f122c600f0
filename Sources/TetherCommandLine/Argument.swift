/// One thing a command line may say: a flag (`--quiet`), an option with a value (`--port N`),
/// or a positional argument (`FILE`), with its help and what it does to the options.
///
/// ```swift
/// let arguments: [Argument<ServerOptions>] = [
///   .option("--port", value: .integer(in: 0...65535), help: "port to listen on", to: \.port),
///   .option("--latency", value: .duration(), help: "added to every request", to: \.latency),
///   .flag("--quiet", help: "do not log requests", setting: \.logsRequests, to: false),
///   .option("--route", value: .string, help: "a route faults hit", appendingTo: \.routes),
///   .counter("-v", "--verbose", help: "say more; twice says everything", counting: \.verbosity),
///   .positional("DIR", value: .directory, help: "the data to serve", to: \.directory),
/// ]
/// ```
///
/// An option takes its value as the next argument or after `=` (`--latency=200ms`); given
/// twice, the last one counts, unless it appends.
public struct Argument<Options>: Sendable {
  /// What kind of argument it is.
  public enum Kind: Sendable, Equatable {
    /// Takes no value: `--quiet`, `-v`.
    case flag
    /// Takes one value: `--port 8080`, `--port=8080`.
    case option
    /// Given by place, not by name.
    case positional(Arity)

    var isPositional: Bool {
      if case .positional = self { return true }
      return false
    }
  }

  /// How many values a positional argument takes.
  public enum Arity: Sendable, Equatable {
    case one, optional, many
  }

  public let kind: Kind
  /// The names it is given by (`-h`, `--help`); a positional argument's one name is its
  /// placeholder (`FILE`).
  public let names: [String]
  /// The name of the value in `--help`: `N` in `--port N`; nil for a flag.
  public let valueName: String?
  /// One sentence for `--help` and the man page, without a full stop.
  public let help: String
  /// Whether `--help` and the man page leave it out (for options other programs pass).
  public private(set) var isHidden = false
  let apply: @Sendable (inout Options, String) throws(InvalidValue) -> Void
  let shownInput: @Sendable (String) -> String

  init(
    kind: Kind, names: [String], valueName: String?, help: String,
    shownInput: @escaping @Sendable (String) -> String = { $0 },
    apply: @escaping @Sendable (inout Options, String) throws(InvalidValue) -> Void
  ) {
    precondition(!names.isEmpty, "an argument needs a name")
    for name in names where !kind.isPositional {
      precondition(name.hasPrefix("-") && name != "-" && name != "--", "bad option \(name)")
    }
    self.kind = kind
    self.names = names
    self.valueName = valueName
    self.help = help
    self.shownInput = shownInput
    self.apply = apply
  }

  /// The same argument, left out of `--help` and the man page.
  public func hidden() -> Argument {
    var copy = self
    copy.isHidden = true
    return copy
  }

  /// `-h, --help`, `--port N`, `FILE`: how help writes it.
  var label: String {
    switch kind {
    case .positional(.many): return names[0] + "..."
    case .positional: return names[0]
    case .flag, .option:
      let joined = names.joined(separator: ", ")
      return valueName.map { joined + " " + $0 } ?? joined
    }
  }
}

// MARK: Flags

extension Argument {
  /// A flag that sets `keyPath` to `value`: `.flag("--no-cache", help: …, setting: \.cache,
  /// to: .off)`.
  public static func flag<Value: Sendable>(
    _ names: String..., help: String,
    setting keyPath: WritableKeyPath<Options, Value> & Sendable, to value: Value
  ) -> Argument {
    Argument(kind: .flag, names: names, valueName: nil, help: help) { options, _ in
      options[keyPath: keyPath] = value
    }
  }

  /// A flag that sets a `Bool` to true.
  public static func flag(
    _ names: String..., help: String, setting keyPath: WritableKeyPath<Options, Bool> & Sendable
  ) -> Argument {
    Argument(kind: .flag, names: names, valueName: nil, help: help) { options, _ in
      options[keyPath: keyPath] = true
    }
  }

  /// A flag that counts how often it is given: `-v -v` adds 2.
  public static func counter(
    _ names: String..., help: String, counting keyPath: WritableKeyPath<Options, Int> & Sendable
  ) -> Argument {
    Argument(kind: .flag, names: names, valueName: nil, help: help) { options, _ in
      options[keyPath: keyPath] += 1
    }
  }
}

// MARK: Options

extension Argument {
  /// An option whose value, read by `value`, goes to `keyPath`.
  public static func option<Value>(
    _ names: String..., value: ValueParser<Value>, help: String,
    to keyPath: WritableKeyPath<Options, Value> & Sendable
  ) -> Argument {
    option(names, value: value, help: help) { options, parsed in
      options[keyPath: keyPath] = parsed
    }
  }

  /// An option whose value, read by `value`, goes to an optional `keyPath`.
  public static func option<Value>(
    _ names: String..., value: ValueParser<Value>, help: String,
    to keyPath: WritableKeyPath<Options, Value?> & Sendable
  ) -> Argument {
    option(names, value: value, help: help) { options, parsed in
      options[keyPath: keyPath] = parsed
    }
  }

  /// An option that may be given again and again, each value appended to `keyPath`.
  public static func option<Value>(
    _ names: String..., value: ValueParser<Value>, help: String,
    appendingTo keyPath: WritableKeyPath<Options, [Value]> & Sendable
  ) -> Argument {
    option(names, value: value, help: help) { options, parsed in
      options[keyPath: keyPath].append(parsed)
    }
  }

  /// An option whose value, read by `value`, is given to `apply`, which may refuse it by
  /// throwing.
  public static func option<Value>(
    _ names: String..., value: ValueParser<Value>, help: String,
    apply: @escaping @Sendable (inout Options, Value) throws(InvalidValue) -> Void
  ) -> Argument {
    option(names, value: value, help: help, apply: apply)
  }

  private static func option<Value>(
    _ names: [String], value: ValueParser<Value>, help: String,
    apply: @escaping @Sendable (inout Options, Value) throws(InvalidValue) -> Void
  ) -> Argument {
    Argument(
      kind: .option, names: names, valueName: value.placeholder, help: help,
      shownInput: value.shownInput
    ) { (options, text) throws(InvalidValue) in
      try apply(&options, value.parse(text))
    }
  }
}

// MARK: Positional arguments

extension Argument {
  /// A positional argument that must be given: `FILE`.
  public static func positional<Value>(
    _ name: String, value: ValueParser<Value>, help: String,
    to keyPath: WritableKeyPath<Options, Value> & Sendable
  ) -> Argument {
    positional(name, .one, value: value, help: help) { options, parsed in
      options[keyPath: keyPath] = parsed
    }
  }

  /// A positional argument that may be left out.
  public static func positional<Value>(
    _ name: String, value: ValueParser<Value>, help: String,
    to keyPath: WritableKeyPath<Options, Value?> & Sendable
  ) -> Argument {
    positional(name, .optional, value: value, help: help) { options, parsed in
      options[keyPath: keyPath] = parsed
    }
  }

  /// Every remaining positional argument, none or more: `FILE...`. Declare it last.
  public static func positionals<Value>(
    _ name: String, value: ValueParser<Value>, help: String,
    appendingTo keyPath: WritableKeyPath<Options, [Value]> & Sendable
  ) -> Argument {
    positional(name, .many, value: value, help: help) { options, parsed in
      options[keyPath: keyPath].append(parsed)
    }
  }

  private static func positional<Value>(
    _ name: String, _ arity: Arity, value: ValueParser<Value>, help: String,
    apply: @escaping @Sendable (inout Options, Value) -> Void
  ) -> Argument {
    Argument(
      kind: .positional(arity), names: [name], valueName: name, help: help,
      shownInput: value.shownInput
    ) { (options, text) throws(InvalidValue) in
      apply(&options, try value.parse(text))
    }
  }
}
