import Foundation

/// The encoder behind ``JSONCoder/encode(_:)``: one per document, writing UTF-8 into its
/// ``writer`` as containers are filled.
///
/// Open containers form a stack of frames; each value being written has a slot, the number
/// its container names it by and the frame opened for it is known by. A container writing an
/// entry first closes the frames above its own. One whose frame or slot is gone sets
/// ``needsFallback`` and unwinds, and `JSONEncoder` writes the document.
final class JSONStreamEncoder {
  enum Kind: UInt8 {
    case root, object, array
  }

  /// An open container: plain data, so that keeping the stack costs no value witnesses.
  struct Frame {
    let kind: Kind
    /// The slot of its parent it fills, which it is known by.
    let slot: Int
    var count = 0
    /// The slot of the entry begun and not written yet; 0: none.
    var pendingSlot = 0
    /// The slot whose key ``Keys/pending`` holds.
    var namedSlot = 0
  }

  /// The coding keys of a frame, beside it: its own in its parent, and that of a pending
  /// entry whose value has containers of its own. Kept only where a coding path may be asked.
  struct Keys {
    var own: (any CodingKey)?
    var pending: (any CodingKey)?
  }

  /// What a container writes into: its frame, by slot (`-1` once it is gone) and depth.
  struct FrameReference {
    let writer: JSONStreamEncoder
    let slot: Int
    let depth: Int

    /// Begins the next entry, named `key` (written in an object); returns its slot.
    func beginEntry(key: any CodingKey) throws -> Int {
      try writer.beginEntry(frame: slot, depth: depth, key: key)
    }

    /// A container of `kind` as the next entry, named `key`.
    func nested(_ kind: Kind, key: any CodingKey) -> FrameReference {
      guard let entry = try? beginEntry(key: key) else { return writer.gone() }
      writer.name(slot: entry, depth: depth, key)
      return writer.openFrame(kind, slot: entry, depth: depth)
    }

    /// An encoder of the next entry, named `key`.
    func superEncoder(key: any CodingKey) -> any Encoder {
      let entry = (try? beginEntry(key: key)) ?? -1
      writer.name(slot: entry, depth: depth, key)
      return JSONSlotEncoder(writer: writer, slot: entry, depth: depth)
    }
  }

  /// Thrown to unwind when ``needsFallback`` is set.
  struct Fallback: Error {}

  let options: JSONCoder
  // One thread writes, and no access spans a call out of the encoder: the dynamic
  // exclusivity checks of a class's properties would otherwise cost every scalar written.
  @exclusivity(unchecked) private(set) var writer = JSONWriter(capacity: 1024)
  @exclusivity(unchecked) private var frames = [Frame(kind: .root, slot: 0, pendingSlot: 1)]
  @exclusivity(unchecked) private var keys = [Keys()]
  @exclusivity(unchecked) private var lastSlot = 1
  private(set) var needsFallback = false

  init(_ options: JSONCoder) {
    self.options = options
    frames.reserveCapacity(8)
    keys.reserveCapacity(8)
  }

