import Foundation
import TetherTerminal

/// The time every widget test draws at.
let testEpoch = Date(timeIntervalSinceReferenceDate: 0)

/// Draws with `body` into a frame of `size` and shows it on a fresh virtual screen.
func draw(
  _ width: Int, _ height: Int, now: Date = testEpoch, _ body: (inout Frame) -> Void
) -> (screen: VirtualScreen, frame: Frame) {
  var frame = Frame(size: Size(width: width, height: height), now: now)
  body(&frame)
  let screen = VirtualScreen(size: frame.bounds.size)
  var canvas = frame.canvas
  screen.present(&canvas)
  return (screen, frame)
}

/// Only the screen of ``draw(_:_:now:_:)``.
func screen(_ width: Int, _ height: Int, now: Date = testEpoch, _ body: (inout Frame) -> Void)
  -> VirtualScreen
{
  draw(width, height, now: now, body).screen
}
