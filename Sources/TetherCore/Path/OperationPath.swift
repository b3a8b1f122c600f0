/// The identity of an operation: an ordered list of hashable, sendable elements such as
/// `["post", 42]`.
///
/// A client keeps one store per path, and matches stores by path prefix, so paths are usually
/// built from general to specific: `["posts"]`, `["posts", "page", 2]`, `["post", 42]`.
/// Two paths are equal when they have the same elements in the same order; `["a"]` and
/// `["a", "b"]` are different paths with different hashes.
public struct OperationPath: Hashable, Sendable {
  /// One element of a path: any hashable, sendable value.
  ///
  /// Integers and strings, which nearly every path is made of, are kept as they are, so that
  /// hashing and comparing them (what a client's lookups do) costs no dynamic dispatch and no
  /// copy; other values are boxed once. Equality is `AnyHashable`'s: an `Int64(1)` equals a
  /// `1`.
  public struct Element: Hashable, Sendable, CustomStringConvertible {
    enum Kind: UInt8, Sendable {
      case int, string, other
    }

    let kind: Kind
    let int: Int
    let string: String
    let box: HashableBox?

    /// An element made from any hashable value: strings and integers as themselves, other values
    /// boxed.
    public init(_ base: any Hashable & Sendable) {
      self = Self.make(base)
    }

    init(kind: Kind, int: Int = 0, string: String = "", box: HashableBox? = nil) {
      self.kind = kind
      self.int = int
      self.string = string
      self.box = box
    }

    /// Opens the existential, so that integers and strings are told apart by their type
    /// rather than by dynamic casts. Once the type is known to be `Int`, `String` or
    /// `Element`, the value is reinterpreted as it: an `as!` would still call the runtime's
    /// dynamic cast, which was most of what making a path cost.
    private static func make<Value: Hashable & Sendable>(_ value: Value) -> Element {
      if Value.self == Int.self {
        return Element(kind: .int, int: unsafeBitCast(value, to: Int.self))
      }
      if Value.self == String.self {
        return Element(kind: .string, string: unsafeBitCast(value, to: String.self))
      }
      if Value.self == Element.self { return unsafeBitCast(value, to: Element.self) }
      if let integer = value as? any BinaryInteger, let int = Int(exactly: integer) {
        return Element(kind: .int, int: int)
      }
      return Element(kind: .other, box: HashableBox(value))
    }

    /// The wrapped value.
    public var base: any Hashable & Sendable {
      switch kind {
      case .int: int
      case .string: string
      case .other: box!.base
      }
    }

    public static func == (lhs: Element, rhs: Element) -> Bool {
      guard lhs.kind == rhs.kind else { return false }
      switch lhs.kind {
      case .int: return lhs.int == rhs.int
      case .string: return lhs.string == rhs.string
      case .other: return lhs.box == rhs.box
      }
    }

    public func hash(into hasher: inout Hasher) {
      switch kind {
      case .int: hasher.combine(int)
      case .string: hasher.combine(string)
      case .other: box!.hash(into: &hasher)
      }
    }

    /// The hash a dictionary keyed by elements uses (a client's table of stores): an integer's
    /// or a string's own, which costs a third of a `Hasher` made, fed and finalized per lookup.
    /// Elements of different kinds are never equal, so they need not hash apart.
    public func _rawHashValue(seed: Int) -> Int {
      switch kind {
      case .int: int._rawHashValue(seed: seed)
      case .string: string._rawHashValue(seed: seed)
      case .other: box!._rawHashValue(seed: seed)
      }
    }

    public var description: String {
      switch kind {
      case .int: String(int)
      case .string: string.debugDescription
      case .other: String(describing: box!.base)
      }
    }
  }

  /// The elements, in order.
  public private(set) var elements: [Element]

  /// Creates a path from its elements.
  public init(_ elements: [any Hashable & Sendable]) {
    self.elements = elements.map(Element.init)
  }

  /// A path of elements already made: what a restored snapshot's path becomes.
  init(elements: [Element]) {
    self.elements = elements
  }

  /// Whether this path starts with every element of `prefix`, in order.
  ///
  /// The empty path is a prefix of every path.
  public func hasPrefix(_ prefix: OperationPath) -> Bool {
    prefix.elements.count <= elements.count && elements.starts(with: prefix.elements)
  }

  /// This path with `element` added at the end.
  public func appending(_ element: any Hashable & Sendable) -> OperationPath {
    var path = self
    path.elements.append(Element(element))
    return path
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(elements.count)
    for element in elements { hasher.combine(element) }
  }
}

/// A value that is not an integer or a string, boxed once so that comparing and hashing do not
/// look up conformances every time.
struct HashableBox: Hashable, @unchecked Sendable {
  // Sendable because it only ever wraps `base`, which is.
  let base: any Hashable & Sendable
  private let hashable: AnyHashable

  init(_ base: any Hashable & Sendable) {
    self.base = base
    self.hashable = AnyHashable(base)
  }

  static func == (lhs: HashableBox, rhs: HashableBox) -> Bool {
    lhs.hashable == rhs.hashable
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(hashable)
  }
}

extension OperationPath: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: (any Hashable & Sendable)...) {
    self.init(elements)
  }
}

extension OperationPath: RandomAccessCollection {
  public var startIndex: Int { elements.startIndex }
  public var endIndex: Int { elements.endIndex }
  public subscript(position: Int) -> Element { elements[position] }
}

extension OperationPath: CustomStringConvertible {
  /// `["post", 42]`.
  public var description: String {
    "[" + elements.map(\.description).joined(separator: ", ") + "]"
  }
}
