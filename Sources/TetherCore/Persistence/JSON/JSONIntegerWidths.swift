/// The twelve integer widths `Codable` names one by one, written and read by one generic
/// method: what the unkeyed and single-value containers share. (The 128-bit ones have
/// defaults in the standard library already, so each container names them itself.)
protocol JSONIntegerEncoding {
  mutating func encodeInteger<Integer: FixedWidthInteger>(_ value: Integer) throws
}

extension JSONIntegerEncoding {
  mutating func encode(_ value: Int) throws { try encodeInteger(value) }
  mutating func encode(_ value: Int8) throws { try encodeInteger(value) }
  mutating func encode(_ value: Int16) throws { try encodeInteger(value) }
  mutating func encode(_ value: Int32) throws { try encodeInteger(value) }
  mutating func encode(_ value: Int64) throws { try encodeInteger(value) }
  mutating func encode(_ value: UInt) throws { try encodeInteger(value) }
  mutating func encode(_ value: UInt8) throws { try encodeInteger(value) }
  mutating func encode(_ value: UInt16) throws { try encodeInteger(value) }
  mutating func encode(_ value: UInt32) throws { try encodeInteger(value) }
  mutating func encode(_ value: UInt64) throws { try encodeInteger(value) }
}

/// The same for reading an array's elements (`Int` has a faster path of its own).
protocol JSONIntegerDecoding {
  mutating func decodeInteger<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer
}

extension JSONIntegerDecoding {
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(type) }
}

/// The same for the members of an object being written.
protocol JSONKeyedIntegerEncoding {
  associatedtype Key: CodingKey
  mutating func encodeInteger<Integer: FixedWidthInteger>(_ value: Integer, _ key: Key) throws
}

extension JSONKeyedIntegerEncoding {
  mutating func encode(_ value: Int, forKey key: Key) throws { try encodeInteger(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try encodeInteger(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try encodeInteger(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try encodeInteger(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try encodeInteger(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try encodeInteger(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try encodeInteger(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try encodeInteger(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try encodeInteger(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try encodeInteger(value, key) }
}
