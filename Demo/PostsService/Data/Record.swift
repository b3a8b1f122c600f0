import TetherJSON

/// Something the API lists, selects fields of and sorts: a post, a comment or a user.
protocol Record: Sendable {
  var id: Int { get }
  /// The value of the JSON field `name`, or `nil` when the record has no such field.
  func value(of name: String) -> JSONValue?
  /// Writes every field of the record, in order, into the object `json` is writing.
  func writeFields(to json: inout JSONWriter)
}

extension Record {
  /// Writes the whole record as a JSON object.
  func write(to json: inout JSONWriter) {
    json.object { writeFields(to: &$0) }
  }

  /// Writes the record as dummyjson answers its `DELETE`: the whole record, then `isDeleted`
  /// and `deletedOn`.
  func writeDeleted(to json: inout JSONWriter, on deletedOn: String) {
    json.object { json in
      writeFields(to: &json)
      json.field("isDeleted", true)
      json.field("deletedOn", deletedOn)
    }
  }

  /// Writes the record with only `fields` (`select=`), as dummyjson does: `id` first, then the
  /// named fields in the order asked, each once; names the record does not have are left out.
  func write(to json: inout JSONWriter, selecting fields: [String]?) {
    guard let fields else { return write(to: &json) }
    json.object { json in
      var written: Set<String> = []
      for name in ["id"] + fields where written.insert(name).inserted {
        if let value = value(of: name) { json.field(name, value) }
      }
    }
  }
}
