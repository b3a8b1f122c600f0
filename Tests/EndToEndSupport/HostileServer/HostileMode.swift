/// What a ``HostileServer`` does wrong, for every request (its ``HostileServer/mode``) or for
/// one (a path under `/hostile/<mode>/`, e.g. `/hostile/too-deep/posts/1`).
///
/// The JSON faults answer in the shape the path asks for — `/posts` a page of posts,
/// `/posts/<id>` a post, `/users/<id>` a user — so an app that decodes those types meets each
/// fault where it would in real life.
public enum HostileMode: String, Sendable, CaseIterable {
  /// Answers like a small dummyjson-compatible service (30 posts, their users), plus the test
  /// routes (`/echo`, `/redirect/…`, `/encoded/…`, `/chunked`, `/cookies/…`, `/status/<code>`,
  /// `/hostile-message/<code>/…` (a message full of escape sequences), `/bytes`, `/drip`).
  case wellBehaved = "well-behaved"
  /// 513 `[`: one level past the depth at which Foundation's JSON parser traps.
  case tooDeep = "too-deep"
  /// 512 nested arrays in exactly 1 KiB (`[[[…]]]`), which parsers may handle in cubic time.
  case nested
  /// The right document cut in half, with a Content-Length that matches the cut.
  case truncated
  /// Well-formed JSON of the wrong shape: strings where numbers belong, a string for a list.
  case wrongShape = "wrong-shape"
  /// A title of 10 MB.
  case hugeTitle = "huge-title"
  /// 100,000 elements: a page of 100,000 posts, a post with 100,000 tags.
  case hugeArray = "huge-array"
  /// NUL, escape sequences (`ESC[2J`), C1 controls and bidirectional overrides in strings,
  /// written as valid JSON escapes: they decode, and must never reach a terminal raw.
  case controlCharacters = "control-characters"
  /// Raw bytes that are not UTF-8 (`FF FE`, a lone continuation byte) and a raw NUL inside
  /// strings.
  case invalidUTF8 = "invalid-utf8"
  /// Sends the headers and part of the body, then resets the connection (TCP RST).
  case resetMidBody = "reset-mid-body"
  /// Accepts the connection, reads the request and never answers.
  case neverAnswer = "never-answer"
  /// Sends the body one byte per ``HostileServer/dripInterval``.
  case slowDrip = "slow-drip"
  /// A chunked body of 33 MiB (over a 32 MiB cap), with no Content-Length to refuse early.
  case overCap = "over-cap"
  /// `401 Unauthorized` with `WWW-Authenticate: Basic realm="tether"`, as nginx `auth_basic`.
  case basicChallenge = "basic-challenge"
}
