import Foundation
import TetherDiagnostics
import TetherJSON

/// The service's starting data: 251 posts, the 100 users they name, and comments on them.
///
/// Generated from a fixed seed, so every server starts with exactly the same data (fault
/// injection has its own seed). About a quarter of the posts carry accented, CJK or emoji text;
/// post 173's body contains a terminal escape sequence and a tab.
enum SampleData {
  static let postCount = 251
  static let userCount = 100
  static let postWithControlCharacters = 173

  static func generate() -> PostsData {
    var random = SeededRandom(seed: 0x5EED_0251)
    let users = (1...userCount).map { makeUser(id: $0, random: &random) }
    // Every user writes at least one post: the first 100 posts go to the users in shuffled order.
    let authorOrder = random.distinctElements(userCount, of: Array(1...userCount))
    let posts = (1...postCount).map { id in
      let author = id <= userCount ? authorOrder[id - 1] : random.integer(in: 1...userCount)
      return makePost(id: id, userId: author, random: &random)
    }
    var comments: [Comment] = []
    for post in posts {
      for _ in 0..<random.integer(in: 0...4) {
        let author = users[random.integer(in: 0...(users.count - 1))]
        comments.append(
          Comment(
            id: comments.count + 1, body: random.element(of: SampleVocabulary.commentBodies),
            postId: post.id, likes: random.integer(in: 0...10), user: Comment.Author(author)))
      }
    }
    return PostsData(posts: posts, users: users, comments: comments)
  }

  private static func makePost(id: Int, userId: Int, random: inout SeededRandom) -> Post {
    typealias Words = SampleVocabulary
    var title = fill(random.element(of: Words.titleTemplates), random: &random)
    var sentences = (0..<random.integer(in: 3...5)).map { _ in
      fill(random.element(of: Words.sentenceTemplates), random: &random)
    }
    let special: (titles: [String], sentences: [String])? =
      switch id % 12 {
      case 4: (Words.accentedTitles, Words.accentedSentences)
      case 8: (Words.wideTitles, Words.wideSentences)
      case 11: (Words.emojiTitles, Words.emojiSentences)
      default: nil
      }
    if let special {
      title = random.element(of: special.titles)
      sentences.insert(random.element(of: special.sentences), at: 1)
    }
    if id == postWithControlCharacters {
      sentences.append(Words.controlCharacterSentence)
    }
    let likes = random.integer(in: 0...1500)
    return Post(
      id: id, title: title, body: sentences.joined(separator: " "),
      tags: random.distinctElements(random.integer(in: 2...3), of: Words.tags),
      reactions: Post.Reactions(likes: likes, dislikes: random.integer(in: 0...(likes / 4 + 5))),
      views: random.integer(in: 0...5000), userId: userId)
  }

  private static func makeUser(id: Int, random: inout SeededRandom) -> User {
    let firstName = random.element(of: SampleVocabulary.firstNames)
    let lastName = random.element(of: SampleVocabulary.lastNames)
    let asciiName = firstName.decomposedStringWithCanonicalMapping.unicodeScalars
      .filter { $0.isASCII && $0.properties.isAlphabetic }
      .map { Character($0).lowercased() }.joined()
    let username = (asciiName.isEmpty ? "user" : asciiName) + String(id)
    let age = random.integer(in: 18...70)
    let month = random.integer(in: 1...12)
    let day = random.integer(in: 1...28)
    let maidenName =
      random.integer(in: 0...3) == 0 ? random.element(of: SampleVocabulary.lastNames) : ""
    let phone = "+1 555-\(random.integer(in: 100...999))-\(random.integer(in: 1000...9999))"
    // dummyjson's first fields, in its order.
    return User(
      id: id, firstName: firstName, lastName: lastName, email: "\(username)@x.dummyjson.com",
      username: username,
      extraFields: [
        ("maidenName", .string(maidenName)), ("age", .number(JSONNumber(age))),
        ("gender", .string(id.isMultiple(of: 2) ? "male" : "female")),
      ],
      laterFields: [
        ("phone", .string(phone)), ("birthDate", .string("\(2025 - age)-\(month)-\(day)")),
        ("image", .string("https://dummyjson.com/icon/\(username)/128")),
      ])
  }

  /// Replaces `{adjective}`, `{noun}`, `{place}`, `{verb}`, `{verbed}`, `{time}` and `{name}`.
  private static func fill(_ template: String, random: inout SeededRandom) -> String {
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      result += rest[..<open]
      let placeholder = rest[rest.index(after: open)..<close]
      let verb = random.element(of: SampleVocabulary.verbs)
      let word: String =
        switch placeholder {
        case "adjective": random.element(of: SampleVocabulary.adjectives)
        case "noun": random.element(of: SampleVocabulary.nouns)
        case "place": random.element(of: SampleVocabulary.places)
        case "verb": verb.0
        case "verbed": verb.1
        case "time": random.element(of: SampleVocabulary.times)
        case "name": random.element(of: SampleVocabulary.names)
        default: String(placeholder)
        }
      result += word
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }
}
