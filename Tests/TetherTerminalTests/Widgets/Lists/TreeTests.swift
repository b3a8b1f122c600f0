import Testing

@testable import TetherTerminal

@Suite struct TreeTests {
  /// post ▸ 2, 12 (with title and body), 251; user ▸ 7.
  let roots: [TreeNode<String>] = [
    TreeNode(
      "post", ListItem("post", detail: "3"),
      children: [
        TreeNode("post/2", "2"),
        TreeNode(
          "post/12", "12",
          children: [TreeNode("post/12/title", "title"), TreeNode("post/12/body", "body")]),
        TreeNode("post/251", "251"),
      ]),
    TreeNode("user", ListItem("user", detail: "1"), children: [TreeNode("user/7", "7")]),
  ]

  private func render(
    _ state: inout TreeState<String>, roots: [TreeNode<String>]? = nil, height: Int = 8
  )
    -> VirtualScreen
  {
    screen(24, height) { frame in
      Tree(roots: roots ?? self.roots).render(in: frame.bounds, into: &frame, state: &state)
    }
  }

  @Test func foldedRootsShowTheirMarkers() {
    var state = TreeState<String>()
    let shown = render(&state)
    #expect(
      shown.lines == [
        "▸ post                 3", "▸ user                 1", "", "", "", "", "", "",
      ])
    #expect(state.selection == "post")
    #expect(shown.style(at: Point(x: 20, y: 0)) == .reverse)
  }

  @Test func unfoldedBranchesDrawIndentationGuides() {
    var state = TreeState<String>(expanded: ["post", "post/12"])
    let shown = render(&state)
    #expect(
      shown.lines == [
        "▾ post                 3",
        "├── 2",
        "├─▾ 12",
        "│ ├── title",
        "│ └── body",
        "└── 251",
        "▸ user                 1",
        "",
      ])
    #expect(shown.style(at: Point(x: 0, y: 1)) == .dim)
  }

  @Test func keysMoveFoldAndUnfold() {
    var state = TreeState<String>()
    _ = render(&state)
    #expect(state.handle(.right, roots: roots) == true)  // unfold post
    #expect(state.isExpanded("post"))
    #expect(state.handle("l", roots: roots) == true)  // into its first child
    #expect(state.selection == "post/2")
    #expect(state.handle("l", roots: roots) == false)  // a leaf: the app may use →/l
    #expect(state.handle("j", roots: roots) == true)
    #expect(state.selection == "post/12")
    #expect(state.handle(.space, roots: roots) == true)
    #expect(state.isExpanded("post/12"))
    #expect(state.handle("j", roots: roots) == true)
    #expect(state.selection == "post/12/title")
    #expect(state.handle("h", roots: roots) == true)  // a leaf: out to its parent
    #expect(state.selection == "post/12")
    #expect(state.handle("h", roots: roots) == true)  // unfolded: fold
    #expect(!state.isExpanded("post/12"))
    #expect(state.handle("G", roots: roots) == true)
    #expect(state.selection == "user")
    #expect(state.handle(.left, roots: roots) == false)  // a folded root
    #expect(state.handle("g", roots: roots) == true)
    #expect(state.selection == "post")
    #expect(state.handle("x", roots: roots) == false)
  }

  @Test func theSelectionFollowsItsNodeWhenNodesComeAndGo() {
    var state = TreeState<String>(expanded: ["post"], selection: "post/251")
    _ = render(&state)
    var grown = roots
    grown[0].children.insert(TreeNode("post/1", "1"), at: 0)
    let shown = render(&state, roots: grown)
    #expect(state.selection == "post/251")
    #expect(shown.style(at: Point(x: 4, y: 4)) == .reverse)
    // When its node goes, the selection stays on the row it was on.
    var shrunk = grown
    shrunk[0].children.removeLast()
    _ = render(&state, roots: shrunk)
    #expect(state.selection == "user")
  }

  @Test func clicksSelectAndTheMarkerToggles() {
    var state = TreeState<String>(expanded: ["post"])
    _ = render(&state)
    #expect(state.node(at: Point(x: 6, y: 2)) == "post/12")
    #expect(state.handle(MouseEvent(.press(.left), at: Point(x: 6, y: 2)), roots: roots) == true)
    #expect(state.selection == "post/12")
    #expect(!state.isExpanded("post/12"))
    #expect(state.handle(MouseEvent(.press(.left), at: Point(x: 2, y: 2)), roots: roots) == true)
    #expect(state.isExpanded("post/12"))
    #expect(state.node(at: Point(x: 2, y: 7)) == nil)
  }

  @Test func onlyVisibleRowsAreDrawnAndTheViewScrollsToTheSelection() {
    let many = [
      TreeNode(
        "root", "root", children: (0..<1000).map { TreeNode("\($0)", ListItem("node \($0)")) })
    ]
    var state = TreeState<String>(expanded: ["root"])
    _ = render(&state, roots: many, height: 4)
    #expect(state.handle("G", roots: many) == true)
    let shown = render(&state, roots: many, height: 4)
    #expect(shown.lines.last == "└── node 999")
    #expect(state.scroll.offset == 997)
    #expect(state.scroll.contentLength == 1001)
    var all = TreeState<String>()
    all.expandAll(many)
    #expect(all.isExpanded("root"))
    all.collapseAll()
    #expect(!all.isExpanded("root"))
  }

  @Test func anEmptyTreeShowsItsMessage() {
    var state = TreeState<String>()
    let shown = screen(20, 2) { frame in
      Tree(roots: [TreeNode<String>](), emptyMessage: "No stores").render(
        in: frame.bounds, into: &frame, state: &state)
    }
    #expect(shown.lines[0] == "No stores")
    #expect(state.handle("j", roots: []) == false)
  }
}
