/// The identity of an operation: an ordered list of hashable, sendable elements such as
/// `["post", 42]`.
///
/// A client keeps one store per path, and matches stores by path prefix, so paths are usually
/// built from general to specific: `["posts"]`, `["posts", "page", 2]`, `["post", 42]`.
/// Two paths are equal when they have the same elements in the same order; `["a"]` and
/// `["a", "b"]` are different paths with different hashes.
public struct OperationPath: Hashable, Sendable {
  /// One element of a path: any hashable, sendable value.
  public struct Element: Hashable, Sendable, CustomStringConvertible {
    /// The wrapped value.
    public let base: any Hashable & Sendable

    public init(_ base: any Hashable & Sendable) {
      if let element = base as? Element {
        self = element
      } else {
        self.base = base
      }
    }

    public static func == (lhs: Element, rhs: Element) -> Bool {
      AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(AnyHashable(base))
    }

    public var description: String {
      switch base {
      case let string as String: string.debugDescription
      default: String(describing: base)
      }
    }
  }

  /// The elements, in order.
  public private(set) var elements: [Element]

  /// Creates a path from its elements.
  public init(_ elements: [any Hashable & Sendable]) {
    self.elements = elements.map(Element.init)
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
