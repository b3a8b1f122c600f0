extension Command {
  /// Parses `arguments` for the command called `path` as typed (`tether-bench core`), which
  /// errors and help name.
  func parse(_ arguments: [String], path: String) throws(CommandLineError) -> Invocation<Options> {
    func failure(_ message: String) -> CommandLineError {
      CommandLineError(message, command: path)
    }
    var options = defaults
    var positionals: [String] = []
    var remaining = arguments[...]
    var onlyPositionals = false
    while let argument = remaining.popFirst() {
      if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      let (name, inlineValue) = Self.split(argument)
      if let text = builtIn(name, path: path) {
        guard inlineValue == nil else { throw failure("\(name) takes no value") }
        return .print(text)
      }
      guard
        let declared = self.arguments.first(where: {
          !$0.kind.isPositional && $0.names.contains(name)
        })
      else {
        throw failure(unknownOption(name))
      }
      let value: String
      if declared.kind == .flag {
        guard inlineValue == nil else { throw failure("\(name) takes no value") }
        value = ""
      } else if let inlineValue {
        value = inlineValue
      } else if let next = remaining.popFirst() {
        value = next
      } else {
        throw failure("missing value for \(name)")
      }
      try apply(declared, value, named: name, to: &options, path: path)
    }
    try assign(positionals, to: &options, path: path)
    if let validate {
      do {
        try validate(&options)
      } catch {
        throw failure(error.message)
      }
    }
    return .run(options)
  }

  /// `--name=value` as the name and the value; any other argument as itself and nil.
  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// The text a built-in option prints, or nil when `name` is not one.
  private func builtIn(_ name: String, path: String) -> String? {
    BuiltInOption.text(for: name, documentation: { documentation(path: path) }, version: version)
  }

  /// `unknown option '--latencey'; did you mean '--latency'?`
  private func unknownOption(_ name: String) -> String {
    var known = arguments.filter { !$0.isHidden && !$0.kind.isPositional }.flatMap(\.names)
    known += BuiltInOption.help + (version == nil ? [] : [BuiltInOption.version])
    let message = "unknown option '\(name)'"
    guard let suggestion = Suggestion.closest(to: name, among: known) else { return message }
    return message + "; did you mean '\(suggestion)'?"
  }

  private func apply(
    _ argument: Argument<Options>, _ value: String, named name: String,
    to options: inout Options, path: String
  ) throws(CommandLineError) {
    do {
      try argument.apply(&options, value)
    } catch {
      throw CommandLineError(
        "invalid value '\(argument.shownInput(value))' for \(name): \(error.reason)",
        command: path)
    }
  }

  /// Gives each positional argument its values, in the order they are declared: every
  /// required one first, then the optional ones, then the rest to a repeated one.
  private func assign(
    _ values: [String], to options: inout Options, path: String
  ) throws(CommandLineError) {
    let declared = arguments.filter(\.kind.isPositional)
    let required = declared.filter { $0.kind == .positional(.one) }.count
    guard values.count >= required else {
      let missing = declared.filter { $0.kind == .positional(.one) }[values.count]
      throw CommandLineError("missing \(missing.names[0])", command: path)
    }
    var optionalLeft = values.count - required
    var remaining = values[...]
    for argument in declared {
      switch argument.kind {
      case .positional(.one):
        try apply(
          argument, remaining.removeFirst(), named: argument.names[0], to: &options, path: path)
      case .positional(.optional):
        guard optionalLeft > 0 else { continue }
        optionalLeft -= 1
        try apply(
          argument, remaining.removeFirst(), named: argument.names[0], to: &options, path: path)
      case .positional(.many):
        while let value = remaining.popFirst() {
          try apply(argument, value, named: argument.names[0], to: &options, path: path)
        }
      case .flag, .option:
        break
      }
    }
    if let extra = remaining.first {
      throw CommandLineError("unexpected argument '\(extra)'", command: path)
    }
  }
}
