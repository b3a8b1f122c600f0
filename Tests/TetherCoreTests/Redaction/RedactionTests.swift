import Testing
import TetherCore

@Suite struct RedactionTests {
  let redaction = Redaction.standard

  @Test func masksCredentialHeaders() {
    #expect(redaction.header(name: "authorization", value: "Basic x") == Redaction.mask)
    #expect(redaction.header(name: "X-Api-Key", value: "k") == Redaction.mask)
    #expect(redaction.header(name: "X-Session-Id", value: "k") == Redaction.mask)
    #expect(redaction.header(name: "Accept", value: "json") == "json")
  }

  @Test func removesUserInfoAndMasksSecretQueryItems() {
    #expect(
      redaction.url("https://me:pw@x.dev/a?api_key=1&author=emily&password=2#top")
        == "https://x.dev/a?api_key=<redacted>&author=emily&password=<redacted>#top")
    #expect(redaction.url("http://me:p@ss@x.dev:8080") == "http://x.dev:8080")
    #expect(redaction.url("http://:token@127.0.0.1:1/posts") == "http://127.0.0.1:1/posts")
    // An @ after the host is not user info.
    #expect(redaction.url("https://x.dev?email=a@b.c") == "https://x.dev?email=a@b.c")
    #expect(
      redaction.url("https://x.dev/@me?key=1&monkey=2")
        == "https://x.dev/@me?key=<redacted>&monkey=2")
    #expect(redaction.url("/posts?access%5Ftoken=1") == "/posts?access%5Ftoken=<redacted>")
  }

  @Test func extraNamesAddToTheStandardOnes() {
    let custom = Redaction(hidingHeaders: ["X-Tenant"], names: ["Sig2"])
    #expect(custom.header(name: "x-tenant", value: "t") == Redaction.mask)
    #expect(custom.url("/a?SIG2=1&token=2") == "/a?SIG2=<redacted>&token=<redacted>")
    #expect(redaction.url("/a?sig2=1") == "/a?sig2=1")
  }

  @Test func redactsEveryURLInText() {
    #expect(
      redaction.text("cannot reach http://user:secret@host:8080/api: refused, and ftp://a:b@c")
        == "cannot reach http://host:8080/api: refused, and ftp://c")
    #expect(
      redaction.text(#"see "https://u:p@x.dev/?token=t" or <https://y.dev/?q=1>"#)
        == #"see "https://x.dev/?token=<redacted>" or <https://y.dev/?q=1>"#)
    #expect(redaction.text("nothing to see") == "nothing to see")
  }

  @Test func masksSecretStringsInJSONBodies() {
    let body = #"{"refreshToken": "a\"b", "user": {"password":"x", "name": "tok"}, "token": 5}"#
    #expect(
      redaction.body(body)
        == #"{"refreshToken": "<redacted>", "user": {"password":"<redacted>", "name": "tok"}, "token": 5}"#
    )
    #expect(redaction.body("no json here") == "no json here")
    #expect(redaction.body(#"{"token": "unterminated"#) == #"{"token": "unterminated"#)
    #expect(
      redaction.body(#"{"server": "https://me:pw@x.dev/"}"#) == #"{"server": "https://x.dev/"}"#)
  }
}
