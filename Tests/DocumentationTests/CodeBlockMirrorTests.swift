import Foundation
import Testing

/// Every Swift block of the README, the pages under `Docs/` and the DocC catalogs compiles as
/// written, imports included, because a test target compiles a copy of it: a mirror file in a
/// `Documentation/` (or `Articles/`) folder of the test target of the library it shows. These
/// tests keep the two from drifting apart: each block must appear in a mirror file with exactly
/// the block's imports and the rest of its lines in order (indentation aside, so that a block of
/// statements can sit in a function), and each mirror file that is not a file of tests must
/// still mirror a block.
///
/// A package manifest (a block that starts with `// swift-tools-version`) is the one kind of block
/// not mirrored: the test checks instead that the products it names exist.
@Suite struct CodeBlockMirrorTests {
  let blocks = try! DocumentationFiles.codeBlocks()
  let mirrors = try! DocumentationFiles.mirrors()

  @Test func everyBlockHasAMirrorWithItsImports() {
    #expect(!blocks.isEmpty)
    let missing = blocks.filter { block in
      !block.isManifest && !mirrors.contains { $0.mirrors(block) }
    }
    for block in missing {
      Issue.record(
        """
        \(block.location): no mirror in Tests/*/Documentation has this block's imports \
        (\(block.code.imports.joined(separator: ", "))) and its lines in order, from: \
        \(block.code.body.first ?? "")
        """)
    }
  }

  @Test func everyMirrorStillMirrorsABlock() {
    #expect(!mirrors.isEmpty)
    let unused = mirrors.filter { mirror in
      mirror.mustMirror && !blocks.contains { mirror.mirrors($0) }
    }
    for mirror in unused {
      Issue.record("\(mirror.path) mirrors no Swift block of the docs any more")
    }
  }

  @Test func everyManifestNamesProductsThatExist() throws {
    let manifest = try String(
      contentsOf: DocumentationFiles.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    for block in blocks where block.isManifest {
      for product in block.productNames {
        #expect(
          manifest.contains(".library(name: \"\(product)\""),
          "\(block.location) names \(product), which Package.swift does not offer")
      }
    }
  }

  @Test func theBlockReaderFindsImportsBodyAndManifests() {
    let code = SwiftCode(
      lines: [
        "import TetherCore", "#if canImport(FoundationNetworking)", "  import FoundationNetworking",
        "#endif", "", "let client = OperationClient()", "  // a comment",
      ])
    #expect(
      code.imports == [
        "import TetherCore", "#if canImport(FoundationNetworking)",
        "import FoundationNetworking", "#endif",
      ])
    #expect(code.body == ["let client = OperationClient()", "// a comment"])
    let wrapped = SwiftCode(
      lines: [
        "// A mirror.", "", "import TetherCore", "", "func example() {",
        "  let client = OperationClient()", "  // a comment", "}",
      ])
    #expect(wrapped.imports == ["import TetherCore"])
    #expect(wrapped.contains(code.body))
    #expect(!wrapped.contains(["// a comment", "let client = OperationClient()"]))
  }
}