  func encodeRoot<Value: Encodable>(_ value: Value) throws {
    try encodeValue(value, depth: 0, slot: 1, key: nil)
    close(above: 0)
    guard frames[0].pendingSlot == 0 else {
      let context = EncodingError.Context(
        codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values.")
      throw EncodingError.invalidValue(value, context)
    }
  }

  // MARK: Frames

  /// Makes the frame of `slot` at `depth` the innermost one and begins its next entry: a
  /// comma when needed, then, in an object, the key. Returns the entry's slot.
  func beginEntry(frame slot: Int, depth: Int, key: any CodingKey) throws -> Int {
    guard depth >= 0, depth < frames.count, frames[depth].slot == slot else { throw fallback() }
    close(above: depth)
    if frames[depth].pendingSlot != 0 { writeEmptyValue(at: depth) }
    if frames[depth].count > 0 { writer.appendByte(UInt8(ascii: ",")) }
    frames[depth].count += 1
    if frames[depth].kind == .object {
      writer.appendString(key.stringValue)
      writer.appendByte(UInt8(ascii: ":"))
    }
    lastSlot += 1
    frames[depth].pendingSlot = lastSlot
    return lastSlot
  }

  /// Opens a container of `kind` for `slot`, the pending entry of the frame at `depth`, or
  /// continues the one opened for it; the frame is gone when the slot is.
  func openFrame(_ kind: Kind, slot: Int, depth: Int) -> FrameReference {
    guard depth >= 0, depth < frames.count else { return gone() }
    if depth + 1 < frames.count, frames[depth + 1].slot == slot, frames[depth + 1].kind == kind {
      close(above: depth + 1)
      return FrameReference(writer: self, slot: slot, depth: depth + 1)
    }
    guard frames[depth].pendingSlot == slot else { return gone() }
    close(above: depth)
    frames[depth].pendingSlot = 0
    writer.appendByte(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
    frames.append(Frame(kind: kind, slot: slot))
    keys.append(Keys(own: frames[depth].namedSlot == slot ? keys[depth].pending : nil))
    return FrameReference(writer: self, slot: slot, depth: depth + 1)
  }

  func gone() -> FrameReference {
    needsFallback = true
    return FrameReference(writer: self, slot: -1, depth: -1)
  }

  /// Records `key` as the key of `slot`, the pending entry of the frame at `depth`, for the
  /// coding paths of what is written into it.
  func name(slot: Int, depth: Int, _ key: any CodingKey) {
    guard depth >= 0, depth < frames.count, frames[depth].pendingSlot == slot else { return }
    frames[depth].namedSlot = slot
    keys[depth].pending = key
  }

  /// Closes every frame above `depth`.
  private func close(above depth: Int) {
    while frames.count - 1 > depth {
      if frames[frames.count - 1].pendingSlot != 0 { writeEmptyValue(at: frames.count - 1) }
      writer.appendByte(frames.removeLast().kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
      keys.removeLast()
    }
  }

  /// A value that encoded nothing (or a super encoder never used) is an empty object.
  private func writeEmptyValue(at depth: Int) {
    writer.appendByte(UInt8(ascii: "{"))
    writer.appendByte(UInt8(ascii: "}"))
    frames[depth].pendingSlot = 0
  }

  private func fallback() -> Fallback {
    needsFallback = true
    return Fallback()
  }

  /// The coding path of the frame at `depth`, and of its pending entry when `slot` is it.
  func codingPath(at depth: Int, slot: Int = 0) -> [any CodingKey] {
    guard depth >= 0, depth < frames.count else { return [] }
    var path = keys.prefix(depth + 1).compactMap(\.own)
    if slot != 0, frames[depth].pendingSlot == slot, frames[depth].namedSlot == slot,
      let key = keys[depth].pending
    {
      path.append(key)
    }
    return path
  }

  // MARK: Values

  /// Writes `value` into `slot`, the pending entry `key` of the frame at `depth`.
  func encodeValue<Value: Encodable>(
    _ value: Value, depth: Int, slot: Int, key: (any CodingKey)?
  ) throws {
    guard depth >= 0, depth < frames.count, frames[depth].pendingSlot == slot else {
      throw fallback()
    }
    close(above: depth)
    func path() -> [any CodingKey] { codingPath(at: depth, slot: slot) + (key.map { [$0] } ?? []) }
    if try writePrimitive(value, path) {
      frames[depth].pendingSlot = 0
      return
    }
    if let key { name(slot: slot, depth: depth, key) }
    let parent = frames[depth].slot
    try value.encode(to: JSONSlotEncoder(writer: self, slot: slot, depth: depth))
    guard !needsFallback, depth < frames.count, frames[depth].slot == parent else {
      throw fallback()
    }
    close(above: depth)
  }

  /// Writes `value` when it is a scalar or a type whose JSON form is not its `Codable` one;
  /// returns whether it did. `path` is its coding path, for an error.
  private func writePrimitive<Value: Encodable>(
    _ value: Value, _ path: () -> [any CodingKey]
  ) throws -> Bool {
    // Each case has checked that `Value` is the type it reads `value` as.
    func cast<Written>(_ type: Written.Type) -> Written { unsafeBitCast(value, to: type) }
    switch ObjectIdentifier(Value.self) {
    case ObjectIdentifier(String.self): writer.appendString(cast(String.self))
    case ObjectIdentifier(Int.self): writer.appendInteger(cast(Int.self))
    case ObjectIdentifier(Bool.self): writer.appendBool(cast(Bool.self))
    case ObjectIdentifier(Double.self): try writeNumber(cast(Double.self), path)
    case ObjectIdentifier([String].self):  // without an unkeyed container, as it is read
      writer.appendValue(.array(cast([String].self).map(JSONValue.string)))
    case ObjectIdentifier(Date.self):
      let date = cast(Date.self)
      switch options.dateStrategy {
      case .secondsSinceReferenceDate: try writeNumber(date.timeIntervalSinceReferenceDate, path)
      case .iso8601: writer.appendString(date.formatted(.iso8601))
      }
    case ObjectIdentifier(Data.self):
      let data = cast(Data.self)
      let base64 = options.dataStrategy == .base64
      writer.appendString(base64 ? data.base64EncodedString() : JSONCoder.byteCount(of: data))
    case ObjectIdentifier(URL.self): writer.appendString(cast(URL.self).absoluteString)
    case ObjectIdentifier(Decimal.self):
      let decimal = cast(Decimal.self)
      guard decimal.isFinite else { throw invalid(decimal, "Decimal.nan", path) }
      writer.appendText(decimal.description)
    case ObjectIdentifier(JSONValue.self): writer.appendValue(cast(JSONValue.self))
    case ObjectIdentifier(Float.self): try writeNumber(cast(Float.self), path)
    case ObjectIdentifier(Int64.self): writer.appendInteger(cast(Int64.self))
    case ObjectIdentifier(Int128.self): writer.appendInteger(cast(Int128.self))
    case ObjectIdentifier(UInt128.self): writer.appendInteger(cast(UInt128.self))
    default: return false  // other integer widths: written by their single-value container
    }
    return true
  }

  /// A `Double` or a `Float` as its shortest exact decimal; NaN and the infinities by the
  /// ``JSONCoder/NonFiniteNumberStrategy``.
  private func writeNumber<Number: BinaryFloatingPoint & CustomStringConvertible>(
    _ value: Number, _ path: () -> [any CodingKey]
  ) throws {
    if value.isFinite { return writer.appendText(JSONWriter.text(of: value)) }
    guard
      case .convertToString(let positive, let negative, let nan) = options.nonFiniteNumberStrategy
    else { throw invalid(value, "\(Number.self).\(value)", path) }
    writer.appendString(value.isNaN ? nan : value > 0 ? positive : negative)
  }

  private func invalid(_ value: Any, _ name: String, _ path: () -> [any CodingKey])
    -> EncodingError
  {
    let description = "Unable to encode \(name) directly in JSON."
    return .invalidValue(
      value, EncodingError.Context(codingPath: path(), debugDescription: description))
  }
}
