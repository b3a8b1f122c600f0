import Foundation
import TetherCore
import TetherTerminal

/// A row of the store view's tree: a section (queries, mutations), a group of paths sharing a
/// prefix, a store, or a mutation's attempt.
public enum StoreNodeID: Hashable, Sendable {
  case section(mutations: Bool)
  case group(mutations: Bool, OperationPath)
  case store(mutations: Bool, OperationPath)
  case attempt(OperationPath, OperationRunID)

  /// The store the row is, or belongs to.
  public var storeKey: (path: OperationPath, isMutation: Bool)? {
    switch self {
    case .store(let mutations, let path): (path, mutations)
    case .attempt(let path, _): (path, true)
    case .section, .group: nil
    }
  }
}

/// What the store view shows, made from the catalog: the tree of stores (filtered, grouped by
/// path prefix, sorted), the status counts of the header, and the styles of the status labels.
struct StoreTree {
  /// What the tree is made from; the same inputs make the same tree.
  struct Inputs: Equatable {
    var revision: UInt64
    var filter: String
    var status: StoreStatus?
    var sort: StoreSort
    var marks: [OperationPath: String]
    var detailWidth: Int
    /// The label epoch: the tree is made again when a value goes stale by itself.
    var epoch: Date
    /// The colours of the labels.
    var theme = DevtoolsTheme()
  }

  var roots: [TreeNode<StoreNodeID>] = []
  /// The label and its style of every store row, to colour after the tree is drawn.
  var badges: [StoreNodeID: (text: String, style: Style)] = [:]
  var counts: [StoreStatus: Int] = [:]
  var mutationCount = 0
  var queryCount = 0
  /// How many stores pass the filters.
  var shownCount = 0
  /// Groups and how many stores each holds, to unfold small ones by default.
  var groupSizes: [StoreNodeID: Int] = [:]
  /// When a label changes by itself next (a value going stale).
  var nextTransition: Date?

  init() {}

  /// The placeholder a query row's columns take in the tree: ``StoreBrowser`` writes the
  /// columns over it when it draws the row, from the store's latest record — so a store's
  /// change redraws its row without making the tree again.
  static let placeholder: Character = "\u{2007}"

  init(catalog: StoreCatalog, inputs: Inputs, now: Date) {
    let tokens = Self.tokens(of: inputs.filter)
    var queries: [StoreRecord] = []
    var mutations: [StoreRecord] = []
    refreshCounts(catalog: catalog, now: now)
    for record in catalog.inOrder {
      if record.isMutation {
        mutationCount += 1
      } else {
        queryCount += 1
      }
      if !tokens.isEmpty, !Self.matches(record.path, tokens) { continue }
      if record.isMutation {
        if inputs.status == nil { mutations.append(record) }
      } else if inputs.status == nil || record.status(at: now) == inputs.status {
        queries.append(record)
      }
    }
    shownCount = queries.count + mutations.count
    let builder = Builder(
      sort: inputs.sort, marks: inputs.marks, width: inputs.detailWidth, now: now,
      theme: inputs.theme)
    let queryRoots = builder.nodes(for: queries, mutations: false)
    let mutationRoots = builder.nodes(for: mutations, mutations: true)
    badges = builder.badges
    groupSizes = builder.groupSizes
    let filtered = inputs.status != nil || !tokens.isEmpty
    let queryTitle =
      filtered ? "Queries · \(queries.count) of \(queryCount)" : "Queries · \(queryCount)"
    roots.append(
      TreeNode(.section(mutations: false), ListItem(queryTitle, style: .bold), children: queryRoots)
    )
    if mutationCount > 0 || !mutationRoots.isEmpty {
      let title =
        filtered
        ? "Mutations · \(mutations.count) of \(mutationCount)" : "Mutations · \(mutationCount)"
      roots.append(
        TreeNode(.section(mutations: true), ListItem(title, style: .bold), children: mutationRoots))
    }
  }

  /// Counts the queries of each label again, and finds the next label change by itself: after
  /// a store changed, when the tree itself stays.
  mutating func refreshCounts(catalog: StoreCatalog, now: Date) {
    counts = [:]
    nextTransition = nil
    _ = catalog.takeRefreshed()
    for record in catalog.inOrder {
      count(record, now: now)
    }
  }

  /// Counts again only the records that changed since the counts were made. A changed
  /// record's earlier transition may stay the next one: it only makes an early redraw, which
  /// makes everything again.
  mutating func updateCounts(catalog: StoreCatalog, now: Date) {
    for record in catalog.takeRefreshed() {
      if let counted = record.countedStatus { counts[counted, default: 0] -= 1 }
      record.countedStatus = nil
      count(record, now: now)
    }
  }

  private mutating func count(_ record: StoreRecord, now: Date) {
    if let transition = record.nextTransition(after: now) {
      nextTransition = min(nextTransition ?? transition, transition)
    }
    guard !record.isMutation else { return }
    let status = record.status(at: now)
    counts[status, default: 0] += 1
    record.countedStatus = status
  }

  /// The words of a path filter: `post, 1` and `["post", 1]` are `post` and `1`.
  static func tokens(of filter: String) -> [String] {
    filter.lowercased().split { " ,[]\"'/".contains($0) }.map(String.init)
  }

  /// Whether every token is in the path's elements, in order (each within one element or
  /// across the next ones).
  static func matches(_ path: OperationPath, _ tokens: [String]) -> Bool {
    let text = path.map { $0.label.lowercased() }.joined(separator: " ")
    var rest = text[...]
    for token in tokens {
      guard let range = rest.range(of: token) else { return false }
      rest = rest[range.upperBound...]
    }
    return true
  }

