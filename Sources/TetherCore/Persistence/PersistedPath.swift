import Foundation

/// An operation path in a form that can be written down and read back: the paths a snapshot
/// holds, and the stable text key a persister files each store under.
///
/// Only paths of strings, integers, booleans, doubles and UUIDs can be persisted, which is what
/// paths are made of; a path with any other element (an enum, a struct) is not written.
///
/// ```swift
/// let path = PersistedPath(["post", 42])!
/// path.key            // #"["post",42]"#: the same for equal paths, in every process
/// path.operationPath  // ["post", 42]
/// ```
public struct PersistedPath: Hashable, Sendable, Codable, CustomStringConvertible {
  /// One element of a persisted path.
  public enum Element: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case double(Double)
    case uuid(UUID)

    /// The element for `value`, or nil when values of its type cannot be persisted.
    public init?(_ value: any Hashable & Sendable) {
      switch value {
      case let string as String: self = .string(string)
      case let boolean as Bool: self = .boolean(boolean)
      case let integer as any BinaryInteger:
        guard let integer = Int(exactly: integer) else { return nil }
        self = .integer(integer)
      case let double as Double:
        guard double.isFinite else { return nil }
        self = .double(double == 0 ? 0 : double)  // -0.0 == 0.0, so one key for both
      case let float as Float:
        guard float.isFinite else { return nil }
        self = .double(float == 0 ? 0 : Double(float))
      case let uuid as UUID: self = .uuid(uuid)
      default: return nil
      }
    }

    /// The element as a path element.
    public var base: any Hashable & Sendable {
      switch self {
      case .string(let string): string
      case .integer(let integer): integer
      case .boolean(let boolean): boolean
      case .double(let double): double
      case .uuid(let uuid): uuid
      }
    }

    /// `"post"`, `42`, `true`, `1.5`, `42.0`, `{"uuid":"…"}`: JSON, with a double always
    /// written with a fraction so that it never reads as an integer.
    fileprivate var key: String {
      switch self {
      case .string(let string): Self.quoted(string)
      case .integer(let integer): String(integer)
      case .boolean(let boolean): boolean ? "true" : "false"
      case .double(let double):
        double == double.rounded() && abs(double) < 1e15
          ? String(format: "%.1f", double) : "\(double)"
      case .uuid(let uuid): #"{"uuid":"\#(uuid.uuidString)"}"#
      }
    }

    private static func quoted(_ string: String) -> String {
      var quoted = "\""
      for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": quoted += "\\\""
        case "\\": quoted += "\\\\"
        case "\n": quoted += "\\n"
        case "\r": quoted += "\\r"
        case "\t": quoted += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
          quoted += String(format: "\\u%04x", scalar.value)
        default: quoted.unicodeScalars.append(scalar)
        }
      }
      return quoted + "\""
    }
  }

  /// The elements, in order.
  public let elements: [Element]

  /// The persisted form of `path`, or nil when one of its elements cannot be persisted.
  public init?(_ path: OperationPath) {
    var elements: [Element] = []
    elements.reserveCapacity(path.count)
    for element in path.elements {
      // Integers and strings, what paths are made of, without a dynamic cast.
      switch element.kind {
      case .int: elements.append(.integer(element.int))
      case .string: elements.append(.string(element.string))
      case .other:
        guard let persisted = Element(element.base) else { return nil }
        elements.append(persisted)
      }
    }
    self.elements = elements
  }

  /// A path of `elements`.
  public init(elements: [Element]) {
    self.elements = elements
  }

  /// The path this was made from.
  public var operationPath: OperationPath {
    OperationPath(
      elements: elements.map { element in
        switch element {
        case .integer(let integer): OperationPath.Element(kind: .int, int: integer)
        case .string(let string): OperationPath.Element(kind: .string, string: string)
        default: OperationPath.Element(element.base)
        }
      })
  }

  /// A text that is the same for equal paths in every process, and differs for different
  /// ones: `["post",42]`.
  public var key: String {
    "[" + elements.map(\.key).joined(separator: ",") + "]"
  }

  public var description: String { key }

  // MARK: Codable

  private enum TaggedKeys: String, CodingKey {
    case double
    case uuid
  }

  /// An array whose strings, integers and booleans are plain JSON values, and whose doubles
  /// and UUIDs are `{"double": 1.5}` and `{"uuid": "…"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for element in elements {
      switch element {
      case .string(let string): try container.encode(string)
      case .integer(let integer): try container.encode(integer)
      case .boolean(let boolean): try container.encode(boolean)
      case .double(let double):
        var tagged = container.nestedContainer(keyedBy: TaggedKeys.self)
        try tagged.encode(double, forKey: .double)
      case .uuid(let uuid):
        var tagged = container.nestedContainer(keyedBy: TaggedKeys.self)
        try tagged.encode(uuid, forKey: .uuid)
      }
    }
  }

  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    var elements: [Element] = []
    while !container.isAtEnd {
      if let string = try? container.decode(String.self) {
        elements.append(.string(string))
      } else if let boolean = try? container.decode(Bool.self) {
        elements.append(.boolean(boolean))
      } else if let integer = try? container.decode(Int.self) {
        elements.append(.integer(integer))
      } else {
        let tagged = try container.nestedContainer(keyedBy: TaggedKeys.self)
        if let double = try tagged.decodeIfPresent(Double.self, forKey: .double) {
          elements.append(.double(double))
        } else {
          elements.append(.uuid(try tagged.decode(UUID.self, forKey: .uuid)))
        }
      }
    }
    self.elements = elements
  }
}
