import Foundation
import Testing

@testable import PostsBrowser

/// Where `posts` finds the `--url` server's user and password, and the URL it keeps without
/// them.
@Suite struct ServerCredentialsTests {
  let url = URL(string: "http://me:p%40ss:word@example.com:8080/api?x=1")!

  @Test func theURLsOwnAreTakenOutOfIt() throws {
    let resolved = try ServerCredentials.resolve(url: url, file: nil, environment: [:])
    #expect(resolved.url.absoluteString == "http://example.com:8080/api?x=1")
    #expect(resolved.credentials == ServerCredentials(user: "me", password: "p@ss:word"))
    #expect(resolved.passwordInArguments == "p%40ss:word")
    #expect(resolved.credentials?.credential == .basic(username: "me", password: "p@ss:word"))
  }

  @Test func theEnvironmentServesAURLWithoutThem() throws {
    let bare = URL(string: "https://example.com")!
    let resolved = try ServerCredentials.resolve(
      url: bare, file: nil, environment: ["POSTS_CREDENTIALS": "you:se:cret"])
    #expect(
      resolved
        == .init(
          url: bare, credentials: ServerCredentials(user: "you", password: "se:cret"),
          passwordInArguments: nil))
    #expect(
      try ServerCredentials.resolve(
        url: url, file: nil, environment: ["POSTS_CREDENTIALS": "you:x"]
      ).credentials?.user == "me")
    #expect(throws: LaunchFailure("POSTS_CREDENTIALS must be user:password")) {
      try ServerCredentials.resolve(
        url: bare, file: nil, environment: ["POSTS_CREDENTIALS": "token"])
    }
    #expect(
      try ServerCredentials.resolve(url: bare, file: nil, environment: [:]) == .init(url: bare))
  }

  @Test func aPrivateFileComesFirst() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("credentials-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("credentials").path
    try Data("them:from-file\nignored\n".utf8).write(to: URL(fileURLWithPath: file))
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
    let resolved = try ServerCredentials.resolve(
      url: url, file: file, environment: ["POSTS_CREDENTIALS": "you:x"])
    #expect(resolved.credentials == ServerCredentials(user: "them", password: "from-file"))
    #expect(resolved.url.absoluteString == "http://example.com:8080/api?x=1")

    try Data("no colon\n".utf8).write(to: URL(fileURLWithPath: file))
    #expect(
      throws: LaunchFailure("--credentials-file \(file): expected user:password on its first line")
    ) {
      try ServerCredentials.resolve(url: url, file: file, environment: [:])
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o604], ofItemAtPath: file)
    #expect(
      throws: LaunchFailure(
        "--credentials-file: cannot use \(file): other users can read it (0604); chmod 600 it")
    ) {
      try ServerCredentials.resolve(url: url, file: file, environment: [:])
    }
  }

  @Test func aCredentialsFileNeedsAURL() {
    #expect(throws: (any Error).self) {
      try PostsBrowserOptions.command.parse(["--credentials-file", "/run/c"])
    }
    #expect(PostsBrowserOptions.command.help.contains("POSTS_CREDENTIALS"))
    #expect(PostsBrowserOptions.command.help.contains("--credentials-file FILE"))
  }
}
