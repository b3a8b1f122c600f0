/// The lines a viewer reads most — a snapshot's stores, batches of changes and of run log
/// entries — read straight from their text, with no tree of values made first; other lines
/// are only typed here.
struct WireLine: Decodable {
  var type: String?
  /// A `snapshot`'s or a `snapshotStores`'s stores.
  var stores: [Lenient<DecodedStore>] = []
  /// A `stores` batch's stores added or changed, and the ids of those removed.
  var changed: [Lenient<DecodedStore>] = []
  var removed: [Lenient<Int>] = []
  /// A `log` batch's entries.
  var entries: [Lenient<DecodedRunLogEntry>] = []

  private enum Key: String, CodingKey {
    case type, stores, changed, removed, entries
  }

  init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: Key.self)
    type = fields.field(.type)
    switch type {
    case "snapshot", "snapshotStores":
      stores = fields.field(.stores) ?? []
    case "stores":
      changed = fields.field(.changed) ?? []
      removed = fields.field(.removed) ?? []
    case "log":
      entries = fields.field(.entries) ?? []
    default:
      break
    }
  }
}
