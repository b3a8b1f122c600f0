import Foundation

/// The package's documentation and the mirror files of its Swift blocks, read from the checkout.
enum DocumentationFiles {
  /// The package's root: this file is `Tests/DocumentationTests/DocumentationFiles.swift`.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The markdown a reader sees: the README, the pages under `Docs/` and every DocC catalog's.
  static func markdownFiles() -> [String] {
    var paths = ["README.md", "Benchmarks.md", "CHANGELOG.md"].filter(exists)
    paths += files(under: "Docs", ending: ".md")
    paths += files(under: "Sources", ending: ".md").filter { $0.contains(".docc/") }
    return paths
  }

  /// Every fenced `swift` block of every markdown file.
  static func codeBlocks() throws -> [CodeBlock] {
    try markdownFiles().flatMap { path in
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      return CodeBlock.blocks(in: text, path: path)
    }
  }

  /// Every Swift file of the tests, and of the template app the README shows as it is: a block
  /// may be mirrored by the tests of what it shows, or be a file of `terminal-sample`.
  static func mirrors() throws -> [MirrorFile] {
    let tests = files(under: "Tests", ending: ".swift").filter {
      !$0.hasPrefix("Tests/DocumentationTests/")
    }
    return try (tests + files(under: "Demo/TerminalSample", ending: ".swift")).map { path in
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      return MirrorFile(path: path, code: SwiftCode(lines: text.lines))
    }
  }

  private static func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
  }

  private static func files(under folder: String, ending suffix: String) -> [String] {
    let base = root.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
    return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }.sorted().map {
      "\(folder)/\($0)"
    }
  }
}

/// A fenced `swift` block of a markdown file.
struct CodeBlock {
  /// The file and line of the block's opening fence, for messages.
  let location: String
  let code: SwiftCode

  /// A package manifest, shown to say how to depend on Tether, compiled by no test.
  var isManifest: Bool {
    code.lines.first { !$0.isEmpty }?.hasPrefix("// swift-tools-version") == true
  }

  /// The products a manifest depends on: `.product(name: "X", …)`.
  var productNames: [String] {
    code.lines.flatMap { line in
      line.components(separatedBy: ".product(name: \"").dropFirst().compactMap {
        $0.split(separator: "\"").first.map(String.init)
      }
    }
  }

  static func blocks(in text: String, path: String) -> [CodeBlock] {
    var blocks: [CodeBlock] = []
    var open: (line: Int, lines: [String])?
    for (index, line) in text.lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if var block = open {
        if trimmed == "```" {
          blocks.append(
            CodeBlock(location: "\(path):\(block.line)", code: SwiftCode(lines: block.lines)))
          open = nil
        } else {
          block.lines.append(line)
          open = block
        }
      } else if trimmed == "```swift" {
        open = (index + 1, [])
      }
    }
    return blocks
  }
}

/// A mirror file of a test target, compiled with the tests.
struct MirrorFile {
  let path: String
  let code: SwiftCode

  /// A file of a `Documentation/` folder that is not a file of tests (`…Tests.swift`) is there
  /// to mirror a block; any other file may mirror blocks too, but need not.
  var mustMirror: Bool { path.contains("/Documentation/") && !path.hasSuffix("Tests.swift") }

  /// Whether this file holds the block as written: the block's imports (and at most
  /// `import Testing` besides, which a file of tests needs), and the block's other lines in
  /// order and next to each other.
  func mirrors(_ block: CodeBlock) -> Bool {
    !block.isManifest
      && code.imports.filter { $0 != "import Testing" || block.code.imports.contains($0) }
        == block.code.imports
      && code.contains(block.code.body)
  }
}

/// Swift source as its lines, split into its imports and the rest.
struct SwiftCode {
  /// The lines, trimmed of surrounding whitespace.
  let lines: [String]
  /// The leading `import` lines (with `#if canImport` around them), after any leading comments.
  let imports: [String]
  /// The lines after the imports, blank lines left out.
  let body: [String]

  init(lines raw: [String]) {
    lines = raw.map { $0.trimmingCharacters(in: .whitespaces) }
    var rest = lines[...].drop { $0.isEmpty || $0.hasPrefix("//") }
    var imports: [String] = []
    while let line = rest.first, line.isEmpty || Self.isImport(line) {
      if !line.isEmpty { imports.append(line) }
      rest = rest.dropFirst()
    }
    self.imports = imports
    body = rest.filter { !$0.isEmpty }
  }

  /// Whether `lines` appear in the body in order, next to each other.
  func contains(_ lines: [String]) -> Bool {
    guard !lines.isEmpty else { return true }
    guard lines.count <= body.count else { return false }
    return (0...(body.count - lines.count)).contains { start in
      body[start..<(start + lines.count)].elementsEqual(lines)
    }
  }

  private static func isImport(_ line: String) -> Bool {
    line.hasPrefix("import ") || line.hasPrefix("@testable import ")
      || line.hasPrefix("#if canImport(") || line == "#endif"
  }
}

extension String {
  fileprivate var lines: [String] { components(separatedBy: "\n") }
}