  /// Makes the nodes of one section.
  final class Builder {
    let sort: StoreSort
    let marks: [OperationPath: String]
    let width: Int
    let now: Date
    let theme: DevtoolsTheme
    var badges: [StoreNodeID: (text: String, style: Style)] = [:]
    var groupSizes: [StoreNodeID: Int] = [:]

    init(
      sort: StoreSort, marks: [OperationPath: String], width: Int, now: Date,
      theme: DevtoolsTheme
    ) {
      self.sort = sort
      self.marks = marks
      self.width = width
      self.now = now
      self.theme = theme
    }

    /// The nodes of `records`, which are in natural order of their paths.
    func nodes(for records: [StoreRecord], mutations: Bool) -> [TreeNode<StoreNodeID>] {
      badges.reserveCapacity(badges.count + records.count)
      return level(records[...], depth: 0, prefix: [], mutations: mutations).map(\.node)
    }

    /// The nodes of the records (sorted by path, all sharing `prefix`) one level below it.
    private func level(
      _ records: ArraySlice<StoreRecord>, depth: Int, prefix: OperationPath, mutations: Bool
    ) -> [(node: TreeNode<StoreNodeID>, rank: StoreSort.Rank)] {
      var result: [(node: TreeNode<StoreNodeID>, rank: StoreSort.Rank)] = []
      var start = records.startIndex
      while start < records.endIndex {
        let element = records[start].path[depth]
        var end = start + 1
        while end < records.endIndex, records[end].path[depth] == element { end += 1 }
        result.append(
          group(records[start..<end], depth: depth, prefix: prefix, mutations: mutations))
        start = end
      }
      if sort.key != .path {
        result.sort { sort.ascending ? $0.rank < $1.rank : $1.rank < $0.rank }
      } else if !sort.ascending {
        result.reverse()
      }
      return result
    }

    /// The node for records sharing the element at `depth`: a store, or a group of them.
    private func group(
      _ records: ArraySlice<StoreRecord>, depth: Int, prefix: OperationPath, mutations: Bool
    ) -> (node: TreeNode<StoreNodeID>, rank: StoreSort.Rank) {
      let first = records[records.startIndex]
      var path = prefix
      path = path.appending(first.path[depth].base)
      var label = first.path[depth].label
      if records.count == 1, first.path.count > depth + 1 {
        // A store alone under its prefix reads as one row: `posts · feed`.
        let label = first.path[depth...].map(\.label).joined(separator: " · ")
        let (item, attempts) = self.item(for: first, label: label)
        let id = StoreNodeID.store(mutations: mutations, first.path)
        if !attempts.isEmpty { groupSizes[id] = 1 }
        return (TreeNode(id, item, children: attempts), sort.rank(of: first, at: now))
      }
      let here = records.first { $0.path.count == depth + 1 }
      let deeper = records.filter { $0.path.count > depth + 1 }[...]
      var depth = depth
      // A chain of groups with one way down reads as one: `GET · posts`.
      while here == nil, let next = deeper.first?.path[depth + 1],
        deeper.allSatisfy({ $0.path[depth + 1] == next }),
        !deeper.contains(where: { $0.path.count == depth + 2 })
      {
        depth += 1
        path = path.appending(next.base)
        label += " · " + next.label
      }
      let children = level(deeper, depth: depth + 1, prefix: path, mutations: mutations)
      var childNodes = children.map(\.node)
      var rank = children.map(\.rank).min()
      if let here {
        let (item, attempts) = self.item(for: here, label: label)
        if mutations { childNodes = attempts + childNodes }
        let own = sort.rank(of: here, at: now)
        rank = rank.map { min($0, own) } ?? own
        let id = StoreNodeID.store(mutations: mutations, here.path)
        if !childNodes.isEmpty { groupSizes[id] = records.count }
        return (TreeNode(id, item, children: childNodes), rank ?? own)
      }
      let id = StoreNodeID.group(mutations: mutations, path)
      groupSizes[id] = records.count
      let item = ListItem(label, detail: "\(records.count)")
      return (
        TreeNode(id, item, children: childNodes),
        rank ?? StoreSort.Rank(primary: 0, date: 0, order: first.order)
      )
    }

    /// A store's row, and for a mutation the rows of its attempts, newest first.
    private func item(for record: StoreRecord, label: String) -> (ListItem, [TreeNode<StoreNodeID>])
    {
      var text = label
      if let mark = marks[record.path] { text += "  ◀ \(mark)" }
      guard record.isMutation else {
        let columns = String(
          repeating: StoreTree.placeholder, count: StoreColumns.width(for: width))
        return (ListItem(text, detail: columns), [])
      }
      let id = StoreNodeID.store(mutations: true, record.path)
      let status = record.mutationStatus
      badges[id] = (status.rawValue, theme.style(for: status))
      let detail = StoreColumns.detail(for: record, status: status.rawValue, width: width)
      let item = ListItem(text, detail: detail)
      let attempts = record.attempts.reversed().map { attempt -> TreeNode<StoreNodeID> in
        let attemptID = StoreNodeID.attempt(record.path, attempt.id)
        let phase = record.phase(of: attempt)
        badges[attemptID] = (phase.label, phase.style(in: theme))
        var detail = StoreColumns.attemptDetail(
          attempt, phase: phase, of: record, now: now, width: width)
        if case .waiting = phase {
          // A countdown: ``StoreBrowser`` writes it afresh each frame.
          detail = String(repeating: StoreTree.placeholder, count: DisplayWidth.of(detail))
        }
        return TreeNode(
          attemptID,
          ListItem("\(attempt.id) " + StoreColumns.attemptSummary(attempt), detail: detail))
      }
      return (item, attempts)
    }
  }
}
