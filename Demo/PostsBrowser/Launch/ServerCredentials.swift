import Foundation
import TetherHTTP
import TetherSystem

/// Who `posts` is to a `--url` server: a user name and a password, sent as Basic
/// authentication with every request and never kept in the URL, so that nothing that prints,
/// logs or stores the URL can leak them.
///
/// They come from, first to last: `--credentials-file FILE` (`user:password` on its first
/// line, a file only its owner may read), the URL's own `user:password@` (accepted, but every
/// user of the machine sees it in `ps` until `posts` has read it), or the environment variable
/// `POSTS_CREDENTIALS`, read once and then removed from the environment.
struct ServerCredentials: Equatable, Sendable {
  static let environmentVariable = "POSTS_CREDENTIALS"

  var user: String
  var password: String

  var credential: AuthenticationInterceptor.Credential {
    .basic(username: user, password: password)
  }

  /// What resolving found: the URL to use, without user or password, the credentials, and the
  /// password as the command line holds it (percent-encoded), to hide from `ps`.
  struct Resolved: Equatable {
    var url: URL
    var credentials: ServerCredentials?
    var passwordInArguments: String?
  }

  /// The credentials for `url` and the URL without them (see the type's documentation).
  static func resolve(
    url: URL, file: String?, environment: [String: String]
  ) throws(LaunchFailure) -> Resolved {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      return Resolved(url: url)
    }
    let fromURL = components.user.map {
      ServerCredentials(user: $0, password: components.password ?? "")
    }
    let passwordInArguments = components.percentEncodedPassword
    components.user = nil
    components.password = nil
    let bare = components.url ?? url
    if let file {
      let text: String
      do {
        text = try PrivateFile.readSecret(file)
      } catch {
        throw LaunchFailure("--credentials-file: \(error)")
      }
      let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
      guard let credentials = ServerCredentials(line) else {
        throw LaunchFailure("--credentials-file \(file): expected user:password on its first line")
      }
      return Resolved(url: bare, credentials: credentials, passwordInArguments: passwordInArguments)
    }
    if let fromURL {
      return Resolved(url: bare, credentials: fromURL, passwordInArguments: passwordInArguments)
    }
    if let text = environment[environmentVariable], !text.isEmpty {
      guard let credentials = ServerCredentials(text) else {
        throw LaunchFailure("\(environmentVariable) must be user:password")
      }
      return Resolved(url: bare, credentials: credentials)
    }
    return Resolved(url: bare)
  }
}

extension ServerCredentials.Resolved {
  init(url: URL) {
    self.init(url: url, credentials: nil, passwordInArguments: nil)
  }
}

extension ServerCredentials {
  /// `user:password`; the first colon separates them (a password may hold colons); nil
  /// without a colon.
  init?(_ text: String) {
    guard let colon = text.firstIndex(of: ":") else { return nil }
    user = String(text[..<colon])
    password = String(text[text.index(after: colon)...])
  }
}

/// Why `posts` cannot start, in one line.
struct LaunchFailure: Error, Equatable, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}
