import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An ordered list of HTTP header fields whose names compare case-insensitively.
///
/// Setting a field replaces any field of the same name, whatever its case:
///
/// ```swift
/// var headers: HTTPHeaders = ["Accept": "application/json"]
/// headers["accept"] = "text/plain"     // replaces "Accept"
/// ```
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral,
  CustomStringConvertible
{
  /// One header field.
  public struct Field: Sendable, Hashable {
    public var name: String
    public var value: String

    /// A header field; its name keeps its case but compares without it.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  private var fields: [Field]

  /// Headers from `fields`, in order; a later field replaces an earlier one of the same name.
  public init(_ fields: [Field] = []) {
    self.fields = []
    for field in fields { self[field.name] = field.value }
  }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(elements.map { Field(name: $0.0, value: $0.1) })
  }

  /// The header fields of a response.
  public init(_ response: HTTPURLResponse) {
    self.init(
      response.allHeaderFields.compactMap { name, value in
        guard let name = name as? String else { return nil }
        return Field(name: name, value: "\(value)")
      }.sorted { $0.name < $1.name })
  }

  /// The value of the field called `name` (any case), or `nil`; assigning `nil` removes it.
  public subscript(name: String) -> String? {
    get { fields.first { $0.name.equalsIgnoringASCIICase(name) }?.value }
    set {
      if let index = fields.firstIndex(where: { $0.name.equalsIgnoringASCIICase(name) }) {
        if let newValue {
          fields[index].value = newValue
        } else {
          fields.remove(at: index)
        }
      } else if let newValue {
        fields.append(Field(name: name, value: newValue))
      }
    }
  }

  /// Whether a field called `name` (any case) is present.
  public func contains(_ name: String) -> Bool { self[name] != nil }

  /// These headers with every field of `other` set on top (`other` wins).
  public func merging(_ other: HTTPHeaders) -> HTTPHeaders {
    var merged = self
    for field in other.fields { merged[field.name] = field.value }
    return merged
  }

  public var isEmpty: Bool { fields.isEmpty }

  public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

  public var description: String {
    "[" + fields.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]"
  }
}

extension String {
  /// Equality ignoring the case of ASCII letters, as HTTP header and query names are compared.
  func equalsIgnoringASCIICase(_ other: String) -> Bool {
    let left = utf8
    let right = other.utf8
    guard left.count == right.count else { return false }
    return zip(left, right).allSatisfy { a, b in
      a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A)
    }
  }
}
