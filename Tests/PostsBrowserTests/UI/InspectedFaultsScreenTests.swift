import EndToEndSupport
import Foundation
import Glibc
import Testing
import TetherInspector
import TetherSystem

@testable import PostsBrowser

/// A viewer attached with `tether attach` changes the browser's faults: its status bar shows
/// them at once, with nothing else happening in the browser.
@Suite(.onOwnThread) struct InspectedFaultsScreenTests {
  @Test func aViewerSettingFaultsRedrawsTheStatusBarAtOnce() async throws {
    let browser = try BrowserHarness()
    await browser.settle()
    let folder = try PrivateDirectory.makeTemporary(in: "/tmp", prefix: "posts-inspector-tests-")
    defer { _ = system("rm -rf '\(folder)'") }
    var options = InspectorOptions()
    options.folder = folder
    let inspector = try browser.app.startInspector(options: options)
    defer { inspector.stop() }
    browser.loop.runUntilIdle()
    #expect(browser.text.contains("no faults"))
    // The viewer's lines, written straight to the socket (as `tether attach` sends them).
    let viewer = try LocalSocket.connect(to: inspector.socketPath)
    defer { close(viewer) }
    let lines =
      #"{"type":"hello","protocol":1}"# + "\n"
      + #"{"type":"command","id":1,"command":"setFaults","plan":{"failureRate":0.5}}"# + "\n"
    #expect(
      lines.utf8.count
        == Array(lines.utf8).withUnsafeBytes { send(viewer, $0.baseAddress, $0.count, 0) })
    // Only the inspector can wake the browser now: no request, key or timer is due.
    let woken = await browser.loop.waitForWork(orGiveUpAfter: .seconds(60))
    browser.loop.runUntilIdle()
    #expect(woken)
    #expect(browser.text.contains("fail 50% 500/503"))
    #expect(!browser.text.contains("no faults"))
  }
}
