import Foundation

/// The encoder behind ``SnapshotJSON/encode(_:)``: one per document, writing UTF-8 into
/// ``bytes`` as containers are filled.
///
/// Open containers form a stack of frames, and each value being written has a slot: a number
/// its container (or its `encode(to:)`'s encoder) names it by. A container writing an entry
/// first closes the frames above its own (their values are complete once their parent moves
/// on). A container whose frame or slot is gone cannot write in place any more, so the
/// encoder sets ``needsFallback`` and unwinds, and the document is encoded by `JSONEncoder`
/// set to the same representation instead.
final class JSONStreamEncoder {
  enum Kind: UInt8 {
    case root, object, array
  }

  /// An open container: plain data, so that keeping the stack costs no value witnesses.
  struct Frame {
    let id: Int
    let kind: Kind
    /// The slot of its parent it fills: a second container asked for it continues this one.
    let slot: Int
    var count = 0
    /// The slot of the entry begun and not written yet; 0: none.
    var pendingSlot = 0
    /// The slot whose key ``Keys/pending`` holds.
    var namedSlot = 0

    init(id: Int, kind: Kind, slot: Int) {
      self.id = id
      self.kind = kind
      self.slot = slot
    }
  }

  /// The coding keys of a frame, beside it: its own in its parent, and that of a pending
  /// entry whose value has containers of its own. Kept only where a coding path may be asked.
  struct Keys {
    var own: (any CodingKey)?
    var pending: (any CodingKey)?
  }

  /// Thrown to unwind when ``needsFallback`` is set.
  struct Fallback: Error {}

  private struct Storage {
    var bytes: [UInt8] = []
    var frames: [Frame] = []
    var keys: [Keys] = []
    var lastID = 1
    var needsFallback = false
  }

  /// The encoder's state, behind a pointer: a class's stored properties would cost a dynamic
  /// exclusivity check on every byte appended. The encoder is used by one thread.
  private let storage: UnsafeMutablePointer<Storage>

  private(set) var bytes: [UInt8] {
    _read { yield storage.pointee.bytes }
    _modify { yield &storage.pointee.bytes }
  }
  private var frames: [Frame] {
    _read { yield storage.pointee.frames }
    _modify { yield &storage.pointee.frames }
  }
  private var keys: [Keys] {
    _read { yield storage.pointee.keys }
    _modify { yield &storage.pointee.keys }
  }
  private var lastID: Int {
    get { storage.pointee.lastID }
    set { storage.pointee.lastID = newValue }
  }
  private(set) var needsFallback: Bool {
    get { storage.pointee.needsFallback }
    set { storage.pointee.needsFallback = newValue }
  }

  init() {
    storage = .allocate(capacity: 1)
    storage.initialize(to: Storage())
    storage.pointee.bytes.reserveCapacity(1024)
    storage.pointee.frames.reserveCapacity(8)
  }

