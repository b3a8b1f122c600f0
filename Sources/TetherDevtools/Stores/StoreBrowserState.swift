import Foundation
import TetherCore
import TetherTerminal

/// What the store view keeps between frames: the tree's folding and selection (a store, not a
/// row: it follows the store as others come and go), the path filter, the status filter, the
/// sort, and which part of the header has focus.
public struct StoreBrowserState {
  /// What a key or click asks of the devtools besides changing this state.
  public enum Outcome: Equatable {
    case handled, ignored
    /// Enter or a click on the title: full screen, or back to the panel.
    case toggleFullScreen
    /// Enter on a store or an attempt: show its detail.
    case open(StoreNodeID)
  }

  /// A place in the header: the title or one status chip.
  enum HeaderItem: Hashable {
    /// The panel's title (drawn by ``DevtoolsView``).
    case title
    case chip(StoreStatus)
    case sort
  }

  public internal(set) var tree = TreeState<StoreNodeID>(
    expanded: [.section(mutations: false), .section(mutations: true)])
  /// The path filter (`/`).
  public internal(set) var filter = FilterField()
  /// Only stores with this label, when set (a chip of the header).
  public internal(set) var statusFilter: StoreStatus?
  public internal(set) var sort = StoreSort()
  /// The header item with focus; nil while the tree has it.
  var headerFocus: HeaderItem?
  /// The tree as last drawn.
  var shown = StoreTree()
  var shownInputs: StoreTree.Inputs?
  /// The catalog revision the header's counts were made at.
  var countedRevision: UInt64?
  /// Groups already seen, unfolded by default when small.
  var seenGroups: Set<StoreNodeID> = []
  /// Where the header's items were drawn, for clicks.
  var headerHits = HitMap<HeaderItem>()

  /// A store view state with nothing selected and no filter.
  public init() {}

  /// The selected row: a store, an attempt, a group or a section.
  public var selection: StoreNodeID? { tree.selection }

  /// Whether the panel's title has focus (Enter toggles full screen).
  public var isTitleFocused: Bool { headerFocus == .title }

  /// Selects the store at `path` (its row shows once its group is unfolded).
  public mutating func select(_ path: OperationPath, mutation: Bool = false) {
    tree.select(.store(mutations: mutation, path))
  }

  /// Shows only stores with `status` (nil: all).
  public mutating func filter(by status: StoreStatus?) {
    statusFilter = status
  }

  // MARK: Events

  /// Handles a key or click (the filter's keys while filtering) and says what it asks besides
  /// changing this state.
  public mutating func handle(_ event: Event) -> Outcome {
    if filter.isEditing { return filter.handle(event) ? .handled : .ignored }
    switch event {
    case .mouse(let mouse): return handle(mouse)
    case .key(let key):
      if headerFocus != nil { return handleHeader(key) }
      return handle(key)
    default: return .ignored
    }
  }

  private mutating func handle(_ key: Key) -> Outcome {
    let roots = shown.roots
    switch key {
    case "/":
      filter.begin()
      return .handled
    case "o":
      sort = sort.next()
      return .handled
    case "O":
      sort.ascending.toggle()
      return .handled
    case "t":
      let all: [StoreStatus?] = [nil] + StoreStatus.allCases
      let index = all.firstIndex(of: statusFilter).map { ($0 + 1) % all.count } ?? 0
      statusFilter = all[index]
      return .handled
    case .escape where statusFilter != nil || filter.isActive:
      statusFilter = nil
      filter.clear()
      return .handled
    case .enter:
      guard let selection = tree.selection ?? roots.first?.id else { return .ignored }
      switch selection {
      case .store, .attempt: return .open(selection)
      case .section, .group:
        tree.toggle(selection)
        return .handled
      }
    case .up, "k":
      if tree.selection == nil || tree.selection == roots.first?.id {
        headerFocus = .title
        return .handled
      }
    default:
      break
    }
    return tree.handle(key, roots: roots) ? .handled : .ignored
  }

  private mutating func handleHeader(_ key: Key) -> Outcome {
    let items: [HeaderItem] = [.title] + StoreStatus.allCases.map { .chip($0) } + [.sort]
    let index = headerFocus.flatMap { items.firstIndex(of: $0) } ?? 0
    switch key {
    case .left, "h": headerFocus = items[max(0, index - 1)]
    case .right, "l": headerFocus = items[min(items.count - 1, index + 1)]
    case .down, "j", .escape: headerFocus = nil
    case .enter, .space:
      switch items[index] {
      case .title: return .toggleFullScreen
      case .chip(let status): statusFilter = statusFilter == status ? nil : status
      case .sort: sort = sort.next()
      }
    default:
      return handle(key)
    }
    return .handled
  }

  private mutating func handle(_ mouse: MouseEvent) -> Outcome {
    if mouse.isPrimaryPress, let item = headerHits.target(at: mouse.position) {
      switch item {
      case .title: return .toggleFullScreen
      case .chip(let status):
        statusFilter = statusFilter == status ? nil : status
        return .handled
      case .sort:
        sort = sort.next()
        return .handled
      }
    }
    guard tree.handle(mouse, roots: shown.roots) else { return .ignored }
    headerFocus = nil
    return .handled
  }

  // MARK: Layout

  /// Makes the tree again when the catalog, the filters, the sort, the marks or the width
  /// changed, or a label changed by itself; unfolds small groups seen for the first time.
  mutating func update(
    catalog: StoreCatalog, marks: [OperationPath: String], detailWidth: Int, now: Date,
    theme: DevtoolsTheme = DevtoolsTheme()
  ) {
    var epoch = shownInputs?.epoch ?? now
    if let next = shown.nextTransition, now >= next { epoch = now }
    // Sorted by path and unfiltered by state, a query's change leaves the tree as it is: its
    // row's columns are drawn from its record. Otherwise any change may move rows.
    let structural = sort.key == .path && statusFilter == nil
    let inputs = StoreTree.Inputs(
      revision: structural ? catalog.structureRevision : catalog.revision, filter: filter.text,
      status: statusFilter, sort: sort, marks: marks, detailWidth: detailWidth, epoch: epoch,
      theme: theme)
    guard inputs != shownInputs else {
      if countedRevision != catalog.revision {
        shown.updateCounts(catalog: catalog, now: now)
        countedRevision = catalog.revision
      }
      return
    }
    countedRevision = catalog.revision
    shown = StoreTree(catalog: catalog, inputs: inputs, now: now)
    shownInputs = inputs
    let filtering = statusFilter != nil || filter.isActive
    for (group, size) in shown.groupSizes where !seenGroups.contains(group) || filtering {
      if !filtering { seenGroups.insert(group) }
      if size <= 500 || filtering && size <= 2000 { tree.expand(group) }
    }
  }
}
