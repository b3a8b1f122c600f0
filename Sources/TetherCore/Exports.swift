// The package's one clock abstraction (`TetherClock`, `SystemClock`, `TestClock`) comes with
// TetherCore, so `import TetherCore` is all an app or a test needs.
@_exported import TetherTime
