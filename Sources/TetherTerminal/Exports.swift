// The package's one clock abstraction (`TetherClock`, `SystemClock`, `TestClock`) comes with
// TetherTerminal too: an app importing TetherCore and TetherTerminal sees one `SystemClock`.
@_exported import TetherTime
