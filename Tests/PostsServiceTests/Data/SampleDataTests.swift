import Testing

@testable import PostsService

@Suite("Sample data")
struct SampleDataTests {
  let data = SampleData.generate()

  @Test func has251PostsWithConsecutiveIDs() {
    #expect(data.posts.map(\.id) == Array(1...251))
    #expect(
      data.posts.allSatisfy {
        !$0.title.isEmpty && !$0.body.isEmpty && (2...3).contains($0.tags.count)
      })
  }

  @Test func isTheSameEveryTime() {
    let again = SampleData.generate()
    #expect(again.posts == data.posts)
    #expect(again.users == data.users)
    #expect(again.comments == data.comments)
  }

  @Test func everyUserWritesAndEveryAuthorExists() {
    let userIDs = Set(data.users.map(\.id))
    #expect(Set(data.posts.map(\.userId)) == userIDs)
    #expect(data.comments.allSatisfy { userIDs.contains($0.user.id) })
  }

  @Test func aShareOfPostsCarriesAccentsWideCharactersAndEmoji() {
    func share(_ predicate: (Unicode.Scalar) -> Bool) -> Int {
      data.posts.filter { ($0.title + $0.body).unicodeScalars.contains(where: predicate) }.count
    }
    let accented = share { (0xC0...0x24F).contains($0.value) || $0.value == 0x301 }
    let wide = share {
      (0x3040...0x9FFF).contains($0.value) || (0xAC00...0xD7AF).contains($0.value)
    }
    let emoji = share { $0.properties.isEmojiPresentation }
    #expect(accented >= 20 && wide >= 20 && emoji >= 20)
    let special = data.posts.filter { !($0.title + $0.body).unicodeScalars.allSatisfy(\.isASCII) }
    #expect((50...90).contains(special.count))
  }

  @Test func onePostCarriesATerminalEscapeSequence() {
    let withEscape = data.posts.filter { $0.body.contains("\u{1B}[") }
    #expect(withEscape.map(\.id) == [SampleData.postWithControlCharacters])
  }
}
