import Foundation
import TetherAttach

/// `tether replay`: the devtools over a recording, with a time cursor.
enum ReplayCommand {
  static func run(_ options: ReplayOptions) async {
    let contents: Recording.Contents
    do {
      contents = try Recording.read(options.file)
    } catch {
      fail("\(error)")
    }
    let name = "\(contents.source) · \((options.file as NSString).lastPathComponent)"
    let replay = Replay(contents, name: name)
    await TerminalRun.run(
      DevtoolsScreen(source: replay.source, replay: replay), config: options.config)
  }
}
