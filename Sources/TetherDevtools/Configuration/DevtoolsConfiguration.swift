import Foundation
import TetherDiagnostics
import TetherJSON
import TetherTerminal

/// What a user sets in the devtools' config file — `$XDG_CONFIG_HOME/tether/config.json`
/// (`~/.config/tether/config.json`), or the file of `--config FILE`: the key bindings of each
/// keymap (the footer and the help follow them), the theme, the page shown at start and the
/// faults injected from the start. See <doc:TheConfigFile> for every key.
///
/// ```swift
/// let loaded = DevtoolsConfiguration.load(file: options.configFile, environment: environment)
/// state.configure(with: loaded.configuration)
/// if let problem = loaded.problem { app.tell(problem) }   // one message; defaults are used
/// ```
public struct DevtoolsConfiguration: Sendable {
  /// The devtools' keymaps with the file's bindings applied.
  public var keys = DevtoolsKeys()
  /// The colours of the devtools.
  public var theme = DevtoolsTheme.Name.standard
  /// The page the devtools show first; nil leaves the app's choice (the store view).
  public var page: DevtoolsState.Page?
  /// Faults to inject from the start; nil injects none.
  public var faults: FaultPlan?

  /// The defaults: the standard keys and theme, no page, no faults.
  public init() {}

  /// The largest config file read, in bytes.
  public static let largestFile = 256 * 1024

  /// The config file read when none is named: `$XDG_CONFIG_HOME/tether/config.json`, else
  /// `$HOME/.config/tether/config.json`; nil without either (no file is read).
  ///
  /// - Parameter environment: the process's environment.
  public static func standardFile(environment: [String: String]) -> String? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return config + "/tether/config.json"
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return home + "/.config/tether/config.json"
    }
    return nil
  }

  /// What loading the config file gave: the configuration to use, and the one message to show
  /// when the file could not be used (its defaults are then used whole).
  public struct Loaded: Sendable {
    /// The file's configuration, or the defaults when there was none or it was bad.
    public var configuration: DevtoolsConfiguration
    /// Why the file was not used, naming the file and the key or line; nil when it was used or
    /// there was no file to read.
    public var problem: String?
  }

  /// Reads `file` (`--config FILE`), or the standard file when nil. A standard file that does
  /// not exist is no problem; a named file that does not exist, or any bad file, gives the
  /// defaults and one message.
  ///
  /// - Parameters:
  ///   - file: the file `--config` names; nil reads ``standardFile(environment:)``.
  ///   - environment: the process's environment, for the standard file's place.
  public static func load(file: String?, environment: [String: String]) -> Loaded {
    guard let path = file ?? standardFile(environment: environment) else {
      return Loaded(configuration: DevtoolsConfiguration(), problem: nil)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return Loaded(
        configuration: DevtoolsConfiguration(),
        problem: file == nil ? nil : problem(path, "no such file"))
    }
    let bytes: [UInt8]
    do {
      bytes = try read(path)
    } catch {
      return Loaded(configuration: DevtoolsConfiguration(), problem: problem(path, "\(error)"))
    }
    do {
      return Loaded(configuration: try DevtoolsConfiguration(parsing: bytes), problem: nil)
    } catch {
      return Loaded(
        configuration: DevtoolsConfiguration(), problem: problem(path, error.description))
    }
  }

  /// `config file ~/.config/tether/config.json, line 3: … — using the defaults`.
  private static func problem(_ path: String, _ text: String) -> String {
    var shown = path
    if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty,
      path.hasPrefix(home + "/")
    {
      shown = "~" + path.dropFirst(home.count)
    }
    let joint = text.hasPrefix("line ") ? ", " : ": "
    return "config file \(shown)\(joint)\(text) — using the defaults"
  }

  /// The file's bytes, refused when it is not a regular file or is too large.
  private static func read(_ path: String) throws -> [UInt8] {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    guard attributes[.type] as? FileAttributeType == .typeRegular else {
      throw DevtoolsConfigurationError("it is not a regular file")
    }
    if let size = attributes[.size] as? Int, size > largestFile {
      throw DevtoolsConfigurationError("it is \(size) bytes, over the limit of \(largestFile)")
    }
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }
}

/// Why a config file is not used, in words that name the key or line.
public struct DevtoolsConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
  public var description: String

  /// An error that says `description`.
  public init(_ description: String) {
    self.description = description
  }
}
