import EndToEndSupport
import Foundation
import Testing
import TetherAttach
import TetherDiagnostics
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
    let viewer = try InspectorConnection(path: inspector.socketPath)
    viewer.start()
    defer { viewer.close() }
    let deadline = Date().addingTimeInterval(10)
    while !viewer.faults.isAvailable && Date() < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    browser.loop.runUntilIdle()
    #expect(browser.text.contains("no faults"))
    try viewer.faults.apply(FaultPlan(failureRate: 0.5))
    // Only the inspector can wake the browser now: no request, key or timer is due.
    let woken = await browser.loop.waitForWork(orGiveUpAfter: .seconds(10))
    browser.loop.runUntilIdle()
    #expect(woken)
    #expect(browser.text.contains("fail 50% 500/503"))
    #expect(!browser.text.contains("no faults"))
  }
}