  deinit {
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  func encodeRoot<Value: Encodable>(_ value: Value) throws {
    var root = Frame(id: 1, kind: .root, slot: 0)
    root.pendingSlot = 1
    frames.append(root)
    keys.append(Keys())
    lastID = 1
    try encodeValue(value, depth: 0, slot: 1, key: nil)
    close(above: 0)
    if frames[0].pendingSlot != 0 {
      let context = EncodingError.Context(
        codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values.")
      throw EncodingError.invalidValue(value, context)
    }
  }

  private func nextID() -> Int {
    lastID += 1
    return lastID
  }

  // MARK: Frames

  /// Makes the frame `id` at `depth` the innermost one and begins its next entry: a comma when
  /// needed, then the key. Returns the entry's slot.
  func beginEntry(frame id: Int, depth: Int, key: (any CodingKey)?) throws -> Int {
    try makeInnermost(frame: id, depth: depth)
    if frames[depth].pendingSlot != 0 { writeEmptyValue(at: depth) }
    if frames[depth].count > 0 { bytes.append(UInt8(ascii: ",")) }
    frames[depth].count += 1
    if frames[depth].kind == .object, let key {
      writeString(key.stringValue)
      bytes.append(UInt8(ascii: ":"))
    }
    let slot = nextID()
    frames[depth].pendingSlot = slot
    return slot
  }

  private func makeInnermost(frame id: Int, depth: Int) throws {
    guard depth >= 0, depth < frames.count, frames[depth].id == id else { throw fallback() }
    close(above: depth)
  }

  /// Opens a container of `kind` for `slot`, the pending entry of the frame at `depth`, or
  /// continues the one opened for it. Returns its frame, or `(-1, -1)` when the slot is gone.
  func openFrame(_ kind: Kind, slot: Int, depth: Int) -> (id: Int, depth: Int) {
    guard depth < frames.count else {
      needsFallback = true
      return (-1, -1)
    }
    if depth + 1 < frames.count, frames[depth + 1].slot == slot, frames[depth + 1].kind == kind {
      close(above: depth + 1)
      return (frames[depth + 1].id, depth + 1)
    }
    guard frames[depth].pendingSlot == slot else {
      needsFallback = true
      return (-1, -1)
    }
    close(above: depth)
    let key = frames[depth].namedSlot == slot ? keys[depth].pending : nil
    frames[depth].pendingSlot = 0
    bytes.append(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
    let id = nextID()
    frames.append(Frame(id: id, kind: kind, slot: slot))
    keys.append(Keys(own: key))
    return (id, depth + 1)
  }

  /// Records `key` as the key of `slot`, the pending entry of the frame at `depth`, for the
  /// coding paths of what is written into it.
  func name(slot: Int, depth: Int, _ key: any CodingKey) {
    guard depth >= 0, depth < frames.count, frames[depth].pendingSlot == slot else { return }
    frames[depth].namedSlot = slot
    keys[depth].pending = key
  }

  /// Makes `slot`, the pending entry of the frame at `depth`, the innermost place: false when
  /// it is gone.
  func prepareSlot(_ slot: Int, depth: Int) -> Bool {
    guard depth < frames.count, frames[depth].pendingSlot == slot else { return false }
    close(above: depth)
    return true
  }

  /// A scalar was written into the pending entry of the frame at `depth`.
  func didWriteScalar(at depth: Int) {
    frames[depth].pendingSlot = 0
  }

  /// Closes every frame above `depth`.
  private func close(above depth: Int) {
    while frames.count - 1 > depth {
      if frames[frames.count - 1].pendingSlot != 0 { writeEmptyValue(at: frames.count - 1) }
      let frame = frames.removeLast()
      keys.removeLast()
      bytes.append(frame.kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }
  }

  /// A value that encoded nothing (or a super encoder never used) is an empty object.
  private func writeEmptyValue(at depth: Int) {
    bytes.append(UInt8(ascii: "{"))
    bytes.append(UInt8(ascii: "}"))
    frames[depth].pendingSlot = 0
  }

  func fallback() -> Fallback {
    needsFallback = true
    return Fallback()
  }

  /// The coding path of the frame at `depth`, and of its pending entry when `slot` is it.
  func codingPath(at depth: Int, slot: Int = 0) -> [any CodingKey] {
    guard depth < frames.count else { return [] }
    var path: [any CodingKey] = []
    for frameKeys in keys.prefix(depth + 1) {
      if let key = frameKeys.own { path.append(key) }
    }
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
    guard prepareSlot(slot, depth: depth) else { throw fallback() }
    if try writePrimitive(value, depth: depth, slot: slot, key: key) {
      frames[depth].pendingSlot = 0
      return
    }
    if let key { name(slot: slot, depth: depth, key) }
    let id = frames[depth].id
    try value.encode(to: JSONSlotEncoder(writer: self, slot: slot, depth: depth))
    guard !needsFallback else { throw Fallback() }
    try makeInnermost(frame: id, depth: depth)
  }

  /// The types written without their own `encode(to:)`: scalars, and the Foundation types
  /// whose JSON form is not their `Codable` one.
  private func writePrimitive<Value: Encodable>(
    _ value: Value, depth: Int, slot: Int, key: (any CodingKey)?
  ) throws -> Bool {
    if Value.self == String.self {
      writeString(unsafeBitCast(value, to: String.self))
    } else if Value.self == Int.self {
      writeInteger(unsafeBitCast(value, to: Int.self))
    } else if Value.self == Bool.self {
      writeBool(unsafeBitCast(value, to: Bool.self))
    } else if Value.self == Double.self {
      try writeFloatingPoint(
        unsafeBitCast(value, to: Double.self), depth: depth, slot: slot, key: key)
    } else if Value.self == Date.self {
      let seconds = unsafeBitCast(value, to: Date.self).timeIntervalSinceReferenceDate
      try writeFloatingPoint(seconds, depth: depth, slot: slot, key: key)
    } else if Value.self == [String].self {
      let strings = unsafeBitCast(value, to: [String].self)
      bytes.append(UInt8(ascii: "["))
      for (index, string) in strings.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        writeString(string)
      }
      bytes.append(UInt8(ascii: "]"))
    } else if Value.self == Data.self {
      writeString(unsafeBitCast(value, to: Data.self).base64EncodedString())
    } else if Value.self == URL.self {
      writeString(unsafeBitCast(value, to: URL.self).absoluteString)
    } else if Value.self == Decimal.self {
      let decimal = unsafeBitCast(value, to: Decimal.self)
      guard decimal.isFinite else {
        throw invalid(
          decimal, depth: depth, slot: slot, key: key, "Unable to encode Decimal.nan in JSON.")
      }
      bytes.append(contentsOf: decimal.description.utf8)
    } else {
      return false
    }
    return true
  }

  static let trueBytes = Array("true".utf8)
  static let falseBytes = Array("false".utf8)
  static let nullBytes = Array("null".utf8)

  func writeNull() {
    bytes.append(contentsOf: Self.nullBytes)
  }

  func writeBool(_ value: Bool) {
    bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
  }

  func writeInteger<Integer: FixedWidthInteger>(_ value: Integer) {
    guard Integer.bitWidth <= 64 else {
      bytes.append(contentsOf: String(value).utf8)
      return
    }
    if Integer.isSigned, value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = UInt64(value.magnitude)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = 20
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
    }
  }

  /// The shortest decimal that reads back as `value`; a non-finite value is an error.
  func writeFloatingPoint<Number: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: Number, depth: Int, slot: Int, key: (any CodingKey)?
  ) throws {
    guard value.isFinite else {
      throw invalid(
        value, depth: depth, slot: slot, key: key,
        "Unable to encode \(Number.self).\(value) directly in JSON.")
    }
    bytes.append(contentsOf: value.description.utf8)
  }

  /// An error at the path of `slot` in the frame at `depth`, then `key`.
  func invalid(
    _ value: Any, depth: Int, slot: Int, key: (any CodingKey)?, _ description: String
  ) -> EncodingError {
    var path = codingPath(at: depth, slot: slot)
    if let key { path.append(key) }
    return EncodingError.invalidValue(
      value, EncodingError.Context(codingPath: path, debugDescription: description))
  }

  /// `string` in quotes: `"`, `\` and control characters escaped, the rest copied as UTF-8.
  func writeString(_ string: String) {
    var string = string
    string.withUTF8 { utf8 in
      bytes.append(UInt8(ascii: "\""))
      var start = 0
      while true {
        let special = JSONPlainText.firstSpecial(in: utf8, from: start)
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<special]))
        guard special < utf8.count else { break }
        writeEscape(of: utf8[special])
        start = special + 1
      }
      bytes.append(UInt8(ascii: "\""))
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private func writeEscape(of byte: UInt8) {
    bytes.append(UInt8(ascii: "\\"))
    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
      bytes.append(byte)
    } else if let escape = JSONPlainText.letterEscapes.first(where: { $0.byte == byte }) {
      bytes.append(escape.letter)
    } else {
      // u00XX
      let hex = Self.hexDigits
      bytes.append(contentsOf: [0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    }
  }
}
